// Runs one command as a step of a larger script: own process group, hard timeout, exit status back.
import { spawn } from 'node:child_process';

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  timedOut: boolean;
}

export function runStep(name: string, command: string, args: string[], timeoutMs: number): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: process.platform !== 'win32', shell: process.platform === 'win32' });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${name} did not finish within ${timeoutMs / 1000} s; stopping it.`);
      killTree(child.pid);
    }, timeoutMs);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      resolve({ name, ok: ok && !timedOut, timedOut, seconds: (performance.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      console.error(`${name}: could not start ${command}: ${error.message}`);
      finish(false);
    });
    child.on('exit', (code) => finish(code === 0));
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
