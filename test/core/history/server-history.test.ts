// A server with the history extension, over real HTTP: its history stands (it watched all along), Vigil's record
// fills only what it lacks (time before its history begins), each part it fails to give is said in the notes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorStats } from '../../../common/api/index.ts';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { remoteCoreBench, type RemoteCore, type RemoteCoreBench } from './remote-core.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 20, 8);
const iso = (ms: number) => new Date(ms).toISOString();
const stats = (window: string, uptime: number): MonitorStats => ({ id: 'm1', window, uptime, up_seconds: 3000, down_seconds: 300, unknown_seconds: 100, checks: 55, failed_checks: 5 });

let server: HistoryServer;
let bench: RemoteCoreBench;
let running: RemoteCore;

beforeEach(async () => {
  server = await startHistoryServer({
    monitors: [{ id: 'm1', name: 'API', type: 'http', url: 'https://api.example/', frequency: 60, last_status: 'up', status_since: iso(T0 + 45 * MINUTE) }],
    heartbeats: [{ id: 'h1', name: 'Backup', slug: 'backup', expected_interval: 1800, last_ping: iso(T0 + 50 * MINUTE) }],
    domains: [{ id: 'd1', domain: 'example.org', expires_on: '2027-06-01', days_until_expiry: 193 }],
  });
  bench = remoteCoreBench(server.apiUrl, T0);
  // Vigil watched the first hour on its own: the server had no history yet.
  running = await bench.start();
  for (let i = 0; i < 60; i++) await bench.pollAfter(running, MINUTE);
  // Then the server gained history from 08:30 on: a check a minute, down from 08:40 to 08:45.
  Object.assign(server.state, {
    capabilities: { extensions: ['history'], problems: [] },
    stats: { m1: { '24h': stats('24h', 0.9), '7d': stats('7d', 0.95), '30d': stats('30d', 0.99) } },
    series: { m1: { step_seconds: 60, points: Array.from({ length: 30 }, (_, i) => ({ at: iso(T0 + (30 + i) * MINUTE), checks: 1, failed: i >= 10 && i < 15 ? 1 : 0, avg_ms: 100 + i, p95_ms: 200 + i })) } },
    checks: { m1: Array.from({ length: 30 }, (_, i) => ({ checked_at: iso(T0 + (59 - i) * MINUTE), status: i >= 15 && i < 20 ? 'down' : 'up', response_time_ms: 100, ...(i >= 15 && i < 20 ? { error: 'connection refused' } : {}) })) },
    events: [
      { id: '1', at: iso(T0 + 40 * MINUTE), kind: 'monitor', item_id: 'm1', item_name: 'API', from: 'up', to: 'down', detail: 'connection refused' },
      { id: '2', at: iso(T0 + 45 * MINUTE), kind: 'monitor', item_id: 'm1', item_name: 'API', from: 'down', to: 'up' },
      { id: '3', at: iso(T0 - 5 * MINUTE), kind: 'service', to: 'started' },
    ],
    pings: { h1: [T0 + 50 * MINUTE, T0 + 5 * MINUTE].map((at) => ({ at: iso(at) })) },
    allStats: [{ id: 'm1', window: '24h', uptime: 0.9, slots: `${'-'.repeat(46)}ud` }],
  });
  await bench.pollAfter(running, HOUR);
});
afterEach(async () => {
  await running.core.stop();
  await server.close();
  bench.remove();
});

