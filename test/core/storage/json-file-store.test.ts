// The generic store over conf, with a schema of its own (the alert policy keeps its state this way).
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidValueError, JsonFileStore, StoreFileError } from '../../../main/core/storage/json-file-store.ts';
import { storeBenchForEachTest } from './store-for-tests.ts';

const stateSchema = z.object({
  lastSeen: z.record(z.string(), z.number().int().min(0)).default(() => ({})),
  muted: z.boolean().default(false),
});
type State = z.output<typeof stateSchema>;

const now = Date.UTC(2026, 10, 1, 9, 30);
const bench = storeBenchForEachTest('vigil-store-');

function open(folder = bench.directory): JsonFileStore<State> {
  const clock = { now: () => now };
  return new JsonFileStore({ directory: folder, name: 'alert-state', schema: stateSchema, logger: bench.logger, clock });
}
const file = () => path.join(bench.directory, 'alert-state.json');

describe('JsonFileStore', () => {
  it('reads the defaults without creating a file', () => {
    const store = open();
    expect(store.read()).toEqual({ lastSeen: {}, muted: false });
    expect(readdirSync(bench.directory)).toEqual([]);
    expect(store.warnings).toEqual([]);
  });

  it('creates a missing folder, readable by its owner only', () => {
    const folder = path.join(bench.directory, 'a', 'b');
    open(folder).update((state) => ({ ...state, muted: true }));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('writes through update and reads it back in a new store', () => {
    open().update((state) => ({ ...state, lastSeen: { 'monitor:1': 5 } }));
    expect(open().read()).toEqual({ lastSeen: { 'monitor:1': 5 }, muted: false });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ lastSeen: { 'monitor:1': 5 }, muted: false });
  });

  it('replaces the whole value without reading the file first, and never over a newer version\'s file', () => {
    const store = open();
    store.replace({ lastSeen: { 'monitor:1': 5 }, muted: true });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ lastSeen: { 'monitor:1': 5 }, muted: true });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(open().read()).toEqual({ lastSeen: { 'monitor:1': 5 }, muted: true });

    const upgradeAware = new JsonFileStore({ directory: bench.directory, name: 'versioned', schema: stateSchema, logger: bench.logger, upgrade: (value) => ({ value, upgraded: false, newer: true }) });
    writeFileSync(path.join(bench.directory, 'versioned.json'), '{"muted":true}');
    upgradeAware.read();
    expect(() => upgradeAware.replace({ lastSeen: {}, muted: false })).toThrow(InvalidValueError);
    expect(readFileSync(path.join(bench.directory, 'versioned.json'), 'utf8')).toBe('{"muted":true}');
  });

  it('writes the file with mode 0600, also over a file that had a wider mode', () => {
    writeFileSync(file(), '{}', { mode: 0o644 });
    chmodSync(file(), 0o644);
    open().update((state) => ({ ...state, muted: true }));
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('sees a change another process wrote', () => {
    const store = open();
    writeFileSync(file(), JSON.stringify({ muted: true }));
    expect(store.read().muted).toBe(true);
  });

  it('refuses an invalid update with a message naming the field, and writes nothing', () => {
    const store = open();
    store.update((state) => ({ ...state, muted: true }));
    const before = readFileSync(file(), 'utf8');
    expect(() => store.update((state) => ({ ...state, lastSeen: { x: -1 } }))).toThrow(InvalidValueError);
    expect(() => store.update((state) => ({ ...state, lastSeen: { x: -1 } }))).toThrow(/^lastSeen\.x /);
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('tells listeners about changes, not about updates that change nothing, and stops when unsubscribed', () => {
    const store = open();
    const seen: [State, State][] = [];
    const unsubscribe = store.onDidChange((next, previous) => seen.push([next, previous]));
    store.update((state) => ({ ...state, muted: true }));
    store.update((state) => state);
    unsubscribe();
    store.update((state) => ({ ...state, muted: false }));
    expect(seen).toEqual([[{ lastSeen: {}, muted: true }, { lastSeen: {}, muted: false }]]);
  });

  it('tells its listeners, once, of a change another process wrote, and never of its own writes again', async () => {
    const store = open();
    store.update((state) => ({ ...state, muted: true }));
    const seen: [State, State][] = [];
    const told = new Promise<void>((resolve) => {
      store.onDidChange((next, previous) => {
        seen.push([next, previous]);
        resolve();
      });
    });
    // Another process (`vigil login` beside the app) writes the file; no read here: the folder's watcher sees it.
    open().update((state) => ({ ...state, lastSeen: { 'monitor:1': 5 } }));
    await told;
    expect(seen).toEqual([[{ lastSeen: { 'monitor:1': 5 }, muted: true }, { lastSeen: {}, muted: true }]]);
    store.read();
    store.update((state) => ({ ...state, muted: false }));
    store.read();
    await Promise.resolve();
    expect(seen.map(([next]) => next.muted)).toEqual([true, false]);
  });

  it('takes a file being saved in place (empty, then whole) for the change it is, setting nothing aside', async () => {
    const store = open();
    const told = new Promise<State>((resolve) => store.onDidChange((next) => resolve(next)));
    // A watcher of the test's own, opened after the store's, is told of the emptied file after it.
    const emptied = new Promise<void>((resolve) => {
      const watcher = watch(bench.directory, () => {
        watcher.close();
        resolve();
      });
    });
    writeFileSync(file(), '');
    await emptied;
    writeFileSync(file(), JSON.stringify({ muted: true }));
    expect(await told).toEqual({ lastSeen: {}, muted: true });
    expect(readdirSync(bench.directory)).toEqual(['alert-state.json']);
    expect(store.warnings).toEqual([]);
  });

  it('keeps going when a listener throws, and logs it', () => {
    const store = open();
    store.onDidChange(() => {
      throw new Error('listener bug');
    });
    expect(store.update((state) => ({ ...state, muted: true })).muted).toBe(true);
    expect(bench.logger.entries.map((entry) => entry.level)).toEqual(['error']);
  });

  it('moves a file that is not JSON aside, restores the defaults and warns', () => {
    writeFileSync(file(), '{"muted": tru');
    const store = open();
    expect(store.read()).toEqual({ lastSeen: {}, muted: false });
    const backup = `${file()}.corrupt-2026-11-01T09-30-00-000Z.bak`;
    expect(readFileSync(backup, 'utf8')).toBe('{"muted": tru');
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ lastSeen: {}, muted: false });
    expect(store.warnings).toEqual([
      `Vigil repaired ${file()}: the file is not valid JSON at line 1, column 11 (an object, array, string, number, true, false or null was expected), so everything was reset to the defaults. ` +
        `The original file was kept as ${backup}.`,
    ]);
    expect(bench.logger.entries).toEqual([{ level: 'warn', message: store.warnings[0], fields: undefined }]);
  });

  it('keeps the valid fields of a hand-edited file and resets only the invalid one', () => {
    writeFileSync(file(), JSON.stringify({ lastSeen: { a: 1 }, muted: 'yes' }));
    const store = open();
    expect(store.read()).toEqual({ lastSeen: { a: 1 }, muted: false });
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toContain('muted ');
    expect(store.warnings[0]).toContain('(reset to the default)');
  });

  it('repairs a file that went bad while the store was open, keeping every earlier backup', () => {
    const store = open();
    writeFileSync(file(), 'garbage 1');
    store.read();
    writeFileSync(file(), 'garbage 2');
    store.read();
    const backups = readdirSync(bench.directory).filter((name) => name.endsWith('.bak')).sort();
    expect(backups).toEqual([
      'alert-state.json.corrupt-2026-11-01T09-30-00-000Z-2.bak',
      'alert-state.json.corrupt-2026-11-01T09-30-00-000Z.bak',
    ]);
    expect(store.warnings).toHaveLength(2);
  });

  it.each([['an empty file', ''], ['JSON that is not an object', '[1, 2]']])('treats %s as corrupt', (_what, text) => {
    writeFileSync(file(), text);
    expect(open().read()).toEqual({ lastSeen: {}, muted: false });
    expect(readdirSync(bench.directory).some((name) => name.endsWith('.bak'))).toBe(true);
  });

  it('refuses to read a file it cannot open, and leaves it alone', () => {
    const store = open();
    // A folder where the file should be stands in for any read error (file permissions do not stop root).
    mkdirSync(file());
    expect(() => store.read()).toThrow(StoreFileError);
    expect(() => store.read()).toThrow(`Vigil cannot read ${file()}: `);
    expect(statSync(file()).isDirectory()).toBe(true);
  });
});
