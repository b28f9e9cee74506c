import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettingsDir } from '../../../main/core/settings/settings-dir.ts';

// The folders Electron's app.getPath('userData') gives the app named "Vigil", so the CLI and the app share them.
describe('defaultSettingsDir', () => {
  it('uses $XDG_CONFIG_HOME/Vigil on Linux', () => {
    const env = { XDG_CONFIG_HOME: '/home/ada/.cfg' };
    expect(defaultSettingsDir(env, 'linux', '/home/ada')).toBe('/home/ada/.cfg/Vigil');
  });

  it('falls back to ~/.config/Vigil on Linux when XDG_CONFIG_HOME is unset, empty or relative', () => {
    for (const env of [{}, { XDG_CONFIG_HOME: '' }, { XDG_CONFIG_HOME: 'relative/dir' }]) {
      expect(defaultSettingsDir(env, 'linux', '/home/ada')).toBe('/home/ada/.config/Vigil');
    }
  });

  it('uses ~/Library/Application Support/Vigil on macOS', () => {
    expect(defaultSettingsDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Vigil');
  });

  it('uses %APPDATA%\\Vigil on Windows', () => {
    expect(defaultSettingsDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Vigil',
    );
    expect(defaultSettingsDir({}, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Vigil');
  });

  it('lets VIGIL_CONFIG_DIR override the folder on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(defaultSettingsDir({ VIGIL_CONFIG_DIR: '/tmp/vigil-cfg', XDG_CONFIG_HOME: '/x' }, platform, '/h')).toBe(
        path.resolve('/tmp/vigil-cfg'),
      );
    }
  });

  it('reads the real environment by default', () => {
    const before = process.env.VIGIL_CONFIG_DIR;
    process.env.VIGIL_CONFIG_DIR = '/tmp/vigil-env-dir';
    try {
      expect(defaultSettingsDir()).toBe('/tmp/vigil-env-dir');
    } finally {
      if (before === undefined) delete process.env.VIGIL_CONFIG_DIR;
      else process.env.VIGIL_CONFIG_DIR = before;
    }
  });
});
