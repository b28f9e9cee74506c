// The one duration formatter and the one clock-time formatter, at each precision callers use.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../common/format/clock-time.ts';
import { formatDuration, nextElapsedChange } from '../../common/format/duration.ts';

const [S, M, H, D] = [1000, 60_000, 3_600_000, 86_400_000];

describe('formatDuration', () => {
  it.each([
    [30 * S, '30 s'],
    [90 * S, '1 min 30 s'],
    [5400 * S, '1 h 30 min'],
    [H + S, '1 h 1 s'],
    [2 * D, '2 d'],
    [D + H, '1 d 1 h'],
    [0, '0 s'],
  ])('exact: %i ms is %s (a period the user chose, to the second)', (ms, text) => {
    expect(formatDuration(ms, 'exact')).toBe(text);
  });

  it.each([
    [45 * S, '45 s'],
    [5 * M + 59 * S, '5 min'],
    [2 * H + 5 * M + 59 * S, '2 h 5 min'],
    [3 * D + 4 * H + 59 * M, '3 d 4 h'],
    [400 * D, '400 d'],
    [-5 * S, '0 s'],
  ])('elapsed: %i ms is %s (never more than it was)', (ms, text) => {
    expect(formatDuration(ms, 'elapsed')).toBe(text);
  });

  it.each([
    [300, '300 ms'],
    [1500, '2 s'],
    [59_700, '1 min'],
    [90 * S, '1 min 30 s'],
    [89 * M + 50 * S, '1 h 30 min'],
    [D, '24 h'],
  ])('wait: %i ms is %s (to the nearest, in hours at most)', (ms, text) => {
    expect(formatDuration(ms, 'wait')).toBe(text);
  });

  it('defaults to elapsed', () => {
    expect(formatDuration(90 * S)).toBe('1 min');
  });

  it.each([
    [-5 * S, S],
    [0, S],
    [45 * S + 300, 46 * S],
    [59 * S, M],
    [5 * M + 59 * S, 6 * M],
    [3 * D + 4 * H + 59 * M, 3 * D + 5 * H],
  ])('elapsed words of %i ms next change at %i ms', (ms, next) => {
    expect(nextElapsedChange(ms)).toBe(next);
  });

  it('elapsed words read the same from a duration until their next change, and that change lies ahead', () => {
    fc.assert(
      fc.property(fc.integer({ min: -M, max: 40 * D }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (ms, part) => {
        const next = nextElapsedChange(ms);
        expect(next).toBeGreaterThan(ms);
        const within = Math.min(next - 1, ms + Math.floor(part * (next - ms)));
        expect(formatDuration(within, 'elapsed')).toBe(formatDuration(ms, 'elapsed'));
        expect(formatDuration(next - 1, 'elapsed')).toBe(formatDuration(ms, 'elapsed'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatClockTime', () => {
  const now = Date.UTC(2026, 10, 24, 14, 0);

  it('gives the time alone today, the day and the time otherwise, in the zone and locale asked for', () => {
    expect(formatClockTime(now + 5 * M, now, { locale: 'en-GB', timeZone: 'UTC' })).toBe('14:05');
    expect(formatClockTime(now + D, now, { locale: 'en-GB', timeZone: 'UTC' })).toBe('25 Nov 14:00');
    expect(formatClockTime(now + 5 * M, now, { locale: 'en-US', timeZone: 'UTC' })).toBe('2:05 PM');
    // 23:30 in New York is already tomorrow in UTC: "today" is the zone's own day.
    expect(formatClockTime(Date.UTC(2026, 10, 25, 4, 30), Date.UTC(2026, 10, 24, 23, 0), { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('23:30');
  });

  it('falls back to the host\'s zone for an unknown one, rather than failing', () => {
    expect(formatClockTime(now, now, { locale: 'en-GB', timeZone: 'Mars/Olympus' })).toMatch(/^\d{1,2}:\d{2}/);
  });
});
