import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLookupAt } from '../../../service/domains/refresh-schedule.ts';

const hourMs = 60 * 60 * 1000;
const timing = { intervalMs: 24 * hourMs, retryMs: 4 * hourMs };

describe('nextLookupAt', () => {
  it('is now for a domain never looked up', () => {
    expect(nextLookupAt({ id: 'dom_a', looked_up_at: undefined, lookup_error: undefined }, timing)).toBe(-Infinity);
  });

  it('is about a day after a success and about the retry time after a failure, within ±10 %', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 2 ** 42 }), (id, lookedUpAt) => {
        const afterSuccess = nextLookupAt({ id, looked_up_at: lookedUpAt, lookup_error: undefined }, timing) - lookedUpAt;
        const afterFailure = nextLookupAt({ id, looked_up_at: lookedUpAt, lookup_error: 'HTTP 500' }, timing) - lookedUpAt;
        expect(afterSuccess).toBeGreaterThanOrEqual(0.9 * timing.intervalMs);
        expect(afterSuccess).toBeLessThan(1.1 * timing.intervalMs);
        expect(afterFailure).toBeGreaterThanOrEqual(0.9 * timing.retryMs);
        expect(afterFailure).toBeLessThan(1.1 * timing.retryMs);
      }),
    );
  });

  it('is the same for the same domain every time', () => {
    const record = { id: 'dom_stable', looked_up_at: 1_000, lookup_error: undefined };
    expect(nextLookupAt(record, timing)).toBe(nextLookupAt({ ...record }, timing));
  });

  it('spreads 1,000 domains looked up at the same moment over the whole window', () => {
    const bucketMs = 6 * 60_000;
    const perBucket = new Map<number, number>();
    for (let index = 0; index < 1000; index++) {
      const bucket = Math.floor(nextLookupAt({ id: `dom_${index}`, looked_up_at: 0, lookup_error: undefined }, timing) / bucketMs);
      perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1);
    }

    // ±10 % of 24 h is 4.8 h: 48 buckets of 6 minutes, about 21 domains each if even.
    expect(perBucket.size).toBeGreaterThanOrEqual(46);
    expect(Math.max(...perBucket.values())).toBeLessThan(60);
  });
});
