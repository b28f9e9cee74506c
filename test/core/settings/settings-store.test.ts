import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { defaultSettings, type Connection, type Settings } from '../../../main/core/settings/settings-schema.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { InvalidValueError } from '../../../main/core/storage/json-file-store.ts';
import { filesContaining } from '../storage/files-containing.ts';
import { storeBenchForEachTest } from '../storage/store-for-tests.ts';

const now = Date.UTC(2026, 10, 1, 9, 30);
const connection: Connection = { id: 'c1', name: 'Home lab', baseUrl: 'http://127.0.0.1:8731/api', kind: 'local', sourceKind: 'vigil', enabled: true };
const bench = storeBenchForEachTest('vigil-settings-');

const open = () => new FileSettingsStore({ directory: bench.directory, logger: bench.logger, clock: { now: () => now } });
const file = () => path.join(bench.directory, 'settings.json');
const onDisk = (): unknown => JSON.parse(readFileSync(file(), 'utf8'));

describe('FileSettingsStore', () => {
  it('reads the defaults when there is no file yet', () => {
    expect(open().read()).toEqual(defaultSettings);
  });

  it('fills in a partial file and keeps what it holds', () => {
    writeFileSync(file(), JSON.stringify({ pollIntervalSeconds: 120, notifications: { soundInfo: true }, version: 3 }));
    const settings = open().read();
    expect(settings).toEqual({
      ...defaultSettings,
      pollIntervalSeconds: 120,
      notifications: { ...defaultSettings.notifications, soundInfo: true },
    });
  });

  it('round-trips a full set of settings through settings.json, mode 0600', () => {
    const settings: Settings = {
      connections: [connection, { id: 'c2', name: 'Prod', baseUrl: 'https://vigil.example.com/api', kind: 'remote', sourceKind: 'vigil', enabled: false }],
      pollIntervalSeconds: 30,
      domainThresholds: [60, 30, 7],
      heartbeatGraceSeconds: 0,
      notifications: { ...defaultSettings.notifications, heartbeatLate: false, quietSummary: true },
      snoozes: [{ key: 'c1/monitor:7', until: now + 3_600_000 }, { key: 'c2/domain:3', until: 'resumed' }],
      acknowledgements: [{ key: 'c1/heartbeat:4', at: now - 60_000 }],
      pausedUntil: now + 60_000,
      quietHours: { enabled: true, ranges: [{ days: [1, 2, 3, 4, 5], start: '22:00', end: '07:00' }], criticalBreaksThrough: false },
      alerting: { delayMinutes: 5, flapping: { changes: 6, minutes: 30 } },
      maintenance: [{ id: 'm1', connectionId: 'c2', item: 'monitor:7', startsAt: now, endsAt: now + 3_600_000, reason: 'deploy', createdAt: now }],
      dependencies: { 'c1/monitor:8': 'c1/monitor:7' },
      itemRules: { 'c1/monitor:8': { delayMinutes: 10, tell: { recovered: false } } },
      keptFields: { 'c1/heartbeat:4': { notes: 'Restart the backup job: ssh backup && systemctl restart backup' } },
      launchAtLogin: true,
      version: 3,
    };
    expect(open().update(() => settings)).toEqual(settings);
    expect(open().read()).toEqual(settings);
    expect(onDisk()).toEqual(settings);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('notifies listeners with the new and the previous settings', () => {
    const store = open();
    const changes: [number, number][] = [];
    store.onDidChange((next, previous) => changes.push([next.pollIntervalSeconds, previous.pollIntervalSeconds]));
    store.update((settings) => ({ ...settings, pollIntervalSeconds: 15 }));
    store.update((settings) => ({ ...settings, pollIntervalSeconds: 15 }));
    store.update((settings) => ({ ...settings, pollIntervalSeconds: 20 }));
    expect(changes).toEqual([
      [15, 60],
      [20, 15],
    ]);
  });

  it('refuses an invalid change with one sentence naming the field, keeping the file as it was', () => {
    const store = open();
    store.update((settings) => ({ ...settings, connections: [connection] }));
    const before = readFileSync(file(), 'utf8');
    const change = () => store.update((settings) => ({ ...settings, connections: [connection, connection] }));
    expect(change).toThrow(InvalidValueError);
    expect(change).toThrow('connections[1].id must be unique: another connection already uses this id.');
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('restores the defaults from a corrupt file, keeps a backup of it and warns once', () => {
    writeFileSync(file(), '{"pollIntervalSeconds": 30,');
    const store = open();
    expect(store.read()).toEqual(defaultSettings);
    expect(store.read()).toEqual(defaultSettings);
    const backup = path.join(bench.directory, 'settings.json.corrupt-2026-11-01T09-30-00-000Z.bak');
    expect(readFileSync(backup, 'utf8')).toBe('{"pollIntervalSeconds": 30,');
    expect(store.warnings).toEqual([
      `Vigil repaired ${file()}: the file is not valid JSON at line 1, column 28 (the text ends before the JSON is complete), so everything was reset to the defaults. ` +
        `The original file was kept as ${backup}.`,
    ]);
    expect(bench.logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('resets only the hand-edited bad field, and keeps the connections', () => {
    const handEdited = { connections: [connection], pollIntervalSeconds: 5, version: 3 };
    writeFileSync(file(), JSON.stringify(handEdited));
    const store = open();
    expect(store.read()).toEqual({ ...defaultSettings, connections: [connection] });
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toContain(
      'pollIntervalSeconds must be between 10 seconds and 1 hour (reset to the default)',
    );
    expect(onDisk()).toMatchObject({ pollIntervalSeconds: 60, connections: [connection] });
    expect(readdirSync(bench.directory).filter((name) => name.endsWith('.bak'))).toHaveLength(1);
  });

  it('drops only the broken connection from a hand-edited file', () => {
    const broken = { ...connection, id: 'c2', baseUrl: 'http://user:secret@example.com/api' };
    writeFileSync(file(), JSON.stringify({ connections: [connection, broken], version: 3 }));
    const store = open();
    expect(store.read().connections).toEqual([connection]);
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toContain('(connections[1] removed)');
  });

  it('drops only the bad acknowledgement from a hand-edited file, keeping the good one and the snoozes', () => {
    const good = { key: 'c1/monitor:7', at: 1_800_000_000_000 };
    const snoozes = [{ key: 'c1/monitor:8', until: 'resumed' }];
    writeFileSync(file(), JSON.stringify({ connections: [connection], snoozes, acknowledgements: [good, { key: 'c1/monitor:9', at: 'soon' }, { ...good, at: 1 }], version: 3 }));
    const store = open();
    expect(store.read()).toMatchObject({ acknowledgements: [good], snoozes, connections: [connection] });
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toContain('acknowledgements[1].at must be a time in epoch milliseconds (acknowledgements[1] removed)');
    expect(store.warnings[0]).toContain('must be unique');
    expect(onDisk()).toMatchObject({ acknowledgements: [good] });
  });

  it('never writes a token anywhere under the config folder', async () => {
    const token = 'vigil_tok_Zx8Kq2Lm9Pw4Rt7Yb3Nc6Vd1';
    const secrets = new MemorySecretStore();
    const store = open();
    // A full flow: add the connection (a careless caller even passes the token along), keep the token in the
    // secret store, change other settings, reopen and read.
    store.update((settings) => ({
      ...settings,
      connections: [...settings.connections, { ...connection, token, password: token } as Connection],
    }));
    await secrets.set(connection.id, token);
    store.update((settings) => ({ ...settings, pollIntervalSeconds: 30 }));
    writeFileSync(file(), 'corrupt');
    open().read();
    expect(await secrets.get(connection.id)).toBe(token);
    expect(filesContaining(bench.directory, token)).toEqual([]);
    expect(readdirSync(bench.directory).length).toBeGreaterThan(1);
    expect(bench.logger.text()).not.toContain(token);
  });
});
