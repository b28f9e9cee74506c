// "Launch at login": macOS and Windows through app.setLoginItemSettings; Linux, which Electron does not cover,
// through an XDG autostart entry. Started at login, Vigil stays in the tray (`--hidden`) instead of opening its window.
import path from 'node:path';
import type { Logger } from '../../../common/logger.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import { appId } from './tray-app-conventions.ts';

export const hiddenArgument = '--hidden';

export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  getLoginItemSettings(options?: { args?: string[] }): { openAtLogin: boolean; wasOpenedAtLogin?: boolean };
}

export interface AutostartFiles {
  exists(file: string): boolean;
  write(file: string, text: string): void;
  remove(file: string): void;
}

export interface LaunchAtLoginOptions {
  app: LoginItemApp;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** The Electron executable (on Linux, $APPIMAGE is started instead when Vigil runs from an AppImage). */
  execPath: string;
  files: AutostartFiles;
  logger: Logger;
}

/** A Desktop Entry Exec argument, quoted as the spec asks when it holds anything but plain characters. */
export function quoteExecArgument(argument: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(argument)) return argument;
  return `"${argument.replace(/["`$\\]/g, (character) => `\\${character}`)}"`;
}

export function autostartEntry(execPath: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Vigil',
    'Comment=Keeps watch over your monitors from the tray',
    `Exec=${quoteExecArgument(execPath)} ${hiddenArgument}`,
    'X-GNOME-Autostart-enabled=true',
    'Terminal=false',
    '',
  ].join('\n');
}

export function autostartFile(env: NodeJS.ProcessEnv, home: string): string {
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  const configHome = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.config');
  return path.posix.join(configHome, 'autostart', `${appId}.desktop`);
}

export class LaunchAtLogin {
  readonly #options: LaunchAtLoginOptions;

  constructor(options: LaunchAtLoginOptions) {
    this.#options = options;
  }

  isEnabled(): boolean {
    const { app, platform, files, env, home } = this.#options;
    if (platform === 'linux') return files.exists(autostartFile(env, home));
    return app.getLoginItemSettings({ args: [hiddenArgument] }).openAtLogin;
  }

  /** Returns whether the change took; a failure is logged, never thrown at a menu click. */
  setEnabled(enabled: boolean): boolean {
    const { app, platform, files, env, home, execPath, logger } = this.#options;
    try {
      if (platform === 'linux') {
        const file = autostartFile(env, home);
        if (enabled) files.write(file, autostartEntry(env.APPIMAGE ?? execPath));
        else if (files.exists(file)) files.remove(file);
      } else {
        app.setLoginItemSettings({ openAtLogin: enabled, args: [hiddenArgument] });
      }
      return true;
    } catch (error) {
      logger.warn(`Could not ${enabled ? 'turn on' : 'turn off'} launch at login.`, { error: String(error) });
      return false;
    }
  }

  /** Whether this start came from the login item (so the window stays closed). */
  startedAtLogin(argv: readonly string[]): boolean {
    if (argv.includes(hiddenArgument)) return true;
    return this.#options.platform === 'darwin' && this.#options.app.getLoginItemSettings().wasOpenedAtLogin === true;
  }
}

/**
 * The window changes `launchAtLogin` in the settings; this carries the change to the OS (the tray's toggle sets
 * the OS first, so the two already agree then). The setting wins at start too: browser mode and a hand edit change
 * only settings.json, so what they asked for applies when the app next starts. A change the OS refuses is put
 * back, so the window shows the truth. Returns the unsubscribe function.
 */
export function followLaunchAtLoginSetting(
  settings: SettingsStore,
  loginItem: Pick<LaunchAtLogin, 'isEnabled' | 'setEnabled'>,
  onChange: () => void,
  logger: Logger,
): () => void {
  const apply = (wanted: boolean) => {
    if (wanted === loginItem.isEnabled()) return;
    if (!loginItem.setEnabled(wanted)) settings.update((current) => ({ ...current, launchAtLogin: !wanted }));
    onChange();
  };
  try {
    apply(settings.read().launchAtLogin);
  } catch (error) {
    // A settings file that cannot be written must not keep the app from starting.
    logger.warn('The launch-at-login setting could not be applied at start.', { error: String(error) });
  }
  return settings.onDidChange((next, previous) => {
    if (next.launchAtLogin !== previous.launchAtLogin) apply(next.launchAtLogin);
  });
}
