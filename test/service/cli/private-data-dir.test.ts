// The service's data folder is the user's alone (common/private-files.ts): 0700, its files 0600, SQLite's -wal and
// -shm included, also when the folder existed before (`--data-dir`) with files others could read; and a broken
// config.json is named by line and column, never quoted. Real `vigil` processes, as a user runs them.
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOnService, runVigil, startServiceProcess } from '../../helpers/service-process.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const posix = process.platform !== 'win32';
const freshDataDir = tempFolders('vigil-private-');

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file of the folder by name, with its mode. */
function modes(dir: string): Record<string, number> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(path.join(dir, name))]));
}

/** Makes the folder and every file in it readable by everyone, as an umask of 022 or a hand-made folder leaves them. */
function loosen(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) chmodSync(path.join(dir, name), 0o644);
}

async function token(dataDir: string): Promise<string> {
  const { code, stdout } = await runVigil(['token', '--data-dir', dataDir]).exited;
  expect(code).toBe(0);
  return stdout.trim();
}

describe.runIf(posix)('the service data folder', () => {
  it('is private from the first start, and tightened on start when it was left readable, -wal and -shm included', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'config.json'), '{}\n');
    const first = await startServiceProcess(dataDir);
    const created = await createOnService(first, await token(dataDir), 'monitors', { name: 'private', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
    expect(created.status).toBe(201);
    // Killed, so both databases keep their -wal and -shm for the next start to find.
    first.child.kill('SIGKILL');
    await first.exited;
    const ownFiles = ['config.json', 'history.sqlite', 'history.sqlite-shm', 'history.sqlite-wal', 'signing-key', 'vigil.sqlite', 'vigil.sqlite-shm', 'vigil.sqlite-wal'];
    expect(Object.keys(modes(dataDir)).sort()).toEqual(ownFiles);
    // Created by this Vigil: private from the first byte (umask 077), though the test's own umask is looser.
    expect(modeOf(dataDir)).toBe(0o700);
    expect(Object.values(modes(dataDir))).toEqual(ownFiles.map(() => 0o600));

    loosen(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'not Vigil’s\n', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'notes.txt'), 0o644);
    const second = await startServiceProcess(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    // A file that is not Vigil's is left as it was.
    expect(modes(dataDir)).toEqual({ ...Object.fromEntries(ownFiles.map((name) => [name, 0o600])), 'notes.txt': 0o644 });
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('is tightened by a service command too (vigil token --data-dir on an existing folder)', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'config.json'), '{}\n');
    loosen(dataDir);
    await token(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modes(dataDir)).toEqual({ 'config.json': 0o600, 'signing-key': 0o600 });
  });
});

describe('a broken config.json', () => {
  it('is named by line and column, never quoted', async () => {
    // The second is one V8's own message would quote.
    const broken: [text: string, where: string][] = [
      ['{"smtp": {"password": "hunter2-secret" ,,}}', 'line 1, column 41 (a property name in double quotes was expected)'],
      ['{\n  "smtp": {\n    "password": hunter2-secret\n  }\n}', 'line 3, column 17 (an object, array, string, number, true, false or null was expected)'],
    ];
    for (const [text, where] of broken) {
      const dataDir = freshDataDir();
      writeFileSync(path.join(dataDir, 'config.json'), text);
      const { code, stdout, stderr } = await runVigil(['service', '--port', '0', '--data-dir', dataDir]).exited;
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`Cannot read the service settings: ${path.join(dataDir, 'config.json')} is not valid JSON at ${where}.\n`);
      expect(stderr).not.toContain('hunter2');
    }
  });
});
