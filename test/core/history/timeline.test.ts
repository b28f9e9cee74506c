// The pure history policy: timelines from the record with gaps, the merge with a server's, uptime over watched time
// only, the list's slots, incidents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incidentsOf } from '../../../main/core/history/incidents.ts';
import type { StateRow, WatchPeriod } from '../../../main/core/history/record-types.ts';
import { slotString } from '../../../main/core/history/slots.ts';
import { fillGaps, recordTimeline, sliceSegments } from '../../../main/core/history/timeline.ts';
import { uptimeOf } from '../../../main/core/history/uptime.ts';

const H = 3_600_000;
const row = (since: number, state: 'up' | 'down' | 'unknown', expiresOn?: string): StateRow => ({
  since,
  health: state === 'up' ? 'ok' : state === 'down' ? 'critical' : 'warning',
  state,
  expiresOn,
  maintenance: false,
});
const period = (start: number, end: number): WatchPeriod => ({ start, end, endReason: undefined });

describe('recordTimeline', () => {
  it('shows the state while watching and a gap outside every stretch, never up', () => {
    const segments = recordTimeline([row(0, 'up'), row(5 * H, 'down')], [period(0, 2 * H), period(4 * H, 8 * H)], 0, 10 * H);
    expect(segments).toEqual([
      { from: 0, to: 2 * H, health: 'ok', state: 'up', detail: undefined },
      { from: 2 * H, to: 4 * H, health: 'gap', state: 'not watching' },
      { from: 4 * H, to: 5 * H, health: 'ok', state: 'up', detail: undefined },
      { from: 5 * H, to: 8 * H, health: 'critical', state: 'down', detail: 'down' },
      { from: 8 * H, to: 10 * H, health: 'gap', state: 'not watching' },
    ]);
  });

  it('is a gap before the item was first seen and after it left the server', () => {
    const rows: StateRow[] = [row(2 * H, 'up'), { since: 3 * H, health: 'gone', state: 'gone', expiresOn: undefined, maintenance: false }];
    expect(recordTimeline(rows, [period(0, 4 * H)], 0, 4 * H).map((s) => [s.from / H, s.to / H, s.health])).toEqual([
      [0, 2, 'gap'],
      [2, 3, 'ok'],
      [3, 4, 'gap'],
    ]);
  });

  it('carries a state recorded before the window into it', () => {
    expect(recordTimeline([row(-50 * H, 'down')], [period(-50 * H, 2 * H)], 0, 2 * H)).toEqual([{ from: 0, to: 2 * H, health: 'critical', state: 'down', detail: 'down' }]);
  });

  it('covers the window exactly, whatever the rows and stretches (property)', () => {
    const times = fc.array(fc.integer({ min: -10 * H, max: 30 * H }), { maxLength: 12 });
    fc.assert(
      fc.property(times, times, (rowTimes, edges) => {
        const rows = [...rowTimes].sort((a, b) => a - b).map((t, i) => row(t, i % 2 === 0 ? 'up' : 'down'));
        const sorted = [...edges].sort((a, b) => a - b);
        const periods = sorted.flatMap((t, i) => (i % 2 === 0 && sorted[i + 1] !== undefined ? [period(t, sorted[i + 1] ?? t)] : []));
        const segments = recordTimeline(rows, periods, 0, 24 * H);
        expect(segments[0]?.from).toBe(0);
        expect(segments.at(-1)?.to).toBe(24 * H);
        for (let i = 1; i < segments.length; i++) expect(segments[i]?.from).toBe(segments[i - 1]?.to);
        const watched = segments.filter((s) => s.health !== 'gap').reduce((sum, s) => sum + s.to - s.from, 0);
        const inPeriods = periods.reduce((sum, p) => sum + Math.max(0, Math.min(p.end, 24 * H) - Math.max(p.start, 0)), 0);
        expect(watched).toBeLessThanOrEqual(inPeriods);
      }),
    );
  });
});

