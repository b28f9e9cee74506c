// Calm alerts through the real core, for real: the local service keeps its own maintenance windows (the extension),
// while for a spec-only server (test/helpers/history-server.ts: 404 on /capabilities and /maintenance) Vigil keeps
// them in its settings and applies them to its own notifications. Items in maintenance leave the tray's level;
// ending maintenance tells what is still wrong, once. Dependencies fold children into their parent's one alert,
// show the parent as the cause, and a cycle is refused naming it. Quiet hours show in the status.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { refreshUntil, startCore, tempDirs, type CoreFixture } from './core-fixture.ts';

let dirs: ReturnType<typeof tempDirs>;
let legacy: HistoryServer;
let app: CoreFixture;
let legacyId: string;

const monitor = (id: string, name: string) => ({ id, name, type: 'http', url: `https://${id}.legacy.example/`, frequency: 60, last_status: 'up' });
const keyOf = (id: string) => `${legacyId}/monitor:${id}`;
const setStatus = (id: string, status: 'up' | 'down') => {
  for (const each of legacy.state.monitors) if (each.id === id) each.last_status = status;
};

beforeAll(async () => {
  dirs = tempDirs();
  [legacy, app] = await Promise.all([
    startHistoryServer({ monitors: [monitor('router', 'Router'), monitor('api', 'API'), monitor('web', 'Web'), monitor('shop', 'Shop')] }),
    startCore(dirs),
  ]);
  legacyId = (await app.calls.addRemoteConnection({ name: 'Legacy', baseUrl: legacy.apiUrl, token: 'a.b.c' })).id;
  await refreshUntil(app, (status) => status.items.some((item) => item.key === keyOf('api') && item.health === 'ok'));
}, 60_000);

afterAll(async () => {
  await app.core.stop();
  await legacy.close();
  dirs.remove();
});

// A window's start and its end are one story, in this order (declared rather than assumed: a shuffled run keeps it).
describe('maintenance on a server without the extension', { shuffle: false }, () => {
  it('is kept by Vigil: the item is marked, leaves the level, and its going down tells nothing', async () => {
    const [window] = await app.calls.startMaintenance({ scope: 'item', itemKey: keyOf('api') }, { forMinutes: 60, reason: 'deploy' });
    expect(window).toMatchObject({ connectionId: legacyId, serverName: 'Legacy', itemKey: keyOf('api'), itemName: 'API', active: true, keptBy: 'vigil', reason: 'deploy' });
    expect((window?.endsAt ?? 0) - (window?.startsAt ?? 0)).toBe(3_600_000);
    expect(legacy.requests.filter((request) => request.startsWith('POST'))).toEqual([]);

    setStatus('api', 'down');
    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('api') && item.health === 'critical'));
    expect(status.items.find((item) => item.key === keyOf('api'))).toMatchObject({ maintenance: { until: window?.endsAt } });
    expect(status.servers.find((server) => server.connection.id === legacyId)?.level).toBe('ok');
    expect(status.maintenance.map((each) => each.id)).toEqual([window?.id]);
    // An hour from now: a time of day, with its date when that is tomorrow (a run just before midnight).
    expect(status.trayItems).toContainEqual(expect.objectContaining({ key: keyOf('api'), label: expect.stringMatching(/^Legacy · API — .*\(maintenance until ([A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d\d( [AP]M)?\)$/) }));
    await app.calls.refreshNow();
    expect(app.alerts.filter((alert) => alert.itemKey === keyOf('api'))).toEqual([]);
  });

  it('tells what is still wrong once when it ends, and nothing more after', async () => {
    await app.calls.endMaintenance({ scope: 'item', itemKey: keyOf('api') });
    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('api') && item.maintenance === undefined));
    expect(status.maintenance).toEqual([]);
    expect(status.servers.find((server) => server.connection.id === legacyId)?.level).toBe('critical');
    await vi.waitFor(() => expect(app.alerts.filter((alert) => alert.itemKey === keyOf('api')).map((alert) => alert.title)).toEqual(['Legacy · API is still down after maintenance']), { timeout: 5_000 });
    await app.calls.refreshNow();
    await app.calls.refreshNow();
    expect(app.alerts.filter((alert) => alert.itemKey === keyOf('api'))).toHaveLength(1);
    // The ended window stays in the settings, for the record, with when it ended.
    expect(app.settings.read().maintenance).toEqual([expect.objectContaining({ item: 'monitor:api', endedAt: expect.any(Number) })]);
    setStatus('api', 'up');
    await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('api') && item.health === 'ok'));
    await vi.waitFor(() => expect(app.alerts.at(-1)?.title).toBe('Legacy · API is back up'), { timeout: 5_000 });
  });

  it('refuses a window that would already be over, and one with no length, in a sentence', async () => {
    await expect(app.calls.startMaintenance({ scope: 'server', connectionId: legacyId }, { startsAt: 0, endsAt: 1_000 })).rejects.toMatchObject({
      message: 'That maintenance window would already be over: choose an end in the future.',
    });
    await expect(app.calls.startMaintenance({ scope: 'server', connectionId: legacyId }, {})).rejects.toMatchObject({
      code: 'invalid-arguments',
      details: [{ field: '1.forMinutes', message: 'say how long: forMinutes, endsAt (null: until ended) or repeat' }],
    });
    await expect(app.calls.endMaintenance({ id: `${legacyId}/gone` })).rejects.toMatchObject({ message: 'That maintenance window is not there any more: it may have ended already.' });
  });
});

