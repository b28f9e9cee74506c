// `npm start`: runs Vigil in Electron where its runtime exists; elsewhere (a machine without the Electron binary)
// it says so in one sentence and runs the same app in browser mode instead.
import { spawnSync } from 'node:child_process';
import { electronExecutable } from './electron-runtime.ts';

const shell = process.platform === 'win32';
if (electronExecutable()) {
  process.exit(spawnSync('electron-vite', ['preview'], { stdio: 'inherit', shell }).status ?? 1);
}
console.error('The Electron runtime is not installed on this machine, so Vigil starts in browser mode: open the address it prints.');
// The same heap settings as `npm run vigil`, since this process also hosts the core.
const web = spawnSync('node', ['--max-semi-space-size=8', '--max-old-space-size=192', 'scripts/vigil.ts', 'web'], { stdio: 'inherit', shell });
process.exit(web.status ?? 1);
