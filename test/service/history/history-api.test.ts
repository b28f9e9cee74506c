// The history extension over real HTTP (docs/api-decisions.md §14): every endpoint, every window, bounds and bad
// input, unknown ids, the bearer token, and `status_since` on every monitor answer. The service runs in-process
// on a clock the test moves, checking a real local target that goes down and up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type ApiResponse, type TestService } from '../../helpers/service-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

const windows = ['24h', '7d', '30d', '90d', '365d'] as const;

let clock: ManualClock;
let service: TestService;
let target: HttpTarget;
let webhook: WebhookReceiver;
let token: string;
let monitorId: string;
let heartbeat: { id: string; ping_url: string };
const createdAt = Date.UTC(2026, 10, 2, 10, 0);

/** The harness's token lives an hour of real time; this test's clock runs for days. */
const api = (path: string, init: Parameters<TestService['api']>[1] = {}): Promise<ApiResponse> => service.api(path, { token, ...init });
const json = async <T>(path: string): Promise<T> => {
  const response = await api(path);
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.json as T;
};


const status = async () => (await json<{ last_status: string }>(`/monitors/${monitorId}`)).last_status;

beforeAll(async () => {
  [target, webhook] = await Promise.all([startHttpTarget(), startWebhookReceiver()]);
  clock = manualClock(createdAt);
  service = await startTestService({ failuresToConfirmDown: 1 }, { clock });
  token = await issueToken(loadOrCreateSigningKey(service.dataDir), 400 * 86_400);
  await api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
  const created = await api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 10 } });
  monitorId = (created.json as { id: string }).id;
  heartbeat = (await api('/heartbeats', { method: 'POST', body: { name: 'backup', expected_interval: 3600 } })).json as typeof heartbeat;

  await advanceUntil(clock, async () => (await status()) === 'up');
  target.setUp(false);
  await advanceUntil(clock, async () => (await status()) === 'down');
  target.setUp(true);
  await advanceUntil(clock, async () => (await status()) === 'up');
  for (let i = 0; i < 3; i++) {
    await fetch(heartbeat.ping_url);
    clock.advance(1000);
  }
  // Past the next hour, so the rollup has summed one (and the heartbeat, an hour without pings, is late).
  clock.advance(70 * 60_000);
  await settled();
});