describe('uptimeOf', () => {
  it('counts only watched time: two hours away change nothing but the unknown seconds', () => {
    const segments = recordTimeline([row(0, 'up'), row(9 * H, 'down')], [period(0, 4 * H), period(6 * H, 10 * H)], 0, 10 * H);
    expect(uptimeOf(segments, 'monitor', '24h', 0, 10 * H, 'client')).toEqual({
      window: '24h',
      uptime: 7 / 8,
      upSeconds: 7 * 3600,
      downSeconds: 3600,
      unknownSeconds: 2 * 3600,
      maintenanceSeconds: 0,
      source: 'client',
    });
  });

  it('is undefined when nothing was observed', () => {
    expect(uptimeOf([], 'monitor', '7d', 0, H, 'client').uptime).toBeUndefined();
  });

  it('counts a late heartbeat as down and an expiring domain as up', () => {
    const late = [{ from: 0, to: H, health: 'warning', state: 'late' } as const];
    expect(uptimeOf(late, 'heartbeat', '24h', 0, H, 'client').uptime).toBe(0);
    expect(uptimeOf(late, 'domain', '24h', 0, H, 'client').uptime).toBe(1);
  });
});

describe('slotString', () => {
  it('marks a slot d when down at any time, u when up for most of it, - otherwise', () => {
    const segments = [
      { from: 0, to: 3 * H, health: 'ok', state: 'up' },
      { from: 3 * H, to: 3 * H + 60_000, health: 'critical', state: 'down' },
      { from: 3 * H + 60_000, to: 4 * H, health: 'ok', state: 'up' },
      { from: 4 * H, to: 6 * H, health: 'gap', state: 'not watching' },
    ] as const;
    expect(slotString(segments, 'monitor', 0, 6 * H, 6)).toBe('uuud--');
  });

  it('always has one character per slot (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 96 }), fc.integer({ min: 0, max: 24 * H }), (count, split) => {
        const segments = [
          { from: 0, to: split, health: 'ok', state: 'up' },
          { from: split, to: 24 * H, health: 'critical', state: 'down' },
        ] as const;
        expect(slotString(segments, 'monitor', 0, 24 * H, count)).toMatch(new RegExp(`^[ud-]{${count}}$`));
      }),
    );
  });
});

describe('incidentsOf', () => {
  it('runs from first seen down to seen up again, across a gap; one still down has no end', () => {
    const segments = [
      { from: 0, to: H, health: 'ok', state: 'up' },
      { from: H, to: 2 * H, health: 'critical', state: 'down', detail: 'connection refused' },
      { from: 2 * H, to: 3 * H, health: 'gap', state: 'not watching' },
      { from: 3 * H, to: 4 * H, health: 'critical', state: 'down' },
      { from: 4 * H, to: 5 * H, health: 'ok', state: 'up' },
      { from: 5 * H, to: 6 * H, health: 'critical', state: 'down' },
    ] as const;
    expect(incidentsOf(segments, 'monitor')).toEqual([
      { start: H, end: 4 * H, detail: 'connection refused' },
      { start: 5 * H, end: undefined, detail: 'down' },
    ]);
  });
});

describe('fillGaps', () => {
  it("keeps the server's segments and fills only its gaps from the record", () => {
    const server = [
      { from: 0, to: 2 * H, health: 'gap', state: 'not watching' },
      { from: 2 * H, to: 4 * H, health: 'ok', state: 'up' },
    ] as const;
    const record = [
      { from: 0, to: H, health: 'gap', state: 'not watching' },
      { from: H, to: 4 * H, health: 'critical', state: 'down' },
    ] as const;
    expect(fillGaps(server, record).map((s) => [s.from / H, s.to / H, s.health])).toEqual([
      [0, 1, 'gap'],
      [1, 2, 'critical'],
      [2, 4, 'ok'],
    ]);
    expect(sliceSegments(server, 3 * H, 5 * H).map((s) => [s.from / H, s.to / H, s.health])).toEqual([
      [3, 4, 'ok'],
      [4, 5, 'gap'],
    ]);
  });
});
