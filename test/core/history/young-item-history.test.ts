// A 3-minute-old monitor's history through the real core: the time before it was created is no part of it. Against
// a server with history (as Vigil's service answers, and as one from before it left that time out), a spec-only
// server (Vigil's own record), and a server that does not say when its monitors were created (the whole window
// stands, as before).
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStats, Series } from '../../../common/api/index.ts';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { remoteCoreBench, type RemoteCore, type RemoteCoreBench } from './remote-core.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
// Created at 13:38; the series' 5-minute step it falls in began at 13:35.
const CREATED = Date.UTC(2026, 10, 28, 13, 38);
const iso = (ms: number) => new Date(ms).toISOString();
const monitor = { id: 'm1', name: 'Fresh', type: 'http', url: 'https://fresh.example/', frequency: 10, last_status: 'up', status_since: iso(CREATED + 10 * SECOND), created_at: iso(CREATED) };

let server: HistoryServer;
let bench: RemoteCoreBench;
let running: RemoteCore;

afterEach(async () => {
  await running.core.stop();
  await server.close();
  bench.remove();
});

/** The core first polls the moment the monitor is created, then 3 minutes later. */
async function threeMinutesOn(monitors: object[], history: Partial<HistoryServer['state']> = {}): Promise<void> {
  server = await startHistoryServer({ monitors, ...history });
  bench = remoteCoreBench(server.apiUrl, CREATED);
  running = await bench.start();
  await bench.pollAfter(running, 3 * MINUTE);
}

/** The stats a server with history gives over the window: up since 10 s after creation; `unknown` as it counts it. */
function statsOf(window: string, unknownSeconds: number, from: number): MonitorStats {
  return { id: 'm1', window, from: iso(from), to: iso(CREATED + 3 * MINUTE), uptime: 1, up_seconds: 170, down_seconds: 0, unknown_seconds: unknownSeconds, checks: 18, failed_checks: 0 };
}

const series: Series = { step_seconds: 300, points: [{ at: iso(CREATED - 3 * MINUTE), checks: 18, failed: 0, avg_ms: 40, p95_ms: 60 }] };

describe('a 3-minute-old monitor', () => {
  it("on a server with history: figures and timeline from its creation, and no note of history before it", async () => {
    const now = CREATED + 3 * MINUTE;
    await threeMinutesOn([monitor], {
      capabilities: { extensions: ['history'], problems: [] },
      // 24 h as Vigil's service answers now (from its creation, 10 s unknown before the first check); 90 d as a
      // service from before that answered: the whole window, less what was up, as unknown.
      stats: { m1: { '24h': statsOf('24h', 10, CREATED), '90d': statsOf('90d', 90 * 86_400 - 170, now - 90 * DAY) } },
      series: { m1: series },
      allStats: [{ id: 'm1', window: '24h', uptime: 1, slots: `${'-'.repeat(47)}u` }],
    });

    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history).toMatchObject({ from: now - DAY, to: now, createdAt: CREATED, source: 'server' });
    const figures = Object.fromEntries(history.uptime.map((figure) => [figure.window, figure]));
    expect(figures['24h']).toMatchObject({ uptime: 1, upSeconds: 170, unknownSeconds: 10, sinceCreation: CREATED, source: 'server' });
    // Never more unknown than the monitor's 3 minutes, whatever the server counted before its creation.
    expect(figures['90d']).toMatchObject({ uptime: 1, upSeconds: 170, unknownSeconds: 10, sinceCreation: CREATED });
    // The timeline starts at its creation, not at the 13:35 step its first checks fell in, nor a day back.
    expect(history.timeline[0]?.from).toBe(CREATED);
    expect(history.timeline.every((segment) => segment.from >= CREATED)).toBe(true);
    expect(history.notes.filter((note) => note.includes("server's history of this item begins"))).toEqual([]);

    // The list's bar: the day's 48 slots, the monitor's life in the last.
    expect((await running.calls.getListHistory()).items['test/monitor:m1']).toMatchObject({ uptime: 1, firstSlot: 47 });
  });

  it('on a spec-only server: Vigil’s own record counts its 3 minutes, not 90 days of "not watched"', async () => {
    await threeMinutesOn([monitor]);

    const history = await running.calls.getItemHistory('test/monitor:m1', '7d');
    expect(history).toMatchObject({ createdAt: CREATED, source: 'client' });
    for (const figure of history.uptime) {
      expect(figure, figure.window).toMatchObject({ uptime: 1, sinceCreation: CREATED, source: 'client' });
      // Watched from the first poll at its creation: nothing unknown at all.
      expect(figure.upSeconds + figure.downSeconds + figure.unknownSeconds, figure.window).toBe(180);
      expect(figure.unknownSeconds, figure.window).toBe(0);
    }
    expect(history.timeline).toEqual([{ from: CREATED, to: CREATED + 3 * MINUTE, health: 'ok', state: 'up' }]);
    const list = await running.calls.getListHistory();
    expect(list.items['test/monitor:m1']).toMatchObject({ uptime: 1, slots: `${'-'.repeat(47)}u`, firstSlot: 47, source: 'client' });
  });

  it('only ever unknown: no percentage in any window, and none of it "not watched" before it existed', async () => {
    await threeMinutesOn([{ ...monitor, last_status: 'unknown', status_since: undefined }]);

    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    for (const figure of history.uptime) {
      expect(figure, figure.window).toMatchObject({ uptime: undefined, upSeconds: 0, downSeconds: 0, unknownSeconds: 180, sinceCreation: CREATED });
    }
    expect((await running.calls.getListHistory()).items['test/monitor:m1']).toMatchObject({ uptime: undefined, firstSlot: 47 });
  });

  it('on a server that does not say when it was created: the whole window stands, as before', async () => {
    await threeMinutesOn([{ ...monitor, created_at: undefined }]);

    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history.createdAt).toBeUndefined();
    expect(history.uptime.find((figure) => figure.window === '24h')).toMatchObject({ uptime: 1, upSeconds: 180, unknownSeconds: 86_400 - 180, sinceCreation: undefined });
    expect(history.timeline[0]).toMatchObject({ from: CREATED + 3 * MINUTE - DAY, health: 'gap' });
    expect((await running.calls.getListHistory()).items['test/monitor:m1']).toMatchObject({ firstSlot: 0 });
  });
});
