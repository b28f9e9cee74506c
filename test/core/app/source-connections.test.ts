// Read-only sources watched by the core beside each other (issue 21): a Statuspage page, Uptime Kuma read through
// its metrics with a key, and Healthchecks with a read-only key, each a real HTTP server on 127.0.0.1 answering as
// its documentation shows (test/helpers/source-fakes/). Their items reach the status, the tray and the alerts as a
// Vigil server's do; what a source says is in maintenance is maintenance; a source that cannot be read is "cannot
// tell" for its own items only; a source's key never reaches the monitoring API's calls.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertView, StatusView } from '../../../common/ipc/views.ts';
import { settleWindowMs } from '../../../main/core/app/alert-settling.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import { startOtherServer } from './core-fixture.ts';
import type { LocalServiceLauncher } from '../../../main/core/app/local-service-launcher.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Connection } from '../../../main/core/settings/settings-schema.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startFakeHealthchecks, uniqueKeyOf, type FakeHealthchecks } from '../../helpers/source-fakes/healthchecks.ts';
import { startFakeStatusPage, STATUSPAGE_SUMMARY, type FakeStatusPage } from '../../helpers/source-fakes/statuspage.ts';
import { startFakeKuma, type FakeKuma } from '../../helpers/source-fakes/uptime-kuma.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const refusingLauncher: LocalServiceLauncher = {
  dataDir: '/nonexistent/vigil-service',
  start: () => Promise.reject(new Error('local mode must stay off')),
  issueToken: () => Promise.reject(new Error('local mode must stay off')),
  sendTestEmail: () => Promise.reject(new Error('local mode must stay off')),
};

const NOW = Date.UTC(2026, 10, 29, 8, 0);
const HC_UUID = '5e9f7a4c-2b1d-4c8e-9f3a-6d7b8c9e0f1a';

let page: FakeStatusPage;
let kuma: FakeKuma;
let healthchecks: FakeHealthchecks;
let clock: ManualClock;
let settings: FileSettingsStore;
let secrets: MemorySecretStore;
let core: VigilCore;
let alerts: AlertView[];
let settingsDir: string;

beforeAll(async () => {
  [page, kuma, healthchecks] = await Promise.all([startFakeStatusPage('statuspage'), startFakeKuma(), startFakeHealthchecks()]);
});
afterAll(async () => {
  await Promise.all([page.close(), kuma.close(), healthchecks.stop()]);
});

function connections(): Connection[] {
  return [
    { id: 'github', name: 'GitHub', baseUrl: page.url, kind: 'remote', sourceKind: 'statuspage', enabled: true },
    { id: 'kuma', name: 'Home Kuma', baseUrl: kuma.url, kind: 'remote', sourceKind: 'uptime-kuma', enabled: true },
    { id: 'cron', name: 'Cron jobs', baseUrl: healthchecks.origin, kind: 'remote', sourceKind: 'healthchecks', enabled: true },
  ];
}

const freshFolder = tempFolders('vigil-source-connections-');
beforeEach(async () => {
  page.summary = STATUSPAGE_SUMMARY;
  page.trouble = 'none';
  kuma.monitors = [
    { id: 1, name: 'API', type: 'http', url: 'https://api.example.com/health', status: 1, ping: 120 },
    { id: 2, name: 'DB', type: 'port', hostname: 'db.internal', port: 5432, status: 0, ping: -1 },
    { id: 3, name: 'Queue', type: 'http', url: 'https://queue.example.com/', status: 3, ping: -1 },
  ];
  healthchecks.checks = [
    { uuid: HC_UUID, name: 'Nightly backup', status: 'grace', lastPing: '2026-11-28T07:30:00+00:00', nextPing: '2026-11-29T07:30:00+00:00', timeout: 86_400, grace: 3_600 },
  ];
  healthchecks.trouble(undefined);
  const dir = freshFolder();
  settingsDir = dir;
  clock = manualClock(NOW);
  const logger = recordingLogger();
  settings = new FileSettingsStore({ directory: dir, logger });
  settings.update((s) => ({ ...s, connections: connections() }));
  secrets = new MemorySecretStore();
  await secrets.set('kuma', kuma.apiKey);
  await secrets.set('cron', healthchecks.readOnlyKey);
  alerts = [];
  core = await createVigilCore({ settings, alertStateDir: dir, historyDir: dir, secrets, localService: refusingLauncher, about: { version: '0.0.0-test', shell: 'browser' }, clock, logger, fetch: globalThis.fetch });
  core.on('onAlert', (alert) => alerts.push(alert));
  await core.start();
  await core.calls.refreshNow();
});
afterEach(() => core.stop());

