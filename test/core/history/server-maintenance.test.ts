// Maintenance from a server with the history and maintenance extensions, read from answers shaped as Vigil's service
// gives them (docs/api-decisions.md §14, §15): `maintenance_seconds` in the stats, `maintenance` events (the item's
// own and the server-wide ones, which `GET /events?item=` answers beside the item's) and the windows; drawn on the
// item's timeline, told among its events and in the feed, and passed through the list's status bars as `m`.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent, MonitorStats } from '../../../common/api/index.ts';
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { assessMonitor } from '../../../main/core/health/index.ts';
import { buildEventsFeed } from '../../../main/core/history/events-feed.ts';
import { buildItemHistory } from '../../../main/core/history/item-history.ts';
import { buildListHistory } from '../../../main/core/history/list-history.ts';
import { maintenanceStretches } from '../../../main/core/maintenance/server-maintenance.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 24, 12);
const FROM = NOW - 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const hours = (ms: number) => (ms - FROM) / HOUR;

const monitor = { id: 'mon_a', name: 'API', type: 'http', url: 'https://api.example/', frequency: 60, last_status: 'up' };
const stats = (window: string): MonitorStats => ({ id: 'mon_a', window, uptime: 1, up_seconds: 79_200, down_seconds: 0, unknown_seconds: 0, maintenance_seconds: 7_200 });
const maintenanceEvent = (id: string, at: number, on: boolean, itemId?: string, detail = 'maintenance'): HistoryEvent => ({
  id,
  at: iso(at),
  kind: 'maintenance',
  ...(itemId === undefined ? {} : { item_id: itemId, item_name: 'API' }),
  from: on ? 'off' : 'on',
  to: on ? 'on' : 'off',
  detail,
});

/** The answers, by path: events as the service gives them for `item=monitor:mon_a` (with the server-wide ones). */
const itemEvents: HistoryEvent[] = [
  maintenanceEvent('1', FROM + 2 * HOUR, true, 'mon_a', 'deploy'),
  maintenanceEvent('2', FROM + 3 * HOUR, false, 'mon_a'),
  maintenanceEvent('3', FROM + 10 * HOUR, true),
  maintenanceEvent('4', FROM + 11 * HOUR, false),
];
const windows: MaintenanceWindow[] = [
  // Began a week ago, ended 20 h into the page's day: no event of it within the day but its end.
  { id: 'mw_1', item: 'monitor:mon_a', starts_at: iso(NOW - 7 * 24 * HOUR), ends_at: iso(FROM + 20 * HOUR) },
  // Another item's, until ended.
  { id: 'mw_2', item: 'monitor:mon_other', starts_at: iso(FROM) },
];
/** As the service answers them: "until ended" is `ends_at: null`. */
const windowAnswers = windows.map((window) => ({ ends_at: null, ...window }));

function answer(url: URL): unknown {
  const path = url.pathname.replace(/^\/api/, '');
  if (path === '/capabilities') return { extensions: ['history', 'maintenance'], problems: [] };
  if (path === '/monitors/mon_a/stats') return stats(url.searchParams.get('window') ?? '');
  if (path === '/monitors/mon_a/series') return { step_seconds: 3600, points: Array.from({ length: 24 }, (_, i) => ({ at: iso(FROM + i * HOUR), checks: 60, failed: 0 })) };
  if (path === '/monitors/mon_a/checks') return [];
  if (path === '/events') {
    const item = url.searchParams.get('item');
    if (item === 'service') return [];
    return item === 'monitor:mon_a' ? itemEvents : [...itemEvents, maintenanceEvent('5', FROM + 12 * HOUR, true, 'mon_other')];
  }
  if (path === '/maintenance') return url.searchParams.get('include') === 'ended' ? windowAnswers : [];
  if (path === '/stats') return [{ id: 'mon_a', window: '24h', uptime: 1, maintenance_seconds: 7_200, slots: `${'u'.repeat(44)}mmmu` }];
  return undefined;
}

const client = new MonitoringClient({
  baseUrl: 'https://vigil.example/api',
  token: () => 'test-token',
  fetch: (input) => {
    const body = answer(new URL(input instanceof Request ? input.url : String(input)));
    return Promise.resolve(body === undefined ? new Response('{}', { status: 404 }) : Response.json(body));
  },
});

const connection = { id: 'work', name: 'Work' };

