// A settings file of the version before "every server at once" (fixtures/settings-v1.json: one active connection,
// the others idle, snoozes by bare item key) reads as version 2 without losing a token, a snooze or alert state.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialAlertState } from '../../../main/core/alerts/index.ts';
import { AlertStateFile } from '../../../main/core/app/alert-state-file.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { defaultSettings } from '../../../main/core/settings/settings-schema.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { upgradeSettings } from '../../../main/core/settings/settings-upgrade.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { testAbout } from '../app/core-fixture.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/settings-v1.json');
const work = '3f1c9a52-8d4e-4b7a-9c61-2e5d8f0a7b14';
const side = 'b7e2d410-5a93-4c8f-a1d6-9f3e27c85b60';
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'vigil-upgrade-'));
  copyFileSync(fixture, path.join(directory, 'settings.json'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Version 1 and 2 had one sound switch; it became one per level. */
function withSoundPerLevel(notifications: unknown): unknown {
  const { sound, ...rest } = notifications as Record<string, unknown>;
  return { ...rest, soundCritical: sound === true, soundWarning: sound === true, soundInfo: false };
}

const onDisk = (): Record<string, unknown> => JSON.parse(readFileSync(path.join(directory, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('settings from version 1', () => {
  it('read as the current version: every connection enabled, snoozes on the active connection, one sound switch per level, everything else kept, written back', () => {
    const before = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>;
    const logger = recordingLogger();
    const settings = new FileSettingsStore({ directory, logger }).read();
    expect(settings).toEqual({
      ...defaultSettings,
      connections: [
        { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:47311/api', kind: 'local', sourceKind: 'vigil', enabled: true },
        { id: work, name: 'Work', baseUrl: 'https://vigil.work.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true },
        { id: side, name: 'Side project', baseUrl: 'https://status.side.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true },
      ],
      pollIntervalSeconds: 30,
      domainThresholds: [30, 14, 3],
      heartbeatGraceSeconds: 120,
      notifications: withSoundPerLevel(before['notifications']),
      snoozes: [
        { key: `${work}/monitor:42`, until: 'resumed' },
        { key: `${work}/heartbeat?name=nightly backup`, until: 4102444800000 },
      ],
      pausedUntil: 4102444800000,
      launchAtLogin: true,
      version: 3,
    });
    expect(onDisk()).toEqual(settings);
    expect(onDisk()).not.toHaveProperty('activeConnectionId');
    // An upgrade is not a repair: no warning; the file as version 1 wrote it is kept once beside it.
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toEqual([]);
    expect(readFileSync(path.join(directory, 'settings.json.before-upgrade.bak'), 'utf8')).toBe(readFileSync(fixture, 'utf8'));
  });

  it("keeps what a hand-edited file already says of a connection's `enabled`", () => {
    const off = { id: 'r1', name: 'Work', baseUrl: 'https://vigil.work.example/api', kind: 'remote', enabled: false };
    expect((upgradeSettings({ connections: [off] }).value as { connections: unknown[] }).connections).toEqual([off]);
  });

  it('puts snoozes on the local connection when none was active, else on the first', () => {
    const local = { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:1/api', kind: 'local' };
    const remote = { id: 'r1', name: 'Work', baseUrl: 'https://vigil.work.example/api', kind: 'remote' };
    const snoozes = [{ key: 'domain:7', until: 'resumed' }];
    const keyOf = (raw: unknown) => ((upgradeSettings(raw).value as { snoozes: { key: string }[] }).snoozes[0]?.key);
    expect(keyOf({ version: 1, connections: [remote, local], snoozes })).toBe('local/domain:7');
    expect(keyOf({ version: 1, connections: [remote], snoozes, activeConnectionId: 'gone' })).toBe('r1/domain:7');
    expect(keyOf({ connections: [remote, local], snoozes, activeConnectionId: 'r1' })).toBe('r1/domain:7');
  });

  it('leaves a current file and what it cannot read to the schema', () => {
    const current = { version: 3, snoozes: [{ key: 'c1/monitor:1', until: 'resumed' }] };
    expect(upgradeSettings(current)).toEqual({ value: current, upgraded: false });
    expect(upgradeSettings([1])).toEqual({ value: [1], upgraded: false });
    expect(upgradeSettings({ version: 'x' })).toEqual({ value: { version: 'x' }, upgraded: false });
    // A newer version's file: read in the current form, flagged so that it is never written.
    expect(upgradeSettings({ version: 7 })).toEqual({ value: { version: 3 }, upgraded: false, newer: true });
  });

  it('keeps every token, snooze and alert state: the core watches all three with what they had', async () => {
    const secrets = new MemorySecretStore();
    for (const id of ['local', work, side]) await secrets.set(id, `token-of-${id}`);
    const alertFile = new AlertStateFile({ directory, logger: recordingLogger() });
    const rejected = { ...initialAlertState(), connection: { ...initialAlertState().connection, auth: 'rejected' as const } };
    alertFile.save(side, rejected);
    alertFile.save(work, { ...initialAlertState(), monitors: { 'monitor:42': { downSince: 1_700_000_000_000 } } });
    const settings = new FileSettingsStore({ directory, logger: recordingLogger() });
    const core = await createVigilCore({ settings, alertStateDir: directory, historyDir: directory, secrets, localService: undefined, about: testAbout, logger: recordingLogger() });
    const calls = boundaryCalls(core);
    try {
      await core.start();
      const connections = await calls.listConnections();
      expect(connections.map(({ id, enabled, auth }) => ({ id, enabled, auth }))).toEqual([
        { id: 'local', enabled: true, auth: 'signed-in' },
        { id: work, enabled: true, auth: 'signed-in' },
        { id: side, enabled: true, auth: 'rejected' },
      ]);
      for (const id of ['local', work, side]) expect(await secrets.get(id)).toBe(`token-of-${id}`);
      expect(new AlertStateFile({ directory, logger: recordingLogger() }).load().get(work)?.monitors).toEqual({ 'monitor:42': { downSince: 1_700_000_000_000 } });
      expect(settings.read().snoozes.map((snooze) => snooze.key)).toEqual([`${work}/monitor:42`, `${work}/heartbeat?name=nightly backup`]);
    } finally {
      await core.stop();
    }
  });
});

describe('settings from version 2', () => {
  it('turn the one sound switch into one per level: silence stays silence, a sound stays for problems and recoveries go quiet', () => {
    const upgraded = (notifications: unknown) => (upgradeSettings({ version: 2, notifications }).value as { notifications: unknown }).notifications;
    expect(upgraded({ sound: false, monitorDown: false })).toEqual({ monitorDown: false, soundCritical: false, soundWarning: false, soundInfo: false });
    expect(upgraded({ sound: true, quietSummary: true })).toEqual({ quietSummary: true, soundCritical: true, soundWarning: true, soundInfo: false });
    expect(upgraded(undefined)).toEqual({ soundCritical: false, soundWarning: false, soundInfo: false });
    expect(upgradeSettings({ version: 2, snoozes: [] })).toMatchObject({ upgraded: true, value: { version: 3, snoozes: [] } });
  });

  it('keep every other field, and start quiet hours, maintenance, dependencies and item rules at their defaults', () => {
    const store = () => new FileSettingsStore({ directory, logger: recordingLogger() });
    writeFileSync(path.join(directory, 'settings.json'), JSON.stringify({ version: 2, pollIntervalSeconds: 45, notifications: { sound: true } }));
    const settings = store().read();
    expect(settings).toEqual({ ...defaultSettings, pollIntervalSeconds: 45, notifications: { ...defaultSettings.notifications, soundCritical: true, soundWarning: true } });
    expect(onDisk()).toMatchObject({ version: 3 });
  });
});

describe('settings from a newer version', () => {
  it('are read as far as understood, never rewritten, and not changed here', () => {
    const newer = { ...(JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>), activeConnectionId: undefined, version: 4, aFutureSetting: { kept: true } };
    const text = `${JSON.stringify(newer, null, 2)}\n`;
    writeFileSync(path.join(directory, 'settings.json'), text);
    const logger = recordingLogger();
    const store = new FileSettingsStore({ directory, logger });
    expect(store.read().connections.map((connection) => connection.name)).toEqual(['This computer', 'Work', 'Side project']);
    expect(() => store.update((current) => ({ ...current, launchAtLogin: false }))).toThrow(/written by a newer version of Vigil; this version does not change it/);
    expect(readFileSync(path.join(directory, 'settings.json'), 'utf8')).toBe(text);
    expect(readdirSync(directory).filter((file) => file.includes('.bak'))).toEqual([]);
    expect(logger.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.message)).toEqual([expect.stringMatching(/was written by a newer version of Vigil/)]);
  });
});