function item(status: StatusView, key: string) {
  const found = status.items.find((each) => each.key === key);
  if (found === undefined) throw new Error(`no item ${key} in ${status.items.map((each) => each.key).join(', ')}`);
  return found;
}

describe('sources in the status', () => {
  it('shows every source’s items under its own name and kind, judged as the source says', async () => {
    const status = await core.calls.getStatus();
    expect(status.servers.map((server) => [server.connection.name, server.connection.sourceKind, server.situation])).toEqual([
      ['GitHub', 'statuspage', 'ok'],
      ['Home Kuma', 'uptime-kuma', 'ok'],
      ['Cron jobs', 'healthchecks', 'ok'],
    ]);
    expect(status.level).toBe('critical');
    expect(item(status, 'github/source:c2')).toMatchObject({ kind: 'source', name: 'Webhooks', health: 'critical', state: 'down', serverName: 'GitHub', sourceItem: { kind: 'component', group: 'APIs' } });
    expect(item(status, 'github/source:c1')).toMatchObject({ health: 'warning', state: 'degraded' });
    expect(item(status, 'kuma/source:2')).toMatchObject({ name: 'DB', health: 'critical', state: 'down', sourceItem: { kind: 'monitor' } });
    expect(item(status, `cron/source:${uniqueKeyOf(HC_UUID)}`)).toMatchObject({ name: 'Nightly backup', health: 'warning', state: 'late', sourceItem: { kind: 'heartbeat' } });
    // What the source says is in maintenance is maintenance: listed so, counted apart, not a problem.
    expect(item(status, 'github/source:c3')).toMatchObject({ state: 'maintenance', maintenance: {} });
    expect(item(status, 'kuma/source:3')).toMatchObject({ state: 'maintenance', maintenance: {} });
    expect(status.tooltip).toMatch(/^Vigil — 2 down, 1 late, 1 degraded, 2 in maintenance on 3 of 3 sources · last checked \d{1,2}:\d\d( [AP]M)?$/);
    expect(status.trayItems.slice(0, 2).map((entry) => (entry.type === 'item' ? entry.label : entry.type))).toEqual([
      expect.stringMatching(/^GitHub · Webhooks — /),
      expect.stringMatching(/^Home Kuma · DB — /),
    ]);
  });

  it('tells each problem once, and a recovery once, as a Vigil server’s item', async () => {
    clock.advance(settleWindowMs);
    // Already so when Vigil began watching: one line per source, a summary where a source has several.
    expect(alerts.map((alert) => [alert.kind, alert.severity, alert.title])).toEqual([
      ['summary', 'critical', 'GitHub · 2 items with a problem'],
      ['source-problem', 'critical', 'Home Kuma · DB is down'],
      ['source-problem', 'warning', 'Cron jobs · Nightly backup is late'],
    ]);
    expect(alerts[0]?.body).toBe('Already so when Vigil began watching this server: REST API, Webhooks.');
    expect(alerts[1]).toMatchObject({ itemKey: 'kuma/source:2', body: 'Its source says: Down.' });
    kuma.monitors = kuma.monitors.map((monitor) => (monitor.id === 2 ? { ...monitor, status: 1, ping: 3 } : monitor));
    clock.advance(60_000);
    await core.calls.refreshNow();
    clock.advance(settleWindowMs);
    expect(alerts.filter((alert) => alert.kind === 'source-recovered')).toEqual([expect.objectContaining({ itemKey: 'kuma/source:2', title: 'Home Kuma · DB is back up', body: 'After 1 min with a problem, its source says: Up.' })]);
    // Its problem told once: the next polls, still down elsewhere and up here, tell nothing more.
    clock.advance(60_000);
    await core.calls.refreshNow();
    clock.advance(settleWindowMs);
    expect(alerts).toHaveLength(4);
  });

  it('says a source it cannot read cannot tell, for its own items only, never showing them up', async () => {
    page.trouble = 'moved';
    clock.advance(60_000);
    await core.calls.refreshNow();
    const status = await core.calls.getStatus();
    const github = status.servers.find((server) => server.connection.id === 'github');
    expect(github?.problem).toMatch(/status page at 127\.0\.0\.1:\d+/);
    expect(status.items.filter((each) => each.connectionId === 'github' && each.health === 'ok' && each.state === 'up')).toEqual([]);
    expect(item(status, 'kuma/source:2')).toMatchObject({ state: 'down' });
  });

  it('gives a source’s item a page of what Vigil saw of it, saying whose history that is', async () => {
    const history = await core.calls.getItemHistory('kuma/source:2', '24h');
    expect(history).toMatchObject({ key: 'kuma/source:2', kind: 'source', name: 'DB', state: 'down', serverName: 'Home Kuma' });
    // Uptime Kuma read through its metrics carries no past: Vigil's record is what there is, and the page says so.
    expect(history.source).toBe('client');
    expect(history.historyOwner).toBeUndefined();
    expect(history.notes).toContain('Its source keeps no history Vigil can read: shown is what Vigil saw of it while it was watching.');
    expect(history.notes).not.toContain('This server keeps no history: shown is what Vigil saw while it was watching.');
  });

  it('refuses the monitoring API’s calls for a source, sending its key nowhere', async () => {
    const before = kuma.requests.length;
    await expect(core.calls.listMonitors('kuma')).rejects.toThrow(/Home Kuma is read through Uptime Kuma's own API, which Vigil only reads/);
    expect(kuma.requests.length).toBe(before);
  });
});

describe('sources through the window’s calls', () => {
  it('recognises a source by its address, and adds it only once it answered, its key in the keychain', async () => {
    await core.calls.removeConnection('cron');
    expect(await core.calls.recogniseSource(page.url)).toMatchObject({ kind: 'statuspage', baseUrl: page.url, needsKey: false });
    expect(await core.calls.recogniseSource(healthchecks.origin)).toMatchObject({ kind: 'healthchecks', needsKey: true });
    const wrong = core.calls.addSource({ name: 'Cron jobs', baseUrl: healthchecks.origin, sourceKind: 'healthchecks', key: 'not-the-key' });
    await expect(wrong).rejects.toThrow(/^Healthchecks did not accept the API key/);
    expect(settings.read().connections.map((c) => c.name)).toEqual(['GitHub', 'Home Kuma']);
    const added = await core.calls.addSource({ name: 'Cron jobs', baseUrl: healthchecks.origin, sourceKind: 'healthchecks', key: healthchecks.readOnlyKey });
    expect(added).toMatchObject({ name: 'Cron jobs', sourceKind: 'healthchecks', kind: 'remote', enabled: true, auth: 'signed-in' });
    expect(await secrets.get(added.id)).toBe(healthchecks.readOnlyKey);
    expect(JSON.stringify(settings.read())).not.toContain(healthchecks.readOnlyKey);
    await core.calls.refreshNow();
    expect((await core.calls.getStatus()).items.filter((each) => each.connectionId === added.id)).toEqual([expect.objectContaining({ name: 'Nightly backup', state: 'late' })]);
  });

  it('follows a source another process added while it runs (`vigil login --kind` beside the app), at once', async () => {
    const watched = new Promise<StatusView>((resolve) => {
      core.on('onDidChangeStatus', (status) => {
        if (status.items.some((each) => each.connectionId === 'npm')) resolve(status);
      });
    });
    // The command line's own store on the same folder: nothing in this process reads the settings after the write.
    new FileSettingsStore({ directory: settingsDir, logger: recordingLogger() }).update((s) => ({
      ...s,
      connections: [...s.connections, { id: 'npm', name: 'npm', baseUrl: page.url, kind: 'remote', sourceKind: 'statuspage', enabled: true }],
    }));
    const status = await watched;
    expect(status.servers.map((server) => server.connection.name)).toEqual(['GitHub', 'Home Kuma', 'Cron jobs', 'npm']);
    expect(item(status, 'npm/source:c2')).toMatchObject({ name: 'Webhooks', state: 'down' });
  });

  it('acknowledges a source’s problem: set aside from the level and the tray until it recovers, then ended', async () => {
    await core.calls.acknowledge('kuma/source:2');
    const status = await core.calls.getStatus();
    expect(item(status, 'kuma/source:2')).toMatchObject({ state: 'down', acknowledgedAt: NOW });
    expect(status.servers.find((server) => server.connection.id === 'kuma')?.level).toBe('ok');
    kuma.monitors = kuma.monitors.map((monitor) => (monitor.id === 2 ? { ...monitor, status: 1, ping: 3 } : monitor));
    clock.advance(60_000);
    await core.calls.refreshNow();
    clock.advance(settleWindowMs);
    expect(alerts.filter((alert) => alert.itemKey === 'kuma/source:2').map((alert) => alert.kind)).toEqual(['source-problem', 'source-recovered']);
    expect(settings.read().acknowledgements).toEqual([]);
  });
});

describe('copying a source into a Vigil server', () => {
  it('previews, copies, and on a second run skips what is there; a new heartbeat’s ping URL is in the report', async () => {
    const other = await startOtherServer();
    try {
      const into = await core.calls.addRemoteConnection({ name: 'Laptop', baseUrl: other.apiUrl, token: other.token });
      const preview = await core.calls.copyConfiguration('kuma', into.id, { dryRun: true });
      expect(preview).toMatchObject({ dryRun: true, failed: undefined, skipped: [] });
      expect(preview.created.map(({ kind, name, target }) => [kind, name, target])).toEqual([
        ['monitor', 'API', 'https://api.example.com/health'],
        ['monitor', 'DB', 'db.internal:5432'],
        ['monitor', 'Queue', 'https://queue.example.com/'],
      ]);
      expect(await core.calls.listMonitors(into.id)).toEqual([]);

      const copied = await core.calls.copyConfiguration('kuma', into.id, { dryRun: false });
      expect(copied.created).toHaveLength(3);
      expect((await core.calls.listMonitors(into.id)).map((monitor) => [monitor.name, monitor.type, monitor.url, monitor.frequency])).toEqual([
        ['API', 'http', 'https://api.example.com/health', 60],
        ['DB', 'tcp', 'db.internal:5432', 60],
        ['Queue', 'http', 'https://queue.example.com/', 60],
      ]);
      const again = await core.calls.copyConfiguration('kuma', into.id, { dryRun: false });
      expect(again.created).toEqual([]);
      expect(again.skipped.map((entry) => entry.reason)).toEqual(['already on the server', 'already on the server', 'already on the server']);

      const jobs = await core.calls.copyConfiguration('cron', into.id, { dryRun: false });
      expect(jobs.created).toEqual([{ kind: 'heartbeat', name: 'Nightly backup', pingUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/.+/) }]);
      expect((await core.calls.listHeartbeats(into.id))[0]).toMatchObject({ name: 'Nightly backup', expected_interval: 86_400 });
      // A status page's components say nothing of a check: each is skipped with why, nothing is sent.
      const components = await core.calls.copyConfiguration('github', into.id, { dryRun: true });
      expect(components.created).toEqual([]);
      expect(components.skipped[0]).toMatchObject({ name: 'REST API', reason: expect.stringMatching(/^a status page’s component says nothing/) });
      await expect(core.calls.copyConfiguration(into.id, 'kuma', { dryRun: true })).rejects.toThrow(/Home Kuma is read through Uptime Kuma's own API, which Vigil only reads/);
    } finally {
      await other.close();
    }
  });
});

describe('a source’s own history on the item page', () => {
  it('draws a Healthchecks check from its flips and names whose history it is', async () => {
    healthchecks.checks = healthchecks.checks.map((check) => ({
      ...check,
      // Newest first, as Healthchecks answers: down two hours ago, up again 90 minutes ago; late for the last 30.
      flips: [
        { timestamp: new Date(NOW - 90 * 60_000).toISOString(), up: 1 },
        { timestamp: new Date(NOW - 120 * 60_000).toISOString(), up: 0 },
        { timestamp: new Date(NOW - 30 * 86_400_000).toISOString(), up: 1 },
      ],
    }));
    const page = await core.calls.getItemHistory(`cron/source:${uniqueKeyOf(HC_UUID)}`, '24h');
    expect(page).toMatchObject({ source: 'server', historyOwner: 'Healthchecks', checks: undefined });
    expect(page.notes).toEqual([]);
    expect(page.timeline.map(({ from, to, state }) => [from - NOW, to - NOW, state])).toEqual([
      [-86_400_000, -120 * 60_000, 'up'],
      [-120 * 60_000, -90 * 60_000, 'down'],
      [-90 * 60_000, -30 * 60_000, 'up'],
      // Flips are only between up and down: it is late (a warning) from when its ping was due, as it stands now.
      [-30 * 60_000, 0, 'late'],
    ]);
    // The outage two hours ago, and the lateness now.
    expect(page.incidents).toHaveLength(2);
    // Late is a problem its source reports, counted down as a heartbeat's is: watched all along, never "not watched".
    expect(page.uptime[0]).toMatchObject({ window: '24h', downSeconds: 60 * 60, unknownSeconds: 0 });
    // Asked with the read-only key, by the check's unique_key: the key the poll read is the one history is read with.
    expect(healthchecks.requests.at(-1)).toMatchObject({ path: `/api/v3/checks/${uniqueKeyOf(HC_UUID)}/flips/` });
  });

  it('says, in the source’s name, when its history could not be read, and shows Vigil’s record instead', async () => {
    healthchecks.trouble({ kind: 'html', status: 502 });
    const page = await core.calls.getItemHistory(`cron/source:${uniqueKeyOf(HC_UUID)}`, '24h');
    expect(page.source).toBe('client');
    expect(page.notes[0]).toMatch(/^Healthchecks' history of this item could not be read \(.+\); shown instead is what Vigil saw\.$/);
  });
});

describe('dependencies across sources', () => {
  it('holds an item’s news while its parent on another source is down, and tells it as it stands once that recovers', async () => {
    const rules = await core.calls.setItemRules('kuma/source:2', { dependsOn: 'github/source:c2' });
    expect(rules.dependsOn).toEqual({ itemKey: 'github/source:c2', name: 'Webhooks' });
    await expect(core.calls.setItemRules('github/source:c2', { dependsOn: 'kuma/source:2' })).rejects.toThrow(/^Webhooks cannot depend on DB: DB already depends on Webhooks/);
    const poll = async () => {
      clock.advance(60_000);
      await core.calls.refreshNow();
      clock.advance(settleWindowMs);
    };
    const setDb = (status: 0 | 1) => (kuma.monitors = kuma.monitors.map((monitor) => (monitor.id === 2 ? { ...monitor, status } : monitor)));
    setDb(1);
    await poll();
    const before = alerts.length;
    // Down again while Webhooks, which it depends on, is still down: nothing told of it.
    setDb(0);
    await poll();
    expect(alerts.slice(before)).toEqual([]);
    // Its row says why, as a parent on its own server would: "Down (Webhooks down)".
    expect(item(await core.calls.getStatus(), 'kuma/source:2')).toMatchObject({ state: 'down', cause: { key: 'github/source:c2', name: 'Webhooks' } });
    // Webhooks back: its recovery, and DB's news as it stands, naming what it depends on.
    page.summary = { ...STATUSPAGE_SUMMARY, components: STATUSPAGE_SUMMARY.components.map((each) => (each.id === 'c2' ? { ...each, status: 'operational' } : each)) };
    // Each source is polled on its own: DB's poll may come before or after the page's in a round, so two rounds.
    await poll();
    await poll();
    const told = alerts.slice(before).map((alert) => [alert.kind, alert.itemKey, alert.title]);
    expect(told).toContainEqual(['source-recovered', 'github/source:c2', 'GitHub · Webhooks is operational again']);
    expect(told).toContainEqual(expect.arrayContaining(['kuma/source:2']));
    const db = alerts.slice(before).find((alert) => alert.itemKey === 'kuma/source:2');
    expect(db?.body).toMatch(/Webhooks is back up/);
    expect(item(await core.calls.getStatus(), 'kuma/source:2').cause).toBeUndefined();
  });
});
