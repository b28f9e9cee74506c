// Where the service keeps its databases, settings and signing key, private to the user (common/private-files.ts):
// made 0700 with its files 0600 whenever the service or a service command opens it, also when it existed before.
// The default is the app's own folder, which the command line's shell passes in (`localServiceDataDir()` of
// main/core), so a token printed by `vigil token` is one the app's service accepts.
import fs, { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { privateFolderMode, tightenPrivateFolder } from '../common/private-files.ts';
import { revocationFileName } from './auth/token-revocation.ts';
import { signingKeyFileName } from './auth/signing-key.ts';
import { configFileName } from './service-config.ts';
import { databaseFileName } from './storage/database.ts';
import { historyFileName } from './history/storage/history-schema.ts';

/** Every file of the service's that holds the user's data; SQLite's `-wal`/`-shm` and backups go with their names. */
const serviceFileNames = [configFileName, databaseFileName, historyFileName, signingKeyFileName, revocationFileName];

/** What the shell that runs a service command decides for it. */
export interface ServiceCommandDefaults {
  /** The data folder when `--data-dir` is not given: the app's. */
  dataDir: string;
}

/** The folder, created or tightened; a file that cannot be made private is a warning (stderr unless told). */
export function ensureDataDir(dir: string, warn: (message: string) => void = warnOnStderr): string {
  const absolute = path.resolve(dir);
  mkdirSync(absolute, { recursive: true, mode: privateFolderMode });
  for (const problem of tightenPrivateFolder(fs, absolute, serviceFileNames, process.platform)) warn(problem);
  return absolute;
}

function warnOnStderr(message: string): void {
  process.stderr.write(`vigil: ${message}\n`);
}

/** `--data-dir` when given, else the app's folder, created; says once on stderr where earlier data was left. */
export function commandDataDir(flag: string | undefined, defaults: ServiceCommandDefaults): string {
  if (flag !== undefined) return ensureDataDir(flag);
  const note = formerDataDirNote(defaults.dataDir);
  if (note !== undefined) process.stderr.write(`vigil: ${note}\n`);
  return ensureDataDir(defaults.dataDir);
}

/**
 * On Linux the command line once defaulted to `$XDG_DATA_HOME/vigil/service` while the app used its config folder
 * (on macOS and Windows both were the same). When that folder holds a database and the app's holds none, the
 * person is told where their data is instead of silently starting afresh; nothing is moved for them, since the
 * app may be using its own folder right now.
 */
export function formerDataDirNote(chosen: string, env: NodeJS.ProcessEnv = process.env, platform = process.platform, home = homedir()): string | undefined {
  if (platform !== 'linux' || env.VIGIL_DATA_DIR) return undefined;
  const former = path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'vigil', 'service');
  if (path.resolve(former) === path.resolve(chosen)) return undefined;
  if (!existsSync(path.join(former, databaseFileName)) || existsSync(path.join(chosen, databaseFileName))) return undefined;
  return `earlier versions of the command line kept the service's data in ${former}; it now shares the app's folder ${chosen}. Pass --data-dir ${former} to go on with the earlier data, or move its files there.`;
}