describe("a server's history", () => {
  it("stands for a monitor, with the record before the server's history begins", async () => {
    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    const now = T0 + 2 * HOUR;
    expect(history).toMatchObject({ source: 'server', since: T0 + 45 * MINUTE, sinceIsLowerBound: false, to: now });
    expect(history.timeline.filter((segment) => segment.from >= T0).map(({ from, to, state }) => [(from - T0) / MINUTE, (to - T0) / MINUTE, state])).toEqual([
      [0, 40, 'up'],
      [40, 45, 'down'],
      [45, 60, 'up'],
      [60, 120, 'not watching'],
    ]);
    expect(history.notes).toEqual(["The server's history of this item begins 22 h 30 min into the timeline; before that, shown is what Vigil saw."]);
    expect(history.uptime.map((uptime) => [uptime.window, uptime.uptime, uptime.source])).toEqual([
      ['24h', 0.9, 'server'],
      ['7d', 0.95, 'server'],
      ['30d', 0.99, 'server'],
      // No server figure for 90 days: the merged timeline gives it.
      ['90d', 55 / 60, 'server'],
    ]);
    expect(history.incidents).toEqual([{ start: T0 + 40 * MINUTE, end: T0 + 45 * MINUTE, detail: 'connection refused' }]);
    expect(history.responseTimes?.stepSeconds).toBe(60);
    expect(history.responseTimes?.points[0]).toEqual({ at: T0 + 30 * MINUTE, checks: 1, failed: 0, avgMs: 100, p95Ms: 200, maxMs: undefined });
    expect(history.checks).toHaveLength(20);
    expect(history.checks?.[0]).toEqual({ at: T0 + 59 * MINUTE, status: 'up', responseTimeMs: 100, error: undefined });
    expect(history.events.map((event) => [event.title, event.source])).toEqual([
      ['API is up again', 'server'],
      ['API went down: connection refused', 'server'],
    ]);

    const older = await running.calls.listChecks('test/monitor:m1', T0 + 41 * MINUTE);
    expect(older[0]).toEqual({ at: T0 + 40 * MINUTE, status: 'down', responseTimeMs: 100, error: 'connection refused' });
    expect(server.requests).toContain(`GET /api/monitors/m1/checks?before=${encodeURIComponent(iso(T0 + 41 * MINUTE))}&limit=50`);
  });

  it("gives a heartbeat's pings and its late stretches from them", async () => {
    const history = await running.calls.getItemHistory('test/heartbeat:h1', '24h');
    expect(history.pings).toEqual([T0 + 50 * MINUTE, T0 + 5 * MINUTE]);
    // Expected every 30 min with 5 min grace: on time for 35 min after each ping, then late, then down 30 min later;
    // before the first ping the server gave, what Vigil saw.
    expect(history.timeline.filter((segment) => segment.from >= T0).map(({ from, to, state }) => [(from - T0) / MINUTE, (to - T0) / MINUTE, state])).toEqual([
      [0, 40, 'up'],
      [40, 50, 'late'],
      [50, 85, 'up'],
      [85, 115, 'late'],
      [115, 120, 'down'],
    ]);
    expect(history.source).toBe('server');
  });

  it('shows a failure from before the window, with no ping since, as the heartbeat\'s state in it', async () => {
    const DAY = 24 * HOUR;
    server.state.pings = { h1: [{ at: iso(T0 - 3 * DAY) }] };
    server.state.events.push({ id: '4', at: iso(T0 - 2 * DAY), kind: 'heartbeat', item_id: 'h1', item_name: 'Backup', from: 'late', to: 'failed', detail: 'exit code 2' });
    const history = await running.calls.getItemHistory('test/heartbeat:h1', '24h');
    const now = T0 + 2 * HOUR;
    // Watched by the server since it started, 5 min before T0 (its service event): failed all along, not late or down.
    expect(history.timeline.filter((segment) => segment.to > now - DAY).map(({ from, to, state, health }) => [(from - T0) / MINUTE, (to - T0) / MINUTE, state, health])).toEqual([
      [-1320, -5, 'not watching', 'gap'],
      [-5, 120, 'failed', 'critical'],
    ]);
    // The page's events are the window's: the failure two days ago is not among them.
    expect(history.events.filter((event) => event.source === 'server')).toEqual([]);
  });

  it("keeps a domain's timeline from the record, and says so", async () => {
    const history = await running.calls.getItemHistory('test/domain:d1', '7d');
    expect(history).toMatchObject({ source: 'client', expiresOn: '2027-06-01' });
    expect(history.notes).toEqual(["The server keeps no timeline of a domain: the timeline is what Vigil saw; the events are the server's."]);
  });

  it("gives the list's bars from GET /stats, and the events from the server with Vigil's own news of the connection", async () => {
    expect((await running.calls.getListHistory()).items).toEqual({ 'test/monitor:m1': { uptime: 0.9, slots: `${'-'.repeat(46)}ud`, firstSlot: 0, source: 'server' } });
    expect(server.requests).toContain('GET /api/stats?window=24h&slots=48');
    const events = await running.calls.listEvents(T0 - 10 * MINUTE);
    expect(events.map((event) => [event.title, event.source, event.kind])).toEqual([
      ['API is up again', 'server', 'monitor'],
      ['API went down: connection refused', 'server', 'monitor'],
      ['The server started', 'server', 'service'],
    ]);
  });

  it('falls back to the record, and says why, when the server cannot give its history', async () => {
    server.state.series = {};
    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history.source).toBe('client');
    expect(history.notes[0]).toMatch(/^Some of the server's history could not be read \(The server has nothing at GET \/monitors\/m1\/series\?window=24h/);
    expect(history.timeline.filter((segment) => segment.from >= T0).map(({ state }) => state)).toEqual(['up', 'not watching']);
  });
});
