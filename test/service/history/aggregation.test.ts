// The aggregation on a clock the test moves: exact up/down/unknown time from status changes and the service's
// runs, response times from checks, the rollup's buckets (idempotent, late checks summed again), windows on the
// bucket grid, series and retention. Real SQLite on a real data dir; only the checks themselves are scripted.
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryWindow } from '../../../common/api/history.ts';
import type { MonitorStatus } from '../../../common/api/known.ts';
import { openHistoryStores } from '../../../service/history/storage/history-stores.ts';
import type { MonitorRecord } from '../../../service/storage/monitor-store.ts';
import { day, hour, minute, openHistoryFixture, testRetention, type HistoryFixture } from './history-fixture.ts';

const start = Date.UTC(2026, 10, 2, 0, 0);
let fixture: HistoryFixture;

afterEach(async () => {
  await fixture.close();
});

type Stats = {
  from: string;
  to: string;
  uptime: number | null;
  up_seconds: number;
  checks: number;
  response_time_ms: { avg: number | null; p50: number | null; p95: number | null; max: number | null };
  slots?: string;
};

async function stats(monitor: MonitorRecord, window: HistoryWindow = '24h', slots = 0): Promise<Stats> {
  const [item] = await fixture.history.stats(window, [monitor], slots);
  if (!item) throw new Error('no stats');
  return item;
}

/** Opens the history at `start`; `afterMs` later a monitor is created, up from then on. */
async function upMonitorCreatedAt(afterMs: number): Promise<MonitorRecord> {
  fixture = openHistoryFixture(start);
  await fixture.advance(afterMs);
  const monitor = fixture.addMonitor();
  fixture.setStatus(monitor, fixture.clock.now(), 'up');
  return monitor;
}

/** A check every 10 minutes from `from` to `to`, failing while `down(at)`; statuses as the check loop records them. */
async function checkEvery10Minutes(monitor: MonitorRecord, to: number, down: (at: number) => boolean) {
  const recorder = fixture.history.recorder;
  let status: MonitorStatus = 'unknown';
  for (let at = fixture.clock.now(); at < to; at += 10 * minute) {
    await fixture.advance(at - fixture.clock.now());
    const failed = down(at);
    recorder.recordCheck({ monitorSeq: monitor.seq, at, durationMs: failed ? 10_000 : 100 + ((at / minute) % 7), ok: !failed, error: failed ? 'HTTP 503' : undefined });
    const next = failed ? 'down' : 'up';
    if (next !== status) fixture.setStatus(monitor, at, next);
    status = next;
  }
  await fixture.advance(to - fixture.clock.now());
}

