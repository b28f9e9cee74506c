// getSettings and updateSettings through the real core, with a clock the test moves and a fake server behind the
// injected fetch: a change is saved to settings.json and applies at once (the poll interval reschedules the
// poller, grace and thresholds re-judge the status without a new poll).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VigilCalls } from '../../../common/ipc/contract.ts';
import { DEFAULT_ALERTING, DEFAULT_QUIET_HOURS } from '../../../common/ipc/alerting.ts';
import { NOTIFICATION_DEFAULTS } from '../../../common/ipc/settings.ts';
import type { StatusView } from '../../../common/ipc/views.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const start = Date.UTC(2026, 10, 1, 9, 30);
const about = { version: '1.2.3', logFile: '/var/log/vigil/main.log', shell: 'desktop' } as const;
let dir: string;
let clock: ManualClock;
let settings: FileSettingsStore;
let core: VigilCore;
/** The calls as the window makes them. */
let calls: VigilCalls;
let polls: number;
let statuses: StatusView[];

/** One heartbeat (interval 60 s) that last pinged 90 s before the test starts, one domain 20 days from expiry. */
const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/api/heartbeats') {
    polls += 1;
    return json([{ id: 'h1', name: 'Backup', expected_interval: 60, last_ping: new Date(start - 90_000).toISOString() }]);
  }
  if (url.pathname === '/api/domains') return json([{ id: 'd1', domain: 'example.com', days_until_expiry: 20 }]);
  return json([]);
};

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};
const health = (key: string) => statuses.at(-1)?.items.find((item) => item.key === key)?.health;

const freshFolder = tempFolders('vigil-settings-methods-');
beforeEach(async () => {
  dir = freshFolder();
  clock = manualClock(start);
  const logger = recordingLogger();
  settings = new FileSettingsStore({ directory: dir, logger });
  settings.update((s) => ({ ...s, connections: [{ id: 'prod', name: 'Prod', baseUrl: 'http://127.0.0.1:1/api', kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
  const secrets = new MemorySecretStore();
  await secrets.set('prod', 'a.b.c');
  polls = 0;
  statuses = [];
  core = await createVigilCore({ settings, alertStateDir: dir, historyDir: dir, secrets, localService: undefined, about, clock, logger, fetch: fakeFetch });
  calls = boundaryCalls(core);
  core.on('onDidChangeStatus', (status) => statuses.push(status));
  await core.start();
  await flush();
});
afterEach(() => core.stop());

describe('settings through the contract', () => {
  it('shows the defaults and the shell\'s About', async () => {
    expect(await calls.getSettings()).toEqual({
      pollIntervalSeconds: 60,
      domainThresholds: [30, 14, 7, 1],
      heartbeatGraceSeconds: 300,
      notifications: NOTIFICATION_DEFAULTS,
      quietHours: DEFAULT_QUIET_HOURS,
      alerting: DEFAULT_ALERTING,
      timeZone: expect.any(String),
      launchAtLogin: false,
      // A memory store stands in for the keychain: said as such, never as the keychain.
      secrets: { where: 'session', keychainName: expect.any(String), reason: 'Vigil was started without it' },
      about,
    });
  });

  it('changes only what the patch names, notifications flag by flag, and saves it to settings.json', async () => {
    const view = await calls.updateSettings({ heartbeatGraceSeconds: 600, notifications: { soundInfo: true, monitorRecovered: false }, launchAtLogin: true });
    expect(view).toMatchObject({ pollIntervalSeconds: 60, heartbeatGraceSeconds: 600, launchAtLogin: true, about });
    expect(view.notifications).toMatchObject({ soundInfo: true, monitorRecovered: false, monitorDown: true, quietSummary: false });
    expect(await calls.getSettings()).toEqual(view);
    const reopened = new FileSettingsStore({ directory: dir, logger: recordingLogger() }).read();
    expect(reopened).toMatchObject({ heartbeatGraceSeconds: 600, launchAtLogin: true, notifications: view.notifications });
    // The connections are not the window's to change here.
    expect(reopened.connections.map((c) => c.id)).toEqual(['prod']);
  });

  it('saves quiet hours and the alerting defaults whole, and reads them back', async () => {
    const quietHours = { enabled: true, ranges: [{ days: [1, 2, 3, 4, 5] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[], start: '22:00', end: '07:00' }], criticalBreaksThrough: false };
    const view = await calls.updateSettings({ quietHours, alerting: { delayMinutes: 5, flapping: { changes: 6, minutes: 30 } } });
    expect(view).toMatchObject({ quietHours, alerting: { delayMinutes: 5, flapping: { changes: 6, minutes: 30 } } });
    expect(new FileSettingsStore({ directory: dir, logger: recordingLogger() }).read().quietHours).toEqual(quietHours);
  });

  it('refuses a bad value naming the field, and changes nothing', async () => {
    const before = await calls.getSettings();
    await expect(calls.updateSettings({ pollIntervalSeconds: 5, domainThresholds: [1, 7] })).rejects.toMatchObject({
      code: 'invalid-arguments',
      details: [
        { field: '0.pollIntervalSeconds', message: 'must be between 10 seconds and 1 hour' },
        { field: '0.domainThresholds', message: 'must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1' },
      ],
    });
    expect(await calls.getSettings()).toEqual(before);
  });

  it('reschedules polling when the poll interval changes', async () => {
    expect(polls).toBe(1);
    clock.advance(30_000);
    await calls.updateSettings({ pollIntervalSeconds: 600 });
    clock.advance(60_000);
    await flush();
    expect(polls).toBe(1);
    await calls.updateSettings({ pollIntervalSeconds: 10 });
    clock.advance(10_000);
    await flush();
    expect(polls).toBe(2);
    clock.advance(10_000);
    await flush();
    expect(polls).toBe(3);
  });

  it('re-judges the status at once when the grace or the thresholds change', async () => {
    expect(health('prod/heartbeat:h1')).toBe('ok');
    expect(health('prod/domain:d1')).toBe('warning');
    const pollsBefore = polls;
    await calls.updateSettings({ heartbeatGraceSeconds: 0, domainThresholds: [14, 7, 1] });
    expect(health('prod/heartbeat:h1')).toBe('warning');
    expect(health('prod/domain:d1')).toBe('ok');
    expect((await calls.getStatus()).items.find((item) => item.key === 'prod/heartbeat:h1')?.health).toBe('warning');
    expect(polls).toBe(pollsBefore);
  });
});
