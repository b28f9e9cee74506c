// Which files Vigil makes private in a folder of its own, and what it does when it cannot (common/private-files.ts).
import fs, { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeNewFilesPrivate, tightenPrivateFolder, type FolderModes } from '../../common/private-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.runIf(process.platform !== 'win32')('tightenPrivateFolder', () => {
  it("makes the folder 0700 and Vigil's files 0600 with their companions; leaves others and what links point at", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-modes-'));
    const outside = mkdtempSync(path.join(tmpdir(), 'vigil-modes-outside-'));
    dirs.push(dir, outside);
    const ownFiles = ['history.sqlite', 'history.sqlite-wal', 'history.sqlite-shm', 'history.sqlite.damaged-2026.bak', 'config.json', 'config.json.1234.tmp'];
    const others = ['history.sqlite3', 'config.jsonx', 'notes.txt'];
    for (const name of [...ownFiles, ...others]) writeFileSync(path.join(dir, name), '');
    writeFileSync(path.join(outside, 'target'), '');
    for (const file of [...[...ownFiles, ...others].map((name) => path.join(dir, name)), path.join(outside, 'target')]) chmodSync(file, 0o644);
    symlinkSync(path.join(outside, 'target'), path.join(dir, 'config.json.link'));
    chmodSync(dir, 0o755);

    expect(tightenPrivateFolder(fs, dir, ['history.sqlite', 'config.json'], process.platform)).toEqual([]);

    expect(modeOf(dir)).toBe(0o700);
    for (const name of ownFiles) expect(`${name} ${modeOf(path.join(dir, name)).toString(8)}`).toBe(`${name} 600`);
    for (const name of others) expect(`${name} ${modeOf(path.join(dir, name)).toString(8)}`).toBe(`${name} 644`);
    expect(modeOf(path.join(outside, 'target'))).toBe(0o644);
  });

  it('says which paths it could not tighten, and goes on with the rest', () => {
    const tightened: string[] = [];
    const refusing: FolderModes = {
      readdirSync: () => [
        { name: 'vigil.sqlite', isFile: () => true },
        { name: 'vigil.sqlite-wal', isFile: () => true },
      ],
      chmodSync(target) {
        if (target.endsWith('vigil.sqlite')) throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
        tightened.push(target);
      },
    };
    expect(tightenPrivateFolder(refusing, '/data', ['vigil.sqlite'], 'linux')).toEqual([
      'Vigil could not make /data/vigil.sqlite readable by you alone (EPERM), so other users of this computer may read it.',
    ]);
    expect(tightened).toEqual(['/data', '/data/vigil.sqlite-wal']);
  });
});

describe('on Windows, which has no POSIX modes', () => {
  it('changes nothing and sets no umask', () => {
    const untouchable: FolderModes = {
      readdirSync: () => {
        throw new Error('not called on Windows');
      },
      chmodSync: () => {
        throw new Error('not called on Windows');
      },
    };
    expect(tightenPrivateFolder(untouchable, 'C:\\Users\\ada\\AppData\\Roaming\\Vigil', ['settings.json'], 'win32')).toEqual([]);
    const masks: number[] = [];
    makeNewFilesPrivate({ platform: 'win32', umask: (mask) => masks.push(mask) });
    makeNewFilesPrivate({ platform: 'linux', umask: (mask) => masks.push(mask) });
    expect(masks).toEqual([0o077]);
  });
});
