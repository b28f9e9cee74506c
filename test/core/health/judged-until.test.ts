// How long an item's judgement and words hold (judged-until.ts): at any time before `judgedUntil`, the item judged
// and described again reads exactly as it did — the promise the status memo keeps a server's part on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultExpiryThresholds } from '../../../common/api/index.ts';
import { assessSnapshot, itemDetail, judgedUntil, type ItemAssessment } from '../../../main/core/health/index.ts';
import { itemSince } from '../../../main/core/history/item-since.ts';
import { DAY, domain, heartbeat, HOUR, iso, MINUTE, monitor, NOW, SECOND, snapshot } from '../alerts/fixtures.ts';

const options = { graceSeconds: 300, thresholds: defaultExpiryThresholds, observedAt: NOW };

function judged(items: Parameters<typeof snapshot>[0], now: number, waitingSince?: Record<string, number>): ItemAssessment[] {
  return assessSnapshot(snapshot(items), { ...options, now, waitingSince });
}

/** What a person reads of an item at `now`. */
function reading(item: ItemAssessment, now: number) {
  return { health: item.health, state: item.state, detail: itemDetail(item, now), since: itemSince(item, undefined, now, defaultExpiryThresholds) };
}

describe('judgedUntil', () => {
  it('never moves a monitor with the clock', () => {
    const [item] = judged({ monitors: [monitor('a', 'down')] }, NOW);
    expect(item && judgedUntil(item, NOW)).toBe(Number.POSITIVE_INFINITY);
  });

  it('holds a heartbeat until its last ping turns a second, then a minute, older, or it turns late', () => {
    const at = (agoMs: number) => {
      const [item] = judged({ heartbeats: [heartbeat('h', agoMs, 3600)] }, NOW);
      return item === undefined ? undefined : judgedUntil(item, NOW) - NOW;
    };
    expect(at(40 * SECOND + 300)).toBe(700);
    expect(at(5 * MINUTE + 10 * SECOND)).toBe(50 * SECOND);
    // Late one millisecond after the hour and the grace.
    expect(at(HOUR + 300 * SECOND)).toBe(1);
  });

  it('holds a domain until the next UTC midnight, and one whose expiry is unknown for good', () => {
    const [known, unknown] = judged({ domains: [domain('d', 20), domain('u', undefined)] }, NOW);
    expect(known && judgedUntil(known, NOW)).toBe(Math.floor(NOW / DAY + 1) * DAY);
    expect(unknown && judgedUntil(unknown, NOW)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads the same at any time before it, for every kind of heartbeat and domain', () => {
    const heartbeatArb = fc.record({
      ago: fc.option(fc.integer({ min: -5 * SECOND, max: 4 * HOUR })),
      interval: fc.constantFrom(60, 3600, 86_400),
      waiting: fc.option(fc.integer({ min: 0, max: 3 * HOUR })),
    });
    const domainArb = fc.option(fc.integer({ min: -3, max: 40 }));
    fc.assert(
      fc.property(heartbeatArb, domainArb, fc.integer({ min: 0, max: 3 * DAY }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (beat, days, offset, part) => {
        const now = NOW + offset;
        const items = { heartbeats: [heartbeat('h', beat.ago ?? undefined, beat.interval, NOW)], domains: [domain('d', days ?? undefined, NOW)] };
        const waitingSince = beat.waiting === null ? undefined : { 'heartbeat:h': NOW - beat.waiting };
        for (const [index, item] of judged(items, now, waitingSince).entries()) {
          const until = judgedUntil(item, now);
          expect(until).toBeGreaterThan(now);
          const later = Math.min(until - 1, now + Math.floor(part * Math.min(until - now, 10 * DAY)));
          const again = judged(items, later, waitingSince)[index] as ItemAssessment;
          expect(reading(again, later)).toEqual(reading(item, now));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the same at any time before it for heartbeats with the service’s fields: failed, running, scheduled', () => {
    const at = (offset: number | null) => (offset === null ? undefined : iso(NOW + offset));
    const extensionArb = fc.record({
      ago: fc.option(fc.integer({ min: -5 * SECOND, max: 4 * HOUR })),
      interval: fc.constantFrom(60, 3600, 86_400),
      outcome: fc.constantFrom(undefined, 'success', 'failed'),
      exitCode: fc.option(fc.integer({ min: 0, max: 3 })),
      start: fc.option(fc.integer({ min: -4 * HOUR, max: 0 })),
      end: fc.option(fc.integer({ min: -4 * HOUR, max: 0 })),
      maxRuntime: fc.option(fc.constantFrom(60, 3600, 7200)),
      next: fc.option(fc.integer({ min: -4 * HOUR, max: 4 * HOUR })),
      grace: fc.option(fc.constantFrom(0, 60, 900)),
    });
    fc.assert(
      fc.property(extensionArb, fc.integer({ min: 0, max: 3 * DAY }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (beat, offset, part) => {
        const now = NOW + offset;
        const fields = Object.fromEntries(
          Object.entries({
            last_outcome: beat.outcome,
            last_exit_code: beat.exitCode ?? undefined,
            last_start: at(beat.start),
            last_end: at(beat.end),
            max_runtime_seconds: beat.maxRuntime ?? undefined,
            next_expected_at: at(beat.next),
            grace_seconds: beat.grace ?? undefined,
          }).filter(([, value]) => value !== undefined),
        );
        const items = { heartbeats: [heartbeat('h', beat.ago ?? undefined, beat.interval, NOW, fields)] };
        const [item] = judged(items, now) as [ItemAssessment];
        const until = judgedUntil(item, now);
        expect(until).toBeGreaterThan(now);
        const later = Math.min(until - 1, now + Math.floor(part * Math.min(until - now, 10 * DAY)));
        const [again] = judged(items, later) as [ItemAssessment];
        expect(reading(again, later)).toEqual(reading(item, now));
      }),
      { numRuns: 2000 },
    );
  });

  it('holds a running heartbeat until the moment it outruns its limit', () => {
    const started = NOW - 30 * MINUTE;
    const running = heartbeat('h', 2 * HOUR + 30 * SECOND, 86_400, NOW, { max_runtime_seconds: 3600, last_start: iso(started), last_end: iso(NOW - 2 * HOUR), next_expected_at: iso(NOW - 32 * MINUTE) });
    const [item] = judged({ heartbeats: [running] }, NOW + 29 * MINUTE + 59 * SECOND) as [ItemAssessment];
    expect(item.state).toBe('up');
    // "Running for 59 min (limit 1 h)" turns "1 h" at the limit, a millisecond before it is late.
    expect(judgedUntil(item, NOW + 29 * MINUTE + 59 * SECOND)).toBe(started + HOUR);
    const limited = { ...running, max_runtime_seconds: 3601 };
    const [longer] = judged({ heartbeats: [limited] }, NOW + 29 * MINUTE + 59 * SECOND) as [ItemAssessment];
    expect(judgedUntil(longer, NOW + 29 * MINUTE + 59 * SECOND)).toBe(started + HOUR);
  });

  it('holds "Running for 12 min" until the next minute of the run', () => {
    const started = NOW - 12 * MINUTE - 20 * SECOND;
    const running = heartbeat('h', 2 * HOUR, 86_400, NOW, { last_start: iso(started), last_end: iso(NOW - 2 * HOUR), next_expected_at: iso(NOW + HOUR) });
    const [item] = judged({ heartbeats: [running] }, NOW) as [ItemAssessment];
    expect(itemDetail(item, NOW)).toBe('Running for 12 min');
    expect(judgedUntil(item, NOW)).toBe(started + 13 * MINUTE);
  });
});
