// Runs `vigil service` as a real child process, as a user would, and reads the base URL it prints.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { testBundleDir } from '../node-build.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 20_000;

export interface ServiceProcess {
  apiUrl: string;
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** The command line as `npm run vigil` runs it: the Node bundle, built for the tests (test/node-build.ts). */
export const vigilEntry = path.join(testBundleDir, 'vigil.js');

/** Runs `node <the bundle> <args>` from the repo root with this test's Node (24). */
export function runVigil(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  const child = spawn(process.execPath, [vigilEntry, ...args], { cwd: repoRoot, env: { ...process.env, ...options.env } });
  child.stdin.end(options.input ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  void exited.then(() => clearTimeout(killer));
  return { child, exited };
}

/** `port`: 0 (any free one) unless given; `usual` passes no --port, so the service takes its usual one. */
export async function startServiceProcess(dataDir: string, extraArgs: string[] = [], port: number | 'usual' = 0): Promise<ServiceProcess> {
  const portArgs = port === 'usual' ? [] : ['--port', String(port)];
  const child = spawn(process.execPath, [vigilEntry, 'service', ...portArgs, '--data-dir', dataDir, ...extraArgs], { cwd: repoRoot });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const apiUrl = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vigil service printed no URL within ${startTimeoutMs} ms: ${stderr}`));
    }, startTimeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l, i, all) => i < all.length - 1 && l.length > 0);
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`vigil service exited (${code}) before printing its URL: ${stderr}`));
    });
  });
  return { apiUrl, child, stderr: () => stderr, exited };
}

/** Creates something (`what`: monitors, heartbeats, …) straight on a running service, as another user of it would; answers its reply. */
export function createOnService(service: Pick<ServiceProcess, 'apiUrl'>, token: string, what: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${service.apiUrl}/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A token for the service of that data dir, as `vigil token` prints it. */
export async function tokenFor(dataDir: string): Promise<string> {
  const { code, stdout, stderr } = await runVigil(['token', '--data-dir', dataDir]).exited;
  if (code !== 0) throw new Error(`vigil token failed: ${stderr}`);
  return stdout.trim();
}