describe('maintenance on the local service', () => {
  it('is kept by the service: started for the whole server, listed by it, and ended by it', async () => {
    const [window] = await app.calls.startMaintenance({ scope: 'server', connectionId: 'local' }, { forMinutes: 30, reason: 'upgrade' });
    expect(window).toMatchObject({ connectionId: 'local', active: true, keptBy: 'server', reason: 'upgrade' });
    expect(window?.itemKey).toBeUndefined();
    const during = await refreshUntil(app, (s) => s.maintenance.some((each) => each.id === window?.id));
    expect(during.servers.find((server) => server.connection.id === 'local')?.maintenance).toEqual({ until: window?.endsAt });
    await app.calls.endMaintenance({ id: window?.id ?? '' });
    const after = await refreshUntil(app, (s) => s.maintenance.length === 0);
    expect(after.servers.find((server) => server.connection.id === 'local')?.maintenance).toBeUndefined();
  });
});

describe('dependencies', () => {
  it('refuses a cycle naming the chain and an item depending on itself, and keeps a parent on another server itself', async () => {
    await app.calls.setItemRules(keyOf('web'), { dependsOn: keyOf('router') });
    await app.calls.setItemRules(keyOf('router'), { dependsOn: keyOf('shop') });
    await expect(app.calls.setItemRules(keyOf('shop'), { dependsOn: keyOf('web') })).rejects.toMatchObject({
      message: 'Shop cannot depend on Web: Web already depends on Shop (Shop → Web → Router → Shop).',
      details: [{ field: '1.dependsOn' }],
    });
    await expect(app.calls.setItemRules(keyOf('shop'), { dependsOn: keyOf('shop') })).rejects.toMatchObject({ message: 'Shop cannot depend on itself.' });
    // A parent on another server is Vigil's to keep (this server keeps the rest, or not), and can be taken back.
    expect(await app.calls.setItemRules(keyOf('shop'), { dependsOn: 'local/monitor:1' })).toMatchObject({ dependsOn: { itemKey: 'local/monitor:1' }, dependenciesKeptBy: 'vigil' });
    expect(app.settings.read().dependencies[keyOf('shop')]).toBe('local/monitor:1');
    await app.calls.setItemRules(keyOf('shop'), { dependsOn: null });
    await app.calls.setItemRules(keyOf('router'), { dependsOn: null });
    expect(await app.calls.getItemRules(keyOf('router'))).toEqual({ itemKey: keyOf('router'), defaultDelayMinutes: 0, tell: { down: true, recovered: true, late: true, expiry: true }, dependents: 1, dependenciesKeptBy: 'vigil' });
    expect(await app.calls.getItemRules(keyOf('web'))).toMatchObject({ dependsOn: { itemKey: keyOf('router'), name: 'Router' }, dependents: 0 });
    await app.calls.setItemRules(keyOf('web'), { dependsOn: null });
  });

  it("folds a child's outage into its parent's one alert, and shows the parent as the child's cause", async () => {
    await app.calls.setItemRules(keyOf('web'), { dependsOn: keyOf('router') });
    await app.calls.setItemRules(keyOf('api'), { dependsOn: keyOf('router') });
    const before = app.alerts.length;
    setStatus('router', 'down');
    setStatus('web', 'down');
    setStatus('api', 'down');
    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('web') && item.health === 'critical'));
    expect(status.items.find((item) => item.key === keyOf('web'))).toMatchObject({ state: 'down', cause: { key: keyOf('router'), name: 'Router' } });
    expect(status.items.find((item) => item.key === keyOf('router'))?.cause).toBeUndefined();
    await vi.waitFor(() => expect(app.alerts.slice(before).map((alert) => alert.title)).toEqual(['Legacy · Router is down — 2 dependent monitors affected']), { timeout: 5_000 });
    setStatus('router', 'up');
    setStatus('api', 'up');
    await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('router') && item.health === 'ok'));
    // Only the child still down is told when the parent recovers.
    await vi.waitFor(() => expect(app.alerts.slice(before + 1).map((alert) => alert.title)).toContainEqual(expect.stringMatching(/Web/)), { timeout: 5_000 });
    expect(app.alerts.slice(before + 1).some((alert) => /API/.test(alert.title) && !/Router/.test(alert.title))).toBe(false);
    // Left as found: everything up, nothing depending on anything.
    setStatus('web', 'up');
    await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('web') && item.health === 'ok'));
    for (const child of ['web', 'api']) await app.calls.setItemRules(keyOf(child), { dependsOn: null });
  });
});