/** Once the checks in flight are done and written, the history has summed everything. */
async function settled(): Promise<void> {
  while (service.scheduler.stats().inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await service.history.settled();
}
afterAll(async () => {
  await service.stop();
  await Promise.all([target.close(), webhook.close()]);
});

describe('GET /capabilities', () => {
  it('lists the history, maintenance, checks, cron, notes, changes and dependencies extensions and no problems', async () => {
    expect(await json('/capabilities')).toEqual({ extensions: ['history', 'maintenance', 'checks', 'cron', 'notes', 'changes', 'dependencies'], problems: [] });
  });
});

describe('status_since on monitors', () => {
  it('is absent on a new monitor, set once checked, and on every monitor answer', async () => {
    const created = await api('/monitors', { method: 'POST', body: { name: 'New', type: 'tcp', url: '127.0.0.1:9', frequency: 60 } });
    expect(created.json).not.toHaveProperty('status_since');

    const shop = await json<{ status_since: string }>(`/monitors/${monitorId}`);
    expect(shop.status_since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = await json<{ id: string; status_since?: string }[]>('/monitors?limit=1000');
    expect(list.find((monitor) => monitor.id === monitorId)?.status_since).toBe(shop.status_since);
    // The webhook's subject is the monitor as the API shows it: the down alert says since when it is down.
    const down = webhook.requests.map((request) => request.body as { event: string; occurred_at: string; subject: { status_since?: string } }).find((body) => body.event === 'monitor.down');
    expect(down?.subject.status_since).toBe(down?.occurred_at);
  });

  it('keeps it across a rename, and drops it when a new target makes the status unknown', async () => {
    const monitor = await json<Record<string, unknown>>(`/monitors/${monitorId}`);
    const renamed = await api(`/monitors/${monitorId}`, { method: 'PUT', body: { ...monitor, name: 'Shop (renamed)' } });
    expect(renamed.json).toMatchObject({ status_since: monitor.status_since });

    const other = await api('/monitors', { method: 'POST', body: { name: 'Retarget', type: 'http', url: target.url, frequency: 10 } });
    const id = (other.json as { id: string }).id;
    await advanceUntil(clock, async () => (await json<{ status_since?: string }>(`/monitors/${id}`)).status_since !== undefined);
    const before = await json<Record<string, unknown>>(`/monitors/${id}`);
    const retargeted = await api(`/monitors/${id}`, { method: 'PUT', body: { ...before, url: `${target.url}/other` } });
    expect(retargeted.json).toMatchObject({ last_status: 'unknown' });
    expect(retargeted.json).not.toHaveProperty('status_since');
    await api(`/monitors/${id}`, { method: 'DELETE' });
  });
});

type Check = { checked_at: string; status: string; response_time_ms: number; error?: string };

describe('GET /monitors/{id}/checks', () => {
  it('answers the checks newest first, with the error of each failed one', async () => {
    const checks = await json<Check[]>(`/monitors/${monitorId}/checks?limit=1000`);
    expect(checks.length).toBeGreaterThanOrEqual(3);
    const times = checks.map((check) => Date.parse(check.checked_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const failed = checks.filter((check) => check.status === 'down');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((check) => check.error === 'HTTP 503')).toBe(true);
    expect(checks.filter((check) => check.status === 'up').every((check) => check.error === undefined && check.response_time_ms >= 0)).toBe(true);
  });

  it('pages with before (strictly earlier) and limit (default 100)', async () => {
    const all = await json<Check[]>(`/monitors/${monitorId}/checks?limit=1000`);
    const [first, second] = await json<Check[]>(`/monitors/${monitorId}/checks?limit=2`);
    expect([first, second]).toEqual(all.slice(0, 2));
    const older = await json<Check[]>(`/monitors/${monitorId}/checks?before=${encodeURIComponent(first?.checked_at ?? '')}&limit=1`);
    expect(older).toEqual([all[1]]);
    expect(await json<Check[]>(`/monitors/${monitorId}/checks?before=2020-01-01T00:00:00Z`)).toEqual([]);
    expect((await json<Check[]>(`/monitors/${monitorId}/checks`)).length).toBe(Math.min(100, all.length));
  });
});

describe('stats', () => {
  beforeAll(settled);
  type Stats = { id?: string; window: string; from: string; to: string; uptime: number | null; up_seconds: number; down_seconds: number; unknown_seconds: number; maintenance_seconds: number; checks: number; failed_checks: number; response_time_ms: Record<string, number | null>; slots?: string };

  it.each(windows)('GET /monitors/{id}/stats?window=%s sums the whole history so far', async (window) => {
    const stats = await json<Stats>(`/monitors/${monitorId}/stats?window=${window}`);
    expect(stats.window).toBe(window);
    expect(Date.parse(stats.to)).toBe(clock.now());
    expect(stats.checks).toBe((await json<Check[]>(`/monitors/${monitorId}/checks?limit=1000`)).length);
    expect(stats.failed_checks).toBeGreaterThan(0);
    expect(stats.down_seconds).toBeGreaterThan(0);
    expect(stats.uptime).toBeCloseTo(stats.up_seconds / (stats.up_seconds + stats.down_seconds), 5);
    expect(stats.maintenance_seconds).toBe(0);
    expect(stats.up_seconds + stats.down_seconds + stats.unknown_seconds + stats.maintenance_seconds).toBeCloseTo((Date.parse(stats.to) - Date.parse(stats.from)) / 1000, 2);
    expect(stats.response_time_ms.p95).toBeGreaterThanOrEqual(stats.response_time_ms.p50 ?? 0);
  });

  it('defaults to 24h', async () => {
    expect((await json<Stats>(`/monitors/${monitorId}/stats`)).window).toBe('24h');
  });

  it('GET /stats answers every monitor in one call, with status-bar slots when asked', async () => {
    const all = await json<Stats[]>('/stats?window=24h&slots=48');
    const monitors = await json<{ id: string }[]>('/monitors?limit=1000');
    expect(all.map((item) => item.id)).toEqual(monitors.map((monitor) => monitor.id));
    const shop = all.find((item) => item.id === monitorId);
    expect(shop?.slots).toMatch(/^[-ud]{48}$/);
    expect(shop?.slots).toContain('d');
    expect(shop?.slots?.endsWith('u')).toBe(true);
    expect(shop).toMatchObject(await json<Stats>(`/monitors/${monitorId}/stats?window=24h`));
    expect((await json<Stats[]>('/stats?window=30d')).every((item) => item.slots === undefined && item.window === '30d')).toBe(true);
    expect((await json<Stats[]>('/stats?slots=288'))[0]?.slots).toHaveLength(288);
  });
});

describe('GET /monitors/{id}/series', () => {
  beforeAll(settled);
  it.each([
    ['24h', 300],
    ['7d', 3600],
    ['30d', 3600],
    ['90d', 86_400],
    ['365d', 86_400],
  ] as const)('window=%s: steps of %d s, oldest first, every check counted once', async (window, step) => {
    type Series = { window: string; from: string; to: string; step_seconds: number; points: { at: string; checks: number; failed: number; avg_ms?: number; p95_ms?: number; max_ms?: number }[] };
    const series = await json<Series>(`/monitors/${monitorId}/series?window=${window}`);
    expect(series).toMatchObject({ window, step_seconds: step });
    expect(series.points.length).toBeLessThanOrEqual(1_000);
    expect(series.points[0]?.at).toBe(series.from);
    const starts = series.points.map((point) => Date.parse(point.at));
    expect(starts.every((at, i) => i === 0 || at - (starts[i - 1] ?? 0) === step * 1000)).toBe(true);
    const checks = await json<unknown[]>(`/monitors/${monitorId}/checks?limit=1000`);
    expect(series.points.reduce((sum, point) => sum + point.checks, 0)).toBe(checks.length);
    const busy = series.points.find((point) => point.checks > point.failed);
    expect(busy?.avg_ms).toBeGreaterThanOrEqual(0);
    expect(busy?.p95_ms).toBeLessThanOrEqual(busy?.max_ms ?? 0);
  });
});

describe('GET /events', () => {
  type Event = { id: string; at: string; kind: string; item_id?: string; item_name?: string; from?: string; to: string; detail?: string };

  it('lists what happened oldest first: the service start, the monitor down and up', async () => {
    const events = await json<Event[]>('/events');
    expect(events[0]).toMatchObject({ kind: 'service', to: 'started' });
    const shop = events.filter((event) => event.item_id === monitorId);
    expect(shop.map((event) => [event.from, event.to, event.detail])).toEqual([
      ['up', 'down', 'HTTP 503'],
      ['down', 'up', undefined],
    ]);
    expect(shop[0]).toMatchObject({ kind: 'monitor', item_name: 'Shop' });
    const ids = events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('pages after a cursor, from a time, for one item, with a limit', async () => {
    const events = await json<Event[]>('/events?limit=1000');
    const [first, second] = events;
    expect(await json<Event[]>(`/events?after=${first?.id ?? ''}&limit=1`)).toEqual([second]);
    const down = events.find((event) => event.to === 'down');
    expect((await json<Event[]>(`/events?since=${encodeURIComponent(down?.at ?? '')}`))[0]).toEqual(down);
    expect(await json<Event[]>(`/events?item=monitor:${monitorId}`)).toEqual(events.filter((event) => event.item_id === monitorId));
    expect(await json<Event[]>(`/events?item=heartbeat:${heartbeat.id}`)).toEqual([
      expect.objectContaining({ kind: 'heartbeat', item_id: heartbeat.id, item_name: 'backup', from: 'up', to: 'late' }),
    ]);
    const serviceOwn = events.filter((event) => event.kind === 'service');
    expect(serviceOwn.length).toBeGreaterThan(0);
    expect(await json<Event[]>('/events?item=service')).toEqual(serviceOwn);
    expect(await json<Event[]>('/events?since=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('forgets the events of a deleted monitor', async () => {
    const created = await api('/monitors', { method: 'POST', body: { name: 'Gone', type: 'http', url: `${target.url}/gone`, frequency: 10 } });
    const id = (created.json as { id: string }).id;
    target.setUp(false);
    await advanceUntil(clock, async () => (await json<Event[]>(`/events?item=monitor:${id}`)).length > 0);
    target.setUp(true);
    await api(`/monitors/${id}`, { method: 'DELETE' });
    expect((await api(`/events?item=monitor:${id}`)).status).toBe(404);
    expect((await json<Event[]>('/events?limit=1000')).some((event) => event.item_id === id)).toBe(false);
  });
});

describe('GET /heartbeats/{id}/pings', () => {
  it('lists pings newest first, pages with before and limit', async () => {
    const pings = await json<{ at: string }[]>(`/heartbeats/${heartbeat.id}/pings`);
    expect(pings).toHaveLength(3);
    expect(pings.map((ping) => ping.at)).toEqual([...pings.map((ping) => ping.at)].sort().reverse());
    expect(await json(`/heartbeats/${heartbeat.id}/pings?limit=1`)).toEqual([pings[0]]);
    expect(await json(`/heartbeats/${heartbeat.id}/pings?before=2020-01-01T00:00:00.000Z`)).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    [`/monitors/{id}/checks?limit=0`, 'limit'],
    [`/monitors/{id}/checks?limit=1001`, 'limit'],
    [`/monitors/{id}/checks?limit=ten`, 'limit'],
    [`/monitors/{id}/checks?before=yesterday`, 'before'],
    [`/monitors/{id}/checks?before=2026-11-02T10:00:00`, 'before'],
    [`/monitors/{id}/stats?window=1y`, 'window'],
    [`/monitors/{id}/stats?window=`, 'window'],
    [`/monitors/{id}/series?window=24H`, 'window'],
    ['/stats?window=week', 'window'],
    ['/stats?slots=289', 'slots'],
    ['/stats?slots=-1', 'slots'],
    ['/stats?slots=1.5', 'slots'],
    ['/events?after=abc', 'after'],
    ['/events?after=-1', 'after'],
    ['/events?since=2026-13-01T00:00:00Z', 'since'],
    ['/events?limit=0', 'limit'],
    ['/events?item=monitor', 'item'],
    ['/events?item=service:x', 'item'],
    ['/events?item=monitor:', 'item'],
    [`/heartbeats/{hb}/pings?limit=5000`, 'limit'],
    [`/heartbeats/{hb}/pings?before=now`, 'before'],
  ])('%s → 400 naming %s', async (path, field) => {
    const response = await api(path.replace('{id}', monitorId).replace('{hb}', heartbeat.id));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field }] } });
  });

  it.each([
    '/monitors/mon_nope/checks',
    '/monitors/mon_nope/stats',
    '/monitors/mon_nope/series?window=7d',
    '/heartbeats/hb_nope/pings',
    '/events?item=monitor:mon_nope',
    '/events?item=heartbeat:hb_nope',
    '/events?item=domain:dom_nope',
  ])('%s → 404', async (path) => {
    const response = await api(path);
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: { code: 'not_found' } });
  });

  it.each(['/capabilities', '/stats', '/events', '/monitors/{id}/checks', '/monitors/{id}/stats', '/monitors/{id}/series', '/heartbeats/{hb}/pings'])(
    '%s needs the bearer token',
    async (path) => {
      const response = await api(path.replace('{id}', monitorId).replace('{hb}', heartbeat.id), { token: null });
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject({ error: { code: 'unauthorized' } });
    },
  );

  it('answers 405 for a write to a history path', async () => {
    const response = await api('/stats', { method: 'POST', body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
