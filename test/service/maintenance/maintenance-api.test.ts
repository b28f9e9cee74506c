// The maintenance extension's endpoints over real HTTP (docs/api-decisions.md §15): every operation, every bad
// field a 400 naming it, unknown ids, other methods, the bearer token, the bound on windows, windows kept across a
// restart, and an item's windows deleted with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_LIMITS } from '../../../common/maintenance/maintenance.ts';
import { at, minute, openMaintenanceFixture, type MaintenanceFixture, type MaintenanceWindowJson } from './maintenance-fixture.ts';

const start = Date.UTC(2026, 10, 2, 10, 0);

let fixture: MaintenanceFixture;
let monitorId: string;
let heartbeatId: string;

beforeAll(async () => {
  fixture = await openMaintenanceFixture(start, { rateLimitPerMinute: 100_000 });
  monitorId = ((await fixture.api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'tcp', url: '127.0.0.1:9', frequency: 60 } })).json as { id: string }).id;
  heartbeatId = ((await fixture.api('/heartbeats', { method: 'POST', body: { name: 'backup', expected_interval: 3600 } })).json as { id: string }).id;
});
afterAll(() => fixture.close());

const now = () => fixture.clock.now();
const post = (body: unknown) => fixture.api('/maintenance', { method: 'POST', body });
const list = async (query = '') => (await fixture.api(`/maintenance${query}`)).json as MaintenanceWindowJson[];

describe('GET /capabilities', () => {
  it('lists maintenance beside history', async () => {
    expect(((await fixture.api('/capabilities')).json as { extensions: string[] }).extensions).toEqual(['history', 'maintenance', 'checks', 'cron', 'notes', 'changes', 'dependencies']);
  });
});

describe('POST /maintenance', () => {
  it('creates a window for one item, starting now and open-ended by default', async () => {
    const response = await post({ item: `monitor:${monitorId}`, reason: '  deploy  ' });
    expect(response.status).toBe(201);
    const window = response.json as MaintenanceWindowJson;
    expect(window).toEqual({
      id: expect.stringMatching(/^mw_/),
      item: `monitor:${monitorId}`,
      item_name: 'Shop',
      starts_at: at(now()),
      ends_at: null,
      reason: 'deploy',
      created_at: at(now()),
      active: true,
    });
    expect((await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('creates a server-wide window with an end, and a weekly one, with every field answered', async () => {
    const endsAt = at(now() + 30 * minute);
    const everything = (await post({ ends_at: endsAt })).json as MaintenanceWindowJson;
    expect(everything).toEqual({ id: expect.any(String), starts_at: at(now()), ends_at: endsAt, created_at: at(now()), active: true });
    const repeat = { days: [6, 0], start: '22:00', end: '02:00', timezone: 'Europe/Berlin' };
    const weekly = (await post({ item: `heartbeat:${heartbeatId}`, starts_at: at(now() + 60 * minute), repeat })).json as MaintenanceWindowJson;
    expect(weekly).toMatchObject({ item: `heartbeat:${heartbeatId}`, item_name: 'backup', starts_at: at(now() + 60 * minute), ends_at: null, active: false });
    expect(weekly.repeat).toEqual({ ...repeat, days: [0, 6] });
    for (const id of [everything.id, weekly.id]) await fixture.api(`/maintenance/${id}`, { method: 'DELETE' });
  });

  it('takes a start in the past as now', async () => {
    const window = (await post({ starts_at: at(now() - 60 * minute), ends_at: at(now() + minute) })).json as MaintenanceWindowJson;
    expect(window.starts_at).toBe(at(now()));
    await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' });
  });

  const inAnHour = () => at(now() + 60 * minute);
  const repeat = { days: [1], start: '01:00', end: '03:00', timezone: 'UTC' };
  it.each<[string, () => unknown, string]>([
    ['a body that is not an object', () => [], ''],
    ['an unknown field', () => ({ colour: 'red' }), ''],
    ['an item of another kind', () => ({ item: 'server:1' }), 'item'],
    ['an item that is not text', () => ({ item: 42 }), 'item'],
    ['an item that does not exist', () => ({ item: 'monitor:mon_nope' }), 'item'],
    ['a start without an offset', () => ({ starts_at: '2026-11-02T12:00:00' }), 'starts_at'],
    ['a start that is not a time', () => ({ starts_at: 'tomorrow' }), 'starts_at'],
    ['an end that is not a time', () => ({ ends_at: 'soon' }), 'ends_at'],
    ['an end before the start', () => ({ starts_at: inAnHour(), ends_at: at(now() + minute) }), 'ends_at'],
    ['an end in the past', () => ({ ends_at: at(now() - minute) }), 'ends_at'],
    ['a repeat that is not an object', () => ({ repeat: 'weekly' }), 'repeat'],
    ['a weekday out of range', () => ({ repeat: { ...repeat, days: [7] } }), 'repeat.days.0'],
    ['no weekdays', () => ({ repeat: { ...repeat, days: [] } }), 'repeat.days'],
    ['a weekday twice', () => ({ repeat: { ...repeat, days: [1, 1] } }), 'repeat.days'],
    ['a start time out of range', () => ({ repeat: { ...repeat, start: '24:00' } }), 'repeat.start'],
    ['an end time that is not a time', () => ({ repeat: { ...repeat, end: '3pm' } }), 'repeat.end'],
    ['an unknown time zone', () => ({ repeat: { ...repeat, timezone: 'Mars/Olympus_Mons' } }), 'repeat.timezone'],
    ['no time zone', () => ({ repeat: { days: [1], start: '01:00', end: '03:00' } }), 'repeat.timezone'],
    ['a reason that is not text', () => ({ reason: 5 }), 'reason'],
    ['a reason too long', () => ({ reason: 'x'.repeat(MAINTENANCE_LIMITS.reasonLength + 1) }), 'reason'],
  ])('refuses %s: 400 naming the field', async (_what, body, field) => {
    const response = await post(body());
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field }] } });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fixture.api('/maintenance', { method: 'POST', rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'bad_request' } });
  });
});