describe('up, down and unknown time', () => {
  it('gives 75 % for a monitor down 6 of 24 hours, with exact seconds and checks', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    await checkEvery10Minutes(monitor, start + day, (at) => at >= start + 6 * hour && at < start + 12 * hour);

    const result = await stats(monitor);
    expect(result).toMatchObject({
      window: '24h',
      from: '2026-11-02T00:00:00.000Z',
      to: '2026-11-03T00:00:00.000Z',
      uptime: 0.75,
      up_seconds: 18 * 3600,
      down_seconds: 6 * 3600,
      unknown_seconds: 0,
      checks: 144,
      failed_checks: 36,
    });
    // 108 successful checks of 100–106 ms; the histogram's bins are within 5 %.
    expect(result.response_time_ms.avg).toBeGreaterThan(100);
    expect(result.response_time_ms.avg).toBeLessThan(106);
    expect(result.response_time_ms.max).toBe(106);
    expect(result.response_time_ms.p50).toBeGreaterThanOrEqual(98);
    expect(result.response_time_ms.p95).toBeLessThanOrEqual(106);
  });

  it('counts 600 unknown seconds for the 10 minutes the service was stopped', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    fixture.setStatus(monitor, start, 'up');
    await fixture.advance(3 * hour);
    await fixture.stop();
    fixture.clock.advance(10 * minute);
    fixture.restart();
    await fixture.advance(day - 3 * hour - 10 * minute);

    expect(await stats(monitor)).toMatchObject({ uptime: 1, up_seconds: 86_400 - 600, down_seconds: 0, unknown_seconds: 600 });
    const events = fixture.history.events({ afterId: 0, since: undefined, item: undefined, limit: 10 });
    expect(events.map((event) => [event.at, event.to, event.detail])).toEqual([
      ['2026-11-02T00:00:00.000Z', 'started', 'The service started.'],
      ['2026-11-02T03:00:00.000Z', 'stopped', 'The service was stopped.'],
      ['2026-11-02T03:10:00.000Z', 'started', 'The service started.'],
    ]);
  });

  it('leaves the time before the monitor existed out: neither up nor unknown, its figures start at its creation', async () => {
    const monitor = await upMonitorCreatedAt(6 * hour);
    await fixture.advance(18 * hour);

    expect(await stats(monitor)).toMatchObject({ from: '2026-11-02T06:00:00.000Z', uptime: 1, up_seconds: 18 * 3600, unknown_seconds: 0 });
    // The bar still spans the window: the slot before its creation is not observed.
    expect((await stats(monitor, '24h', 4)).slots).toBe('-uuu');
    // The 7 days before it are no part of it either.
    expect(await stats(monitor, '7d')).toMatchObject({ from: '2026-11-02T06:00:00.000Z', unknown_seconds: 0 });
  });

  it('judges the slot a monitor was created in on its time since, not on the hours before it', async () => {
    const monitor = await upMonitorCreatedAt(5 * hour);
    await fixture.advance(19 * hour);
    // Up for 1 hour of the first 6-hour slot: all of its life in that slot.
    expect((await stats(monitor, '24h', 4)).slots).toBe('uuuu');
    expect((await stats(monitor, '24h', 8)).slots).toBe('-uuuuuuu');
  });

  it('gives a 3-minute-old monitor figures over its 3 minutes in every window, with nothing unknown', async () => {
    fixture = openHistoryFixture(start + 13 * hour + 38 * minute);
    const monitor = fixture.addMonitor();
    fixture.setStatus(monitor, fixture.clock.now(), 'up');
    await fixture.advance(3 * minute);
    for (const window of ['24h', '90d'] as const) {
      expect(await stats(monitor, window)).toMatchObject({ from: '2026-11-02T13:38:00.000Z', uptime: 1, up_seconds: 180, down_seconds: 0, unknown_seconds: 0 });
    }
  });

  it('answers null uptime and null response times for a monitor never observed', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    await fixture.advance(2 * hour);
    expect(await stats(monitor, '7d')).toMatchObject({
      uptime: null,
      up_seconds: 0,
      down_seconds: 0,
      checks: 0,
      response_time_ms: { avg: null, p50: null, p95: null, max: null },
    });
  });

  it('adds the live part after the last summed hour, and marks the status bar d for any down time', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    fixture.setStatus(monitor, start, 'up');
    await fixture.advance(90 * minute);
    fixture.setStatus(monitor, fixture.clock.now(), 'down');
    await fixture.advance(minute);
    fixture.setStatus(monitor, fixture.clock.now(), 'up');
    await fixture.advance(59 * minute);
    // Hours 00:00 and 01:00 are summed; 02:00–02:30 is live. The window starts 24 hours before the summed hours end,
    // the monitor's figures at its creation; the bar spans the window.
    const result = await stats(monitor, '24h', 25);
    expect(result).toMatchObject({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-02T02:30:00.000Z', up_seconds: 9000 - 60, down_seconds: 60 });
    expect(result.slots).toBe(`${'-'.repeat(22)}udu`);
  });
});

