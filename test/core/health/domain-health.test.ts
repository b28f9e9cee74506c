import { describe, expect, it } from 'vitest';
import { defaultExpiryThresholds } from '../../../common/api/index.ts';
import { dateToUtcDay, domainExpiry, domainExpiryDay, domainHealth, largestThreshold, utcDay } from '../../../main/core/health/index.ts';
import { DAY, HOUR, NOW } from '../alerts/fixtures.ts';
import { itGivesEachStateItsHealth } from './health-of-each-state.ts';

const options = { thresholds: defaultExpiryThresholds };

describe('domainExpiry', () => {
  it.each([
    [31, 'ok'],
    [30, 'expiring'],
    [7, 'expiring'],
    [0, 'expiring'],
    [-1, 'expired'],
  ])('days_until_expiry %i is %s', (days, state) => {
    expect(domainExpiry({ days_until_expiry: days }, NOW, options)).toEqual({ state, daysLeft: days });
  });

  it('prefers the server’s days_until_expiry to expires_on', () => {
    expect(domainExpiry({ days_until_expiry: 5, expires_on: '2030-01-01' }, NOW, options).daysLeft).toBe(5);
  });

  it('moves days_until_expiry on by the whole UTC days since the snapshot was taken', () => {
    const observedAt = NOW - 2 * DAY;
    expect(domainExpiry({ days_until_expiry: 5 }, NOW, { ...options, observedAt }).daysLeft).toBe(3);
  });

  it('counts from expires_on against now’s UTC date when the server gives no days', () => {
    // NOW is 2026-11-21 14:05 UTC.
    expect(domainExpiry({ expires_on: '2026-11-21' }, NOW, options)).toEqual({ state: 'expiring', daysLeft: 0 });
    expect(domainExpiry({ expires_on: '2026-11-20' }, NOW, options)).toEqual({ state: 'expired', daysLeft: -1 });
    expect(domainExpiry({ expires_on: '2027-11-21' }, NOW, options)).toEqual({ state: 'ok', daysLeft: 365 });
    expect(domainExpiry({ expires_on: '2026-11-22' }, Date.UTC(2026, 10, 21, 23, 59), options).daysLeft).toBe(1);
    expect(domainExpiry({ expires_on: '2026-11-22' }, Date.UTC(2026, 10, 22, 0, 0), options).daysLeft).toBe(0);
  });

  it('is unknown while the expiry could not be looked up', () => {
    expect(domainExpiry({ domain: 'example.com' }, NOW, options)).toEqual({ state: 'unknown' });
  });

  it('warns within the largest configured threshold only', () => {
    expect(domainExpiry({ days_until_expiry: 45 }, NOW, { thresholds: [60, 10] }).state).toBe('expiring');
    expect(domainExpiry({ days_until_expiry: 5 }, NOW, { thresholds: [] }).state).toBe('ok');
    expect(domainExpiry({ days_until_expiry: -3 }, NOW, { thresholds: [] }).state).toBe('expired');
  });
});

describe('domainHealth', () => {
  itGivesEachStateItsHealth(domainHealth, { ok: 'ok', expiring: 'warning', expired: 'critical', unknown: 'unknown' });
});

describe('domain helpers', () => {
  it('utcDay and dateToUtcDay count days since 1970-01-01 in UTC', () => {
    expect(utcDay(Date.UTC(1970, 0, 2, 23))).toBe(1);
    expect(dateToUtcDay('1970-01-02')).toBe(1);
    expect(dateToUtcDay('2026-02-30')).toBeUndefined();
  });

  it('domainExpiryDay is the same day from either field', () => {
    expect(domainExpiryDay({ days_until_expiry: 3 }, NOW + 5 * HOUR)).toBe(dateToUtcDay('2026-11-24'));
    expect(domainExpiryDay({ expires_on: '2026-11-24' }, NOW)).toBe(dateToUtcDay('2026-11-24'));
    expect(domainExpiryDay({}, NOW)).toBeUndefined();
  });

  it('largestThreshold ignores negative values', () => {
    expect(largestThreshold([7, 30, -5])).toBe(30);
    expect(largestThreshold([-1])).toBeUndefined();
  });
});
