// The core's polling with a clock the test moves and a fake server behind the injected fetch: the interval comes
// from the settings (and follows them), suspend/resume hold and restart polling, and saved remote connections
// keep local mode off.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { checkCall } from '../../../common/ipc/call-check.ts';
import type { AlertView, StatusView } from '../../../common/ipc/views.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import type { LocalServiceLauncher } from '../../../main/core/app/local-service-launcher.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const baseUrl = 'http://127.0.0.1:1/api';
let dir: string;
let clock: ManualClock;
let settings: FileSettingsStore;
let core: VigilCore;
let polls: number;
let statuses: StatusView[];
let alerts: AlertView[];
/** What the fake server says of its one monitor. */
let m1Status: string;
/** Monitors the fake server has besides m1. */
let otherMonitors: { id: string; status: string }[];
/** Polls by server address (host and port). */
let pollsOf: Map<string, number>;
let secrets: MemorySecretStore;

/** Answers like a server with one monitor (down unless a test says otherwise); a poll is counted by its GET /heartbeats. */
const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/api/heartbeats') {
    polls += 1;
    pollsOf.set(url.host, (pollsOf.get(url.host) ?? 0) + 1);
    return json([]);
  }
  if (url.pathname === '/api/monitors') {
    const monitors = [{ id: 'm1', status: m1Status, name: 'API' }, ...otherMonitors.map((other) => ({ ...other, name: `Monitor ${other.id}` }))];
    const page = monitors.map(({ id, status, name }) => ({ id, name, type: 'http', url: `https://${id}.example/`, frequency: 60, last_status: status }));
    return json(url.searchParams.get('page') === '1' ? page : []);
  }
  return json([]);
};

const refusingLauncher: LocalServiceLauncher = {
  dataDir: '/nonexistent/vigil-service',
  start: () => Promise.reject(new Error('local mode must stay off')),
  issueToken: () => Promise.reject(new Error('local mode must stay off')),
  sendTestEmail: () => Promise.reject(new Error('local mode must stay off')),
};

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

const freshFolder = tempFolders('vigil-core-polling-');
beforeEach(async () => {
  dir = freshFolder();
  clock = manualClock();
  const logger = recordingLogger();
  settings = new FileSettingsStore({ directory: dir, logger });
  settings.update((s) => ({ ...s, connections: [{ id: 'prod', name: 'Prod', baseUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }], pollIntervalSeconds: 60 }));
  secrets = new MemorySecretStore();
  await secrets.set('prod', 'a.b.c');
  polls = 0;
  pollsOf = new Map();
  statuses = [];
  alerts = [];
  m1Status = 'down';
  otherMonitors = [];
  core = await createVigilCore({ settings, alertStateDir: dir, historyDir: dir, secrets, localService: refusingLauncher, about: { version: '0.0.0-test', shell: 'browser' }, clock, logger, fetch: fakeFetch });
  core.on('onDidChangeStatus', (status) => statuses.push(status));
  core.on('onAlert', (alert) => alerts.push(alert));
  await core.start();
  await flush();
});
afterEach(() => core.stop());

it('polls the saved remote connection at once and then on the interval from the settings, without local mode', async () => {
  expect(polls).toBe(1);
  expect(statuses.at(-1)).toMatchObject({ level: 'critical', servers: [{ connection: { id: 'prod', kind: 'remote', auth: 'signed-in' } }] });
  expect(statuses.at(-1)?.items[0]).toMatchObject({ key: 'prod/monitor:m1', health: 'critical', state: 'down' });
  clock.advance(59_000);
  await flush();
  expect(polls).toBe(1);
  clock.advance(1_000);
  await flush();
  expect(polls).toBe(2);

  settings.update((s) => ({ ...s, pollIntervalSeconds: 10 }));
  clock.advance(10_000);
  await flush();
  expect(polls).toBe(3);
});

it('holds polling while suspended and polls at once on resume', async () => {
  core.suspend();
  clock.advance(10 * 60_000);
  await flush();
  expect(polls).toBe(1);
  await core.calls.refreshNow();
  expect(polls).toBe(1);
  core.resume();
  await flush();
  expect(polls).toBe(2);
  // Online again without a suspension: one poll at once as well.
  core.resume();
  await flush();
  expect(polls).toBe(3);
});