describe('GET /maintenance', () => {
  it('lists active and upcoming windows oldest start first; include=ended adds those over', async () => {
    const later = await fixture.startMaintenance({ starts_at: at(now() + 120 * minute), ends_at: at(now() + 180 * minute) });
    const soon = await fixture.startMaintenance({ item: `monitor:${monitorId}`, ends_at: at(now() + 10 * minute) });
    const upcoming = await fixture.startMaintenance({ item: `monitor:${monitorId}`, starts_at: at(now() + 60 * minute) });
    expect((await list()).map((window) => window.id)).toEqual([soon.id, upcoming.id, later.id]);

    fixture.clock.advance(11 * minute);
    expect((await list()).map((window) => window.id)).toEqual([upcoming.id, later.id]);
    const all = await list('?include=ended');
    expect(all.map((window) => window.id)).toEqual([soon.id, upcoming.id, later.id]);
    expect(all[0]).toMatchObject({ active: false, ends_at: soon.ends_at });
    for (const window of all) await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' });
  });

  it('refuses another include: 400 naming it', async () => {
    const response = await fixture.api('/maintenance?include=all');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field: 'include' }] } });
  });
});

describe('GET, end and DELETE /maintenance/{id}', () => {
  it('reads a window, ends it now (once), and deletes it', async () => {
    const window = await fixture.startMaintenance({ item: `monitor:${monitorId}` });
    expect((await fixture.api(`/maintenance/${window.id}`)).json).toEqual(window);

    fixture.clock.advance(5 * minute);
    const ended = await fixture.api(`/maintenance/${window.id}/end`, { method: 'POST' });
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ ...window, ended_at: at(now()), active: false });
    fixture.clock.advance(minute);
    expect((await fixture.api(`/maintenance/${window.id}/end`, { method: 'POST' })).json).toEqual(ended.json);
    expect(await list()).toEqual([]);

    expect((await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fixture.api(`/maintenance/${window.id}`)).status).toBe(404);
  });

  it('ends an upcoming window before it began: it never becomes active', async () => {
    const window = await fixture.startMaintenance({ starts_at: at(now() + 10 * minute) });
    const ended = (await fixture.api(`/maintenance/${window.id}/end`, { method: 'POST' })).json as MaintenanceWindowJson;
    expect(ended.ended_at).toBe(at(now()));
    fixture.clock.advance(15 * minute);
    expect((await fixture.api(`/maintenance/${window.id}`)).json).toMatchObject({ active: false });
    await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' });
  });

  it.each([
    ['GET', '/maintenance/mw_nope'],
    ['POST', '/maintenance/mw_nope/end'],
    ['DELETE', '/maintenance/mw_nope'],
  ])('%s %s → 404', async (method, path) => {
    const response = await fixture.api(path, { method });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: { code: 'not_found' } });
  });

  it.each([
    ['PUT', '/maintenance', 'GET, HEAD, POST'],
    ['DELETE', '/maintenance', 'GET, HEAD, POST'],
    ['PUT', '/maintenance/mw_x', 'DELETE, GET, HEAD'],
    ['GET', '/maintenance/mw_x/end', 'POST'],
  ])('%s %s → 405 allowing %s', async (method, path, allow) => {
    const response = await fixture.api(path, { method, body: method === 'PUT' ? {} : undefined });
    expect(response.status).toBe(405);
    expect(response.json).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(response.headers.get('allow')).toBe(allow);
  });

  it.each([
    ['GET', '/maintenance'],
    ['POST', '/maintenance'],
    ['GET', '/maintenance/mw_x'],
    ['POST', '/maintenance/mw_x/end'],
    ['DELETE', '/maintenance/mw_x'],
  ])('%s %s needs the bearer token', async (method, path) => {
    for (const token of [null, 'not-a-token']) {
      const response = await fixture.api(path, { method, token, body: method === 'POST' && path === '/maintenance' ? {} : undefined });
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });
});