describe('item rules', () => {
  it('keep an item\'s own delay and the kinds it tells, and put each back to the default with null', async () => {
    const own = await app.calls.setItemRules(keyOf('shop'), { delayMinutes: 10, tell: { recovered: false } });
    expect(own).toMatchObject({ delayMinutes: 10, defaultDelayMinutes: 0, tell: { down: true, recovered: false, late: true, expiry: true } });
    expect(app.settings.read().itemRules[keyOf('shop')]).toEqual({ delayMinutes: 10, tell: { recovered: false } });
    const back = await app.calls.setItemRules(keyOf('shop'), { delayMinutes: null, tell: { recovered: true } });
    expect(back.delayMinutes).toBeUndefined();
    expect(back.tell.recovered).toBe(true);
    expect(app.settings.read().itemRules[keyOf('shop')]).toBeUndefined();
    await expect(app.calls.setItemRules(keyOf('shop'), { delayMinutes: 2_000 })).rejects.toMatchObject({ code: 'invalid-arguments', details: [{ field: '1.delayMinutes' }] });
  });
});

describe('quiet hours', () => {
  it('show in the status while they are in force (a schedule covering every moment has no end to give)', async () => {
    const always = { enabled: true, ranges: [{ days: [0, 1, 2, 3, 4, 5, 6] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[], start: '00:00', end: '00:00' }], criticalBreaksThrough: true };
    await app.calls.updateSettings({ quietHours: always });
    const status = await app.statusWhere((s) => s.quiet !== undefined);
    expect(status.quiet).toEqual({});
    await app.calls.updateSettings({ quietHours: { ...always, enabled: false } });
    await app.statusWhere((s) => s.quiet === undefined);
  });
});
