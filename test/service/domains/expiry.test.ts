import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultExpiryThresholds } from '../../../common/api/index.ts';
import { daysUntilExpiry, expiredThreshold, expiryAlert, type ExpiryAlert } from '../../../service/domains/expiry.ts';

const dayMs = 86_400_000;

describe('daysUntilExpiry', () => {
  it.each([
    ['2026-11-28', '2026-11-28T00:00:00Z', 0],
    ['2026-11-28', '2026-11-28T23:59:59.999Z', 0],
    ['2026-11-28', '2026-11-27T23:59:59.999Z', 1],
    ['2026-11-28', '2026-11-21T08:00:00Z', 7],
    ['2026-11-28', '2026-11-29T00:00:00Z', -1],
    ['2024-03-01', '2024-02-28T12:00:00Z', 2],
    ['2027-11-28', '2026-11-28T12:00:00Z', 365],
  ])('%s seen at %s is %i days away', (expiresOn, now, days) => {
    expect(daysUntilExpiry(expiresOn, Date.parse(now))).toBe(days);
  });

  it('refuses something that is not a date', () => {
    expect(() => daysUntilExpiry('28/11/2026', 0)).toThrow(RangeError);
  });

  it('is the same all day long and drops by one each UTC midnight', () => {
    const dates = fc.integer({ min: -20_000, max: 40_000 }).map((day) => new Date(day * dayMs).toISOString().slice(0, 10));
    const daysLaters = fc.integer({ min: -1000, max: 1000 });
    const msIntoDays = fc.integer({ min: 0, max: dayMs - 1 });
    fc.assert(
      fc.property(dates, daysLaters, msIntoDays, (expiresOn, daysLater, msIntoDay) => {
        const expiryMidnight = Date.parse(`${expiresOn}T00:00:00Z`);
        expect(daysUntilExpiry(expiresOn, expiryMidnight + daysLater * dayMs + msIntoDay) + daysLater).toBe(0);
      }),
    );
  });
});

describe('expiryAlert', () => {
  it.each([
    [45, undefined, undefined],
    [31, undefined, undefined],
    [30, undefined, { kind: 'domain.expiring', threshold: 30 }],
    [29, 30, undefined],
    [14, 30, { kind: 'domain.expiring', threshold: 14 }],
    [5, undefined, { kind: 'domain.expiring', threshold: 7 }],
    [5, 7, undefined],
    [1, 7, { kind: 'domain.expiring', threshold: 1 }],
    [0, 7, { kind: 'domain.expiring', threshold: 1 }],
    [0, 1, undefined],
    [-1, 1, { kind: 'domain.expired', threshold: -1 }],
    [-30, undefined, { kind: 'domain.expired', threshold: -1 }],
    [-2, -1, undefined],
  ] as const)('%i days left, already alerted at %s → %j', (daysLeft, alreadyAlerted, expected) => {
    expect(expiryAlert(daysLeft, defaultExpiryThresholds, alreadyAlerted)).toEqual(expected);
  });

  it('takes the default thresholds 30, 14, 7, 1', () => {
    expect(defaultExpiryThresholds).toEqual([30, 14, 7, 1]);
    expect(expiryAlert(14)).toEqual({ kind: 'domain.expiring', threshold: 14 });
  });

  it('allows a threshold of 0 ("expires today"), distinct from expired', () => {
    expect(expiryAlert(0, [0])).toEqual({ kind: 'domain.expiring', threshold: 0 });
    expect(expiryAlert(-1, [0], 0)).toEqual({ kind: 'domain.expired', threshold: expiredThreshold });
  });

  it('alerts only on expiry when there are no thresholds', () => {
    expect(expiryAlert(3, [])).toBeUndefined();
    expect(expiryAlert(-1, [])).toEqual({ kind: 'domain.expired', threshold: -1 });
  });
});

const thresholdSets = fc.uniqueArray(fc.integer({ min: 1, max: 365 }), { minLength: 0, maxLength: 10 });

/** Feeds a run of days-left readings through expiryAlert, recording each alert as the refresher does. */
function simulate(thresholds: readonly number[], readings: readonly number[]): Array<ExpiryAlert & { daysLeft: number }> {
  const alerts: Array<ExpiryAlert & { daysLeft: number }> = [];
  let alerted: number | undefined;
  for (const daysLeft of readings) {
    const alert = expiryAlert(daysLeft, thresholds, alerted);
    if (alert === undefined) continue;
    alerts.push({ ...alert, daysLeft });
    alerted = alert.threshold;
  }
  return alerts;
}

describe('expiryAlert properties', () => {
  it('walking down one day at a time, alerts once per threshold, largest first, then expired once', () => {
    fc.assert(
      fc.property(thresholdSets, fc.integer({ min: 1, max: 30 }), (thresholds, overshoot) => {
        const start = Math.max(0, ...thresholds) + overshoot;
        const readings = Array.from({ length: start + 10 }, (_, day) => start - day);

        const alerts = simulate(thresholds, readings);

        const descending = [...thresholds].sort((a, b) => b - a);
        expect(alerts.map((alert) => alert.threshold)).toEqual([...descending, -1]);
        expect(alerts.map((alert) => alert.daysLeft)).toEqual([...descending, -1]);
        expect(alerts.at(-1)?.kind).toBe('domain.expired');
      }),
    );
  });

  it('for falling readings: each alert is the smallest threshold crossed, none repeats, expiry comes once, last', () => {
    const readings = fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }).map((drops) => {
      let daysLeft = 400;
      return drops.map((drop) => (daysLeft -= drop));
    });
    fc.assert(
      fc.property(thresholdSets, readings, (thresholds, falling) => {
        const alerts = simulate(thresholds, falling);

        for (const [index, alert] of alerts.entries()) {
          if (index > 0) expect(alert.threshold).toBeLessThan(alerts[index - 1]?.threshold ?? Infinity);
          if (alert.kind === 'domain.expired') {
            expect(alert.daysLeft).toBeLessThan(0);
            expect(index).toBe(alerts.length - 1);
          } else {
            expect(thresholds).toContain(alert.threshold);
            expect(alert.daysLeft).toBeLessThanOrEqual(alert.threshold);
            expect(thresholds.filter((t) => t >= alert.daysLeft && t < alert.threshold)).toEqual([]);
          }
        }
        const last = falling.at(-1);
        expect(alerts.filter((alert) => alert.kind === 'domain.expired')).toHaveLength(last !== undefined && last < 0 ? 1 : 0);
      }),
    );
  });

  it('never alerts at or above a level already alerted', () => {
    const daysLefts = fc.integer({ min: -400, max: 400 });
    const alertedLevels = fc.integer({ min: -1, max: 365 });
    fc.assert(
      fc.property(thresholdSets, daysLefts, alertedLevels, (thresholds, daysLeft, alerted) => {
        const alert = expiryAlert(daysLeft, thresholds, alerted);
        if (alert !== undefined) expect(alert.threshold).toBeLessThan(alerted);
        expect(expiryAlert(daysLeft, thresholds, alert?.threshold ?? alerted)).toBeUndefined();
      }),
    );
  });
});