describe('the rollup', () => {
  const bucketRows = (dataDir: string) => {
    const stores = openHistoryStores(dataDir);
    try {
      const read = (table: string) => stores.db.prepare(`SELECT * FROM ${table} ORDER BY monitor_seq, 2`).all();
      return { hourly: read('hourly_buckets'), daily: read('daily_buckets') };
    } finally {
      stores.db.close();
    }
  };

  it('writes the same buckets when it runs again over the same hours and days', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    await checkEvery10Minutes(monitor, start + 2 * day + 3 * hour, (at) => at % (5 * hour) < 40 * minute);
    await fixture.stop();
    const first = bucketRows(fixture.dataDir);
    expect(first.hourly.length).toBeGreaterThan(0);
    expect(first.daily.length).toBeGreaterThan(0);

    // As after a crash halfway through: the marks go back (to where raw checks are still kept), and every hour and
    // day after them is summed again.
    const stores = openHistoryStores(fixture.dataDir);
    stores.marks.set('hourly', start + day);
    stores.marks.set('daily', start + day);
    stores.db.close();
    fixture.restart();
    await fixture.history.settled();
    await fixture.stop();
    expect(bucketRows(fixture.dataDir)).toEqual(first);
  });

  it('sums an hour again when a check of it arrives after it was summed', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    fixture.setStatus(monitor, start, 'up');
    await fixture.advance(2 * hour);
    expect((await stats(monitor)).checks).toBe(0);
    fixture.history.recorder.recordCheck({ monitorSeq: monitor.seq, at: start + 30 * minute, durationMs: 80, ok: true, error: undefined });
    await fixture.advance(hour);
    expect((await stats(monitor)).checks).toBe(1);
    expect(fixture.history.series(monitor.seq, '7d').points.find((point) => point.checks > 0)).toMatchObject({ at: '2026-11-02T00:00:00.000Z', checks: 1, avg_ms: 80 });
  });

  it('sums days into the daily tier that the 90- and 365-day windows read, on whole UTC days', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    await checkEvery10Minutes(monitor, start + 3 * day + 5 * hour, (at) => at >= start + day && at < start + day + 2 * hour);
    for (const window of ['90d', '365d'] as const) {
      const result = await stats(monitor, window);
      // The window reaches back before the monitor was created: its figures start there.
      expect(result.from).toBe(new Date(start).toISOString());
      expect(result).toMatchObject({ checks: 3 * 144 + 30, failed_checks: 12, down_seconds: 2 * 3600, up_seconds: (3 * 24 + 5 - 2) * 3600 });
    }
    const series = fixture.history.series(monitor.seq, '90d');
    expect(series.step_seconds).toBe(86_400);
    expect(series.points.slice(-4).map((point) => [point.at.slice(0, 10), point.checks, point.failed])).toEqual([
      ['2026-11-02', 144, 0],
      ['2026-11-03', 144, 12],
      ['2026-11-04', 144, 0],
      ['2026-11-05', 30, 0],
    ]);
  });
});

describe('series', () => {
  it('cuts each window into regular steps, oldest first, on the grid its data is kept at', async () => {
    fixture = openHistoryFixture(start);
    const monitor = fixture.addMonitor();
    await checkEvery10Minutes(monitor, start + day + 30 * minute, () => false);
    const expected: [HistoryWindow, number, number][] = [
      ['24h', 300, (24 * 60 + 30) / 5],
      ['7d', 3600, 7 * 24 + 1],
      ['30d', 3600, 30 * 24 + 1],
      ['90d', 86_400, 91],
      ['365d', 86_400, 366],
    ];
    for (const [window, step, points] of expected) {
      const series = fixture.history.series(monitor.seq, window);
      expect(series.step_seconds, window).toBe(step);
      expect(series.points, window).toHaveLength(points);
      expect(Date.parse(series.points[1]?.at ?? '') - Date.parse(series.points[0]?.at ?? ''), window).toBe(step * 1000);
      expect(series.points.reduce((sum, point) => sum + point.checks, 0), window).toBe(window === '24h' ? 144 + 3 : 147);
    }
    const last = fixture.history.series(monitor.seq, '24h').points.at(-1);
    expect(last).toMatchObject({ at: '2026-11-03T00:25:00.000Z', checks: 0, failed: 0 });
    expect(last?.avg_ms).toBeUndefined();
  });
});

describe('retention', () => {
  it('drops raw checks after the retention once summed, and keeps the buckets', async () => {
    fixture = openHistoryFixture(start, { retention: { ...testRetention, rawHours: 24 } });
    const monitor = fixture.addMonitor();
    await checkEvery10Minutes(monitor, start + 2 * day + 2 * hour, () => false);
    const checks = fixture.history.checks(monitor.seq, fixture.clock.now(), 1000);
    expect(checks.at(-1)?.checked_at).toBe('2026-11-03T02:00:00.000Z');
    expect(checks).toHaveLength(24 * 6);
    expect((await stats(monitor, '7d')).checks).toBe(2 * 144 + 12);
  });
});