it("tells an item's news unless it is snoozed under its own server's key, opening it on its server", async () => {
  expect(alerts.map((alert) => [alert.kind, alert.itemKey])).toEqual([['monitor-down', 'prod/monitor:m1']]);
  // The same monitor id snoozed on another server silences nothing here.
  settings.update((s) => ({ ...s, snoozes: [{ key: 'other/monitor:m1', until: 'resumed' }] }));
  m1Status = 'up';
  clock.advance(60_000);
  await flush();
  expect(alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-recovered']);
  settings.update((s) => ({ ...s, snoozes: [{ key: 'prod/monitor:m1', until: 'resumed' }] }));
  m1Status = 'down';
  clock.advance(60_000);
  await flush();
  expect(polls).toBe(3);
  expect(alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-recovered']);
  expect(statuses.at(-1)?.items[0]).toMatchObject({ key: 'prod/monitor:m1', snoozedUntil: 'resumed', state: 'down' });
});

it('sets an acknowledged problem aside, tells nothing more of it, tells its recovery, and ends it in the settings', async () => {
  const at = clock.now();
  settings.update((s) => ({ ...s, acknowledgements: [{ key: 'prod/monitor:m1', at }, { key: 'other/monitor:m1', at }] }));
  clock.advance(60_000);
  await flush();
  expect(statuses.at(-1)).toMatchObject({ level: 'ok', items: [{ key: 'prod/monitor:m1', state: 'down', acknowledgedAt: at }] });
  expect(statuses.at(-1)?.trayItems).toEqual([expect.objectContaining({ key: 'prod/monitor:m1', acknowledgedAt: at, label: expect.stringMatching(/^API — .* \(acknowledged .+\)$/) })]);
  m1Status = 'up';
  clock.advance(60_000);
  await flush();
  expect(alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-recovered']);
  // Only this server's acknowledgement ended; one of the same id on another server is not this one's to end.
  expect(settings.read().acknowledgements).toEqual([{ key: 'other/monitor:m1', at }]);
  m1Status = 'down';
  clock.advance(60_000);
  await flush();
  expect(alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-recovered', 'monitor-down']);
});

it('polls every enabled connection on its own timer; suspend, resume and refresh apply to all, and turning one off stops only it', async () => {
  await secrets.set('side', 'd.e.f');
  settings.update((s) => ({ ...s, connections: [...s.connections, { id: 'side', name: 'Side', baseUrl: 'http://127.0.0.1:2/api', kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
  await flush();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 1, '127.0.0.1:2': 1 });
  await core.calls.refreshNow();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 2, '127.0.0.1:2': 2 });
  expect(statuses.at(-1)?.servers.map((server) => server.connection.id)).toEqual(['prod', 'side']);
  core.suspend();
  clock.advance(10 * 60_000);
  await flush();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 2, '127.0.0.1:2': 2 });
  core.resume();
  await flush();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 3, '127.0.0.1:2': 3 });
  settings.update((s) => ({ ...s, connections: s.connections.map((c) => (c.id === 'prod' ? { ...c, enabled: false } : c)) }));
  await flush();
  clock.advance(60_000);
  await flush();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 3, '127.0.0.1:2': 4 });
  expect(statuses.at(-1)?.servers.map((server) => server.connection.id)).toEqual(['side']);
});

it('tells what changed while a server was turned off as on a first poll: one summary, not a burst of fresh news', async () => {
  expect(alerts.map((alert) => [alert.kind, alert.itemKey])).toEqual([['monitor-down', 'prod/monitor:m1']]);
  settings.update((s) => ({ ...s, connections: s.connections.map((c) => ({ ...c, enabled: false })) }));
  await flush();
  // While it is off, m1 recovers and two more monitors go down.
  m1Status = 'up';
  otherMonitors = [
    { id: 'm2', status: 'down' },
    { id: 'm3', status: 'down' },
  ];
  clock.advance(10 * 60_000);
  await flush();
  expect(polls).toBe(1);
  settings.update((s) => ({ ...s, connections: s.connections.map((c) => ({ ...c, enabled: true })) }));
  await flush();
  expect(polls).toBe(2);
  const told = alerts.slice(1);
  expect(told).toHaveLength(1);
  expect(told[0]).toMatchObject({ kind: 'summary', connectionId: 'prod' });
  expect(`${told[0]?.title} ${told[0]?.body}`).toMatch(/Already so when Vigil began watching this server/u);
  // After that first poll, news is news again.
  otherMonitors = [{ id: 'm2', status: 'up' }, { id: 'm3', status: 'down' }];
  clock.advance(60_000);
  await flush();
  expect(alerts.slice(2).map((alert) => [alert.kind, alert.itemKey])).toEqual([['monitor-recovered', 'prod/monitor:m2']]);
});

it("refreshes one server only when given its connection id (a server's \"Try again\"), every server without one", async () => {
  await secrets.set('side', 'd.e.f');
  settings.update((s) => ({ ...s, connections: [...s.connections, { id: 'side', name: 'Side', baseUrl: 'http://127.0.0.1:2/api', kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
  await flush();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 1, '127.0.0.1:2': 1 });
  await core.calls.refreshNow('side');
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 1, '127.0.0.1:2': 2 });
  await core.calls.refreshNow();
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 2, '127.0.0.1:2': 3 });
  settings.update((s) => ({ ...s, connections: s.connections.map((c) => (c.id === 'side' ? { ...c, enabled: false } : c)) }));
  await expect(core.calls.refreshNow('side')).rejects.toThrow('Side is turned off');
  await expect(core.calls.refreshNow('gone')).rejects.toThrow('There is no connection with the id "gone"');
  expect(Object.fromEntries(pollsOf)).toEqual({ '127.0.0.1:1': 2, '127.0.0.1:2': 3 });
});

it('checks refreshNow\'s connection id, which may be left out', () => {
  expect(checkCall('refreshNow', [])).toEqual({ ok: true, method: 'refreshNow', args: [undefined] });
  expect(checkCall('refreshNow', ['side'])).toEqual({ ok: true, method: 'refreshNow', args: ['side'] });
  expect(checkCall('refreshNow', ['not an id'])).toMatchObject({ ok: false, error: { code: 'invalid-arguments', details: [{ field: '0' }] } });
  expect(checkCall('refreshNow', ['side', 'more'])).toMatchObject({ ok: false, error: { details: [{ field: '', message: 'takes 0 or 1 argument, not 2' }] } });
  expect(checkCall('getStatus', ['extra'])).toMatchObject({ ok: false, error: { details: [{ field: '', message: 'takes 0 arguments, not 1' }] } });
});
