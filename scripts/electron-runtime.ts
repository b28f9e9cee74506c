// Whether the Electron binary is present, decided without `require('electron')`: in Electron 45 that call
// downloads the binary when it is missing, which must never happen implicitly (and cannot on CI machines).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function electronExecutable(): string | undefined {
  const packageJson = createRequire(import.meta.url).resolve('electron/package.json');
  const packageDir = path.dirname(packageJson);
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist');
  const executable = path.join(distDir, relative);
  return existsSync(executable) ? executable : undefined;
}
