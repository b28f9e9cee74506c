// Where the service keeps its database and signing key, created private to the user.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The platform's usual place for an app's data, unless VIGIL_DATA_DIR says otherwise. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.VIGIL_DATA_DIR) return env.VIGIL_DATA_DIR;
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'), 'Vigil', 'service');
  if (platform === 'darwin') return path.join(homedir(), 'Library', 'Application Support', 'Vigil', 'service');
  return path.join(env.XDG_DATA_HOME ?? path.join(homedir(), '.local', 'share'), 'vigil', 'service');
}

export function ensureDataDir(dir: string): string {
  const absolute = path.resolve(dir);
  mkdirSync(absolute, { recursive: true, mode: 0o700 });
  return absolute;
}
