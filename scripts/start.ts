// `npm start`: runs Vigil in Electron where its runtime exists.
import { spawnSync } from 'node:child_process';
import { electronExecutable } from './electron-runtime.ts';

if (!electronExecutable()) {
  console.error(
    'Vigil cannot start here: the Electron runtime is not installed on this machine (install it with `npx install-electron` where its download is reachable).',
  );
  process.exit(1);
}
const result = spawnSync('electron-vite', ['preview'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
