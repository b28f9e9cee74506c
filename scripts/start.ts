// `npm start`: runs Vigil in Electron where its runtime exists; elsewhere (a machine without the Electron binary)
// it says so in one sentence and runs the same app in browser mode instead. Where the system can, this process
// becomes the app (`execve`) rather than waiting on it as a parent: one process fewer at rest, the same Ctrl-C and
// exit code. Windows has no such call, so there it runs the app and passes on its exit code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { electronExecutable } from './electron-runtime.ts';
import { vigilNodeArgs } from './vigil-node-args.ts';

/** Becomes `command` with `args`, or runs it and exits with its code where a process cannot become another. */
function handOver(command: string, args: string[]): never {
  if (process.platform !== 'win32') process.execve?.(command, [command, ...args], process.env);
  process.exit(spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1);
}

if (electronExecutable()) handOver(path.resolve('node_modules/.bin/electron-vite'), ['preview']);
console.error('The Electron runtime is not installed on this machine, so Vigil starts in browser mode: open the address it prints.');
// `npm run vigil -- web`, flags and all, since this process becomes the core.
handOver(process.execPath, [...vigilNodeArgs(path.resolve(import.meta.dirname, '..')), 'web']);
