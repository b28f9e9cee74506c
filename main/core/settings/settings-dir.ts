// Where settings live when plain Node (the CLI) opens them: the folder Electron uses as the app's userData
// (`app.getPath('userData')` for the product name "Vigil"), so the CLI and the app share one settings file.
import { homedir } from 'node:os';
import path from 'node:path';

/** Electron's app name (package.json productName), which names its userData folder. */
const appFolderName = 'Vigil';

/** `VIGIL_CONFIG_DIR` when set; otherwise the per-user config folder of the platform, plus "Vigil". */
export function defaultSettingsDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env.VIGIL_CONFIG_DIR;
  if (override) return path.resolve(override);
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', appFolderName);
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), appFolderName);
  }
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  const configHome = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.config');
  return path.posix.join(configHome, appFolderName);
}

/**
 * The local service's data folder (database, signing key, config.json): `VIGIL_DATA_DIR` when set, else `service`
 * inside the settings folder. One folder for the app, browser mode and the `service`, `token` and `test-email`
 * commands, so a token the command line prints is one the app's service accepts.
 */
export function localServiceDataDir(settingsDir: string = defaultSettingsDir(), env: NodeJS.ProcessEnv = process.env): string {
  const override = env.VIGIL_DATA_DIR;
  return override ? path.resolve(override) : path.join(settingsDir, 'service');
}
