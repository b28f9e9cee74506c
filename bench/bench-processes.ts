// The child processes the benchmarks start: the loopback http and flapping targets, helper scripts that print one JSON line, and
// the benchmark itself again with the service's heap flags.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { TargetMode } from './http-target.ts';

export interface HttpTarget {
  port: number;
  setMode(mode: TargetMode): void;
  /** Connections accepted and requests answered since the target started. */
  counts(): Promise<{ connections: number; requests: number }>;
  stop(): void;
}

/** The loopback target (http-target.ts) in its own process. */
export async function startTarget(mode: TargetMode = 'keep-alive'): Promise<HttpTarget> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'http-target.ts'), mode], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done === true) throw new Error('the http target exited');
    return line.value;
  };
  const port = Number(await nextLine());
  return {
    port,
    setMode: (next) => child.stdin.write(`${next}\n`),
    counts: async () => {
      child.stdin.write('count\n');
      return JSON.parse(await nextLine()) as { connections: number; requests: number };
    },
    stop: () => child.stdin.end(),
  };
}

/** A port that accepts connections for `halfPeriodMs`, then refuses them as long, in turn (flapping-target.ts). */
export async function startFlappingTarget(halfPeriodMs: number): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'flapping-target.ts'), String(halfPeriodMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (line.done === true) throw new Error('the flapping target exited');
  return { port: Number(line.value), stop: () => child.stdin.end() };
}

/** Runs bench/<script> with the arguments and resolves with the one JSON line it prints on success. */
export function runJsonChild<T>(script: string, args: readonly string[]): Promise<T> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // 'close', not 'exit': the process may exit before its stdout has been read to the end.
  return new Promise((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited ${code}`)))));
}

/** The service runs with V8's heap capped (docs/service.md, "Memory"); so do the benchmarks that run it in-process. */
const serviceHeapFlags = ['--max-semi-space-size=8', '--max-old-space-size=192'];

export const hasServiceHeapFlags = (): boolean => serviceHeapFlags.every((flag) => process.execArgv.includes(flag));

/**
 * Runs `npm run bench -- <bench> [args]` again in a process with the service's heap flags (and `extraFlags`);
 * resolves whether its targets were met.
 */
export function rerunWithServiceHeapFlags(bench: string, args: readonly string[] = [], extraFlags: readonly string[] = []): Promise<boolean> {
  const flags = [...serviceHeapFlags, ...extraFlags, ...process.execArgv];
  const child = spawn(process.execPath, [...flags, path.join(import.meta.dirname, 'run.ts'), bench, ...args], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
}
