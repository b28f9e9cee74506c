// Runs one command as a step of a larger script: own process group, hard timeout, exit status back.
import { spawn } from 'node:child_process';

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  timedOut: boolean;
}

export interface StepOptions {
  /**
   * `inherit` streams the output as it comes; `held` keeps it and prints it in one block when the step ends, so
   * steps that run side by side do not interleave their lines.
   */
  output?: 'inherit' | 'held';
}

export function runStep(name: string, command: string, args: string[], timeoutMs: number, { output = 'inherit' }: StepOptions = {}): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: output === 'held' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${name} did not finish within ${timeoutMs / 1000} s; stopping it.`);
      killTree(child.pid);
    }, timeoutMs);
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (held.length > 0) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(held).toString()}`);
      resolve({ name, ok: ok && !timedOut, timedOut, seconds: (performance.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      console.error(`${name}: could not start ${command}: ${error.message}`);
      finish(false);
    });
    // `close`, not `exit`: held output is complete only once the pipes have closed.
    child.on('close', (code) => finish(code === 0));
  });
}

function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
