// The one duration formatter, at each precision callers use.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