/** Makes `count` requests, ten in flight at a time: a thousand one after another take long on a loaded machine. */
async function tenAtATime<T>(count: number, request: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => request(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe('bounds, restarts and deleted items', () => {
  it(`keeps at most ${MAINTENANCE_LIMITS.windows} windows: the longest over make room, then 409`, async () => {
    const upcoming = { starts_at: at(now() + 60 * minute), ends_at: at(now() + 120 * minute) };
    const first = await fixture.startMaintenance({ ends_at: at(now() + minute) });
    fixture.clock.advance(2 * minute);
    const statuses = await tenAtATime(MAINTENANCE_LIMITS.windows - 1, async () => (await post(upcoming)).status);
    expect(new Set(statuses)).toEqual(new Set([201]));
    expect((await list('?include=ended')).length).toBe(MAINTENANCE_LIMITS.windows);

    expect((await post(upcoming)).status).toBe(201);
    expect((await fixture.api(`/maintenance/${first.id}`)).status).toBe(404);
    const refused = await post(upcoming);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { code: 'quota_exceeded' } });
    const windows = await list('?include=ended');
    await tenAtATime(windows.length, (index) => fixture.api(`/maintenance/${windows[index]?.id ?? ''}`, { method: 'DELETE' }));
  }, 60_000);

  it('keeps windows across a restart', async () => {
    const window = await fixture.startMaintenance({ item: `monitor:${monitorId}`, reason: 'upgrade' });
    await fixture.restart();
    expect((await fixture.api(`/maintenance/${window.id}`)).json).toEqual(window);
    await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' });
  });

  it("deletes an item's windows with it", async () => {
    const created = await fixture.api('/monitors', { method: 'POST', body: { name: 'Brief', type: 'tcp', url: '127.0.0.1:9', frequency: 60 } });
    const id = (created.json as { id: string }).id;
    const own = await fixture.startMaintenance({ item: `monitor:${id}` });
    const everything = await fixture.startMaintenance({});
    await fixture.api(`/monitors/${id}`, { method: 'DELETE' });
    expect((await fixture.api(`/maintenance/${own.id}`)).status).toBe(404);
    expect((await list()).map((window) => window.id)).toEqual([everything.id]);
    await fixture.api(`/maintenance/${everything.id}`, { method: 'DELETE' });
  });
});
