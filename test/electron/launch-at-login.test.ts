import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileSettingsStore } from '../../main/core/settings/settings-store.ts';
import { autostartEntry, autostartFile, followLaunchAtLoginSetting, LaunchAtLogin, quoteExecArgument } from '../../main/electron/app/launch-at-login.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';

function setUp(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}) {
  const files = new Map<string, string>();
  let openAtLogin = false;
  const app = {
    setLoginItemSettings: vi.fn((settings: { openAtLogin: boolean; args?: string[] }) => void (openAtLogin = settings.openAtLogin)),
    getLoginItemSettings: vi.fn((_options?: { args?: string[] }) => ({ openAtLogin, wasOpenedAtLogin: false })),
  };
  const logger = recordingLogger();
  const login = new LaunchAtLogin({
    app,
    platform,
    env,
    home: '/home/ada',
    execPath: '/opt/Vigil/vigil',
    files: {
      exists: (file) => files.has(file),
      write: (file, text) => void files.set(file, text),
      remove: (file) => void files.delete(file),
    },
    logger,
  });
  return { login, app, files, logger };
}

describe('launch at login', () => {
  it.each(['darwin', 'win32'] as const)('uses the login item settings on %s, starting hidden in the tray', (platform) => {
    const { login, app } = setUp(platform);
    expect(login.isEnabled()).toBe(false);
    expect(login.setEnabled(true)).toBe(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--hidden'] });
    expect(login.isEnabled()).toBe(true);
    expect(app.getLoginItemSettings).toHaveBeenCalledWith({ args: ['--hidden'] });
  });

  it('writes and removes an XDG autostart entry on Linux', () => {
    const { login, files, app } = setUp('linux');
    const file = '/home/ada/.config/autostart/dev.vigil.app.desktop';
    login.setEnabled(true);
    expect(files.get(file)).toContain('Exec=/opt/Vigil/vigil --hidden');
    expect(login.isEnabled()).toBe(true);
    login.setEnabled(false);
    expect(files.has(file)).toBe(false);
    expect(login.isEnabled()).toBe(false);
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('starts the AppImage, not the unpacked binary, when run from one; honours an absolute XDG_CONFIG_HOME', () => {
    const { login, files } = setUp('linux', { APPIMAGE: '/home/ada/Apps/Vigil 1.0.AppImage', XDG_CONFIG_HOME: '/cfg' });
    login.setEnabled(true);
    expect(files.get('/cfg/autostart/dev.vigil.app.desktop')).toContain('Exec="/home/ada/Apps/Vigil 1.0.AppImage" --hidden');
    expect(autostartFile({ XDG_CONFIG_HOME: 'relative' }, '/home/ada')).toBe('/home/ada/.config/autostart/dev.vigil.app.desktop');
  });

  it('quotes Exec arguments as the Desktop Entry spec asks', () => {
    expect(quoteExecArgument('/usr/bin/vigil')).toBe('/usr/bin/vigil');
    expect(quoteExecArgument('/a b/$HOME`x`"q"\\')).toBe('"/a b/\\$HOME\\`x\\`\\"q\\"\\\\"');
    expect(autostartEntry('/usr/bin/vigil')).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
  });

  it('logs a failure instead of throwing at the menu click', () => {
    const { login, app, logger } = setUp('win32');
    app.setLoginItemSettings.mockImplementation(() => {
      throw new Error('access denied');
    });
    expect(login.setEnabled(true)).toBe(false);
    expect(logger.text()).toContain('access denied');
  });

  it('knows a start at login by --hidden (or, on macOS, by the login item)', () => {
    expect(setUp('linux').login.startedAtLogin(['/opt/Vigil/vigil', '--hidden'])).toBe(true);
    expect(setUp('linux').login.startedAtLogin(['/opt/Vigil/vigil'])).toBe(false);
    const mac = setUp('darwin');
    mac.app.getLoginItemSettings.mockReturnValue({ openAtLogin: true, wasOpenedAtLogin: true });
    expect(mac.login.startedAtLogin(['/Applications/Vigil.app/Contents/MacOS/Vigil'])).toBe(true);
  });
});

describe('the launchAtLogin setting', () => {
  /** `before` runs ahead of the app's start: the OS and settings.json as the last run (or browser mode) left them. */
  function withSettings(platform: NodeJS.Platform, before: (setup: ReturnType<typeof setUp> & { settings: FileSettingsStore }) => void = () => undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-login-item-'));
    const settings = new FileSettingsStore({ directory: dir, logger: recordingLogger() });
    const setup = setUp(platform);
    before({ ...setup, settings });
    const onChange = vi.fn();
    const stop = followLaunchAtLoginSetting(settings, setup.login, onChange, setup.logger);
    const done = () => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    };
    return { ...setup, settings, onChange, done };
  }

  it('goes to the OS when the window changes it, and the tray menu is refreshed', () => {
    const { settings, login, onChange, done } = withSettings('win32');
    settings.update((s) => ({ ...s, launchAtLogin: true }));
    expect(login.isEnabled()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    settings.update((s) => ({ ...s, launchAtLogin: false }));
    expect(login.isEnabled()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
    done();
  });

  it('leaves the OS alone when it already agrees (the tray set it first)', () => {
    const { settings, login, app, onChange, done } = withSettings('darwin');
    login.setEnabled(true);
    settings.update((s) => ({ ...s, launchAtLogin: true }));
    expect(app.setLoginItemSettings).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    done();
  });

  it('is put back when the OS refuses the change, so the window shows the truth', () => {
    const { settings, app, onChange, logger, done } = withSettings('win32');
    app.setLoginItemSettings.mockImplementation(() => {
      throw new Error('access denied');
    });
    settings.update((s) => ({ ...s, launchAtLogin: true }));
    expect(settings.read().launchAtLogin).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(logger.text()).toContain('access denied');
    done();
  });

  it('applies a change made while the app was not running (browser mode) when it starts', () => {
    const on = withSettings('linux', ({ settings }) => settings.update((s) => ({ ...s, launchAtLogin: true })));
    expect(on.login.isEnabled()).toBe(true);
    expect(on.onChange).toHaveBeenCalledTimes(1);
    on.done();

    const off = withSettings('win32', ({ login }) => login.setEnabled(true));
    expect(off.settings.read().launchAtLogin).toBe(false);
    expect(off.login.isEnabled()).toBe(false);
    expect(off.onChange).toHaveBeenCalledTimes(1);
    off.done();
  });

  it('leaves the OS alone at start when it agrees with the setting', () => {
    const { app, onChange, done } = withSettings('darwin');
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    done();
  });

  it('puts the setting back at start when the OS refuses it', () => {
    const { settings, login, logger, done } = withSettings('win32', ({ settings, app }) => {
      settings.update((s) => ({ ...s, launchAtLogin: true }));
      app.setLoginItemSettings.mockImplementation(() => {
        throw new Error('access denied');
      });
    });
    expect(settings.read().launchAtLogin).toBe(false);
    expect(login.isEnabled()).toBe(false);
    expect(logger.text()).toContain('access denied');
    done();
  });
});