async function itemPage(hasMaintenance: boolean) {
  const page = await buildItemHistory({
    connection,
    key: 'monitor:mon_a',
    window: '24h',
    now: NOW,
    item: assessMonitor(monitor),
    name: 'API',
    since: undefined,
    server: { client, hasMaintenance },
    record: undefined,
    sourceHistory: undefined,
    graceSeconds: 300,
  });
  if (page === undefined) throw new Error('no page');
  return page;
}

describe('maintenanceStretches', () => {
  it("joins the item's own and the server-wide stretches, and the windows, within the span", () => {
    expect(maintenanceStretches({ events: itemEvents, windows, itemKey: 'monitor:mon_a', from: FROM, to: NOW }).map(({ from, to }) => [hours(from), hours(to)])).toEqual([
      [0, 20],
    ]);
    expect(maintenanceStretches({ events: itemEvents, windows: [], itemKey: 'monitor:mon_a', from: FROM, to: NOW }).map(({ from, to }) => [hours(from), hours(to)])).toEqual([
      [2, 3],
      [10, 11],
    ]);
  });

  it('takes a scope whose first event ends it as in maintenance from the start, and one still on as running to the end', () => {
    const events = [maintenanceEvent('1', FROM + HOUR, false), maintenanceEvent('2', FROM + 5 * HOUR, true, 'mon_a')];
    expect(maintenanceStretches({ events, windows: [], itemKey: 'monitor:mon_a', from: FROM, to: NOW }).map(({ from, to }) => [hours(from), hours(to)])).toEqual([
      [0, 1],
      [5, 24],
    ]);
  });
});

describe("a server's maintenance on the item page", () => {
  it('reads maintenance_seconds into each uptime figure', async () => {
    const page = await itemPage(false);
    expect(page.uptime.map((uptime) => [uptime.window, uptime.uptime, uptime.maintenanceSeconds, uptime.source])).toEqual([
      ['24h', 1, 7_200, 'server'],
      ['7d', 1, 7_200, 'server'],
      ['30d', 1, 7_200, 'server'],
      ['90d', 1, 7_200, 'server'],
    ]);
  });

  it("draws the maintenance events' stretches on the timeline, where the server checked", async () => {
    const page = await itemPage(false);
    expect(page.timeline.map(({ from, to, health, state }) => [hours(from), hours(to), health, state])).toEqual([
      [0, 2, 'ok', 'up'],
      [2, 3, 'maintenance', 'maintenance'],
      [3, 10, 'ok', 'up'],
      [10, 11, 'maintenance', 'maintenance'],
      [11, 24, 'ok', 'up'],
    ]);
  });

  it('adds the windows where the server keeps them: one begun before the events shows from the start', async () => {
    const page = await itemPage(true);
    expect(page.timeline.map(({ from, to, health }) => [hours(from), hours(to), health])).toEqual([
      [0, 20, 'maintenance'],
      [20, 24, 'ok'],
    ]);
  });

  it('tells maintenance beginning and ending among the events, as about this item', async () => {
    const page = await itemPage(false);
    expect(page.events.map((event) => [event.kind, event.title, event.itemKey, event.health])).toEqual([
      ['maintenance', 'Maintenance of every item ended', undefined, 'unknown'],
      ['maintenance', 'Maintenance of every item began', undefined, 'unknown'],
      ['maintenance', 'Maintenance of API ended', 'work/monitor:mon_a', 'unknown'],
      ['maintenance', 'Maintenance of API began (deploy)', 'work/monitor:mon_a', 'unknown'],
    ]);
  });
});

describe("a server's maintenance elsewhere", () => {
  it('is in the feed, linked to its item where the connection knows the id', async () => {
    const feed = await buildEventsFeed({
      since: FROM,
      now: NOW,
      connections: [connection],
      record: undefined,
      watching: () => undefined,
      servers: new Map([['work', client]]),
      itemKeyOfId: () => (id) => (id === 'mon_a' ? 'monitor:mon_a' : undefined),
      logger: recordingLogger(),
    });
    expect(feed.map((event) => [event.title, event.itemKey])).toEqual([
      ['Maintenance of API began', undefined],
      ['Maintenance of every item ended', undefined],
      ['Maintenance of every item began', undefined],
      ['Maintenance of API ended', 'work/monitor:mon_a'],
      ['Maintenance of API began (deploy)', 'work/monitor:mon_a'],
    ]);
  });

  it("passes the list's `m` slots through as the server gave them", async () => {
    const list = await buildListHistory({ connectionId: 'work', now: NOW, monitors: [monitor], server: client, record: undefined });
    expect(list.items['work/monitor:mon_a']).toEqual({ uptime: 1, slots: `${'u'.repeat(44)}mmmu`, firstSlot: 0, source: 'server' });
  });
});
