// The app's files are the user's alone (common/private-files.ts): its settings folder (settings.json,
// alert-state.json, history.sqlite with its -wal and -shm, backups) and the local service's data folder are made
// 0700 with their files 0600 when the core starts, also when they existed before with files others could read.
// The real core, and the real service through the node launcher.
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, tempDirs } from './core-fixture.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;
function modes(dir: string): Record<string, number> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(path.join(dir, name))]));
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe.runIf(process.platform !== 'win32')('the core at start', () => {
  it('tightens an existing settings folder and service data folder left readable, -wal and -shm included', async () => {
    const dirs = tempDirs();
    cleanup = async () => dirs.remove();
    // As an earlier version, or an umask of 022, left them.
    const leftReadable = ['settings.json', 'alert-state.json', 'history.sqlite', 'history.sqlite-wal', 'history.sqlite-shm', 'settings.json.corrupt-2026-01-01T00-00-00-000Z.bak', 'notes.txt'];
    for (const name of leftReadable) writeFileSync(path.join(dirs.configDir, name), name.endsWith('.json') ? '{}\n' : '', { mode: 0o644 });
    for (const name of leftReadable) chmodSync(path.join(dirs.configDir, name), 0o644);
    chmodSync(path.join(dirs.dataDir, 'config.json'), 0o644);
    chmodSync(dirs.configDir, 0o755);
    chmodSync(dirs.dataDir, 0o755);

    const fixture = await startCore(dirs);
    cleanup = async () => {
      await fixture.core.stop();
      dirs.remove();
    };
    expect(fixture.started).toHaveLength(1);

    expect(modeOf(dirs.configDir)).toBe(0o700);
    const settingsFolder = modes(dirs.configDir);
    // A file that is not Vigil's is left as it was.
    expect(settingsFolder['notes.txt']).toBe(0o644);
    const { 'notes.txt': _notVigils, ...vigils } = settingsFolder;
    expect(Object.keys(vigils)).toEqual(expect.arrayContaining(leftReadable.filter((name) => name !== 'notes.txt')));
    for (const [name, mode] of Object.entries(vigils)) expect(`${name} ${mode.toString(8)}`).toBe(`${name} 600`);

    // The service, started by the core, keeps its folder private: what was there, and what SQLite made.
    expect(modeOf(dirs.dataDir)).toBe(0o700);
    const dataFolder = modes(dirs.dataDir);
    expect(Object.keys(dataFolder)).toEqual(expect.arrayContaining(['config.json', 'vigil.sqlite', 'vigil.sqlite-wal', 'vigil.sqlite-shm', 'history.sqlite', 'history.sqlite-wal', 'history.sqlite-shm', 'signing-key']));
    for (const [name, mode] of Object.entries(dataFolder)) expect(`${name} ${mode.toString(8)}`).toBe(`${name} 600`);
  });
});
