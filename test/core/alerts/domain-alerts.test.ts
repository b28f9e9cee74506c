import { describe, expect, it } from 'vitest';
import { dueThreshold, evaluatePoll } from '../../../main/core/alerts/index.ts';
import { context, DAY, domain, NOW, ok, pollAll, preferences, primed } from './fixtures.ts';

/** One poll per day, the domain expiring on a fixed day `startDays` after NOW's date. */
function daily(startDays: number, days: number, id = 'd') {
  return Array.from({ length: days }, (_, index) => {
    const at = NOW + index * DAY;
    return { outcome: ok({ domains: [domain(id, startDays - index, at)] }, at) };
  });
}

describe('domain alerts', () => {
  it('fire once per threshold as the expiry approaches, then once when it has passed', () => {
    const state = primed({ domains: [domain('d', 40)] });
    const { alerts } = pollAll(state, daily(40, 43));
    const told = alerts.flatMap((poll, index) => poll.map((alert) => `${40 - index}: ${alert.title}`));
    expect(told).toEqual([
      '30: d.example expires in 30 days',
      '14: d.example expires in 14 days',
      '7: d.example expires in 7 days',
      '1: d.example expires tomorrow',
      '-1: d.example has expired',
    ]);
  });

  it('say when the registration ends, and by whom', () => {
    const state = primed({ domains: [domain('d', 40)] });
    const { alerts } = evaluatePoll(state, ok({ domains: [domain('d', 30)] }), context());
    expect(alerts[0]).toMatchObject({
      kind: 'domain-expiring',
      severity: 'warning',
      body: 'The registration ends on 2026-12-21 (registrar: Example Registrar); renew it to keep the domain. · Work API',
      itemKey: 'domain:d',
    });
    const expired = evaluatePoll(state, ok({ domains: [domain('d', -3)] }), context()).alerts[0];
    expect(expired).toMatchObject({
      kind: 'domain-expired',
      severity: 'critical',
      title: 'd.example has expired',
      body: 'The registration ended on 2026-11-18 (registrar: Example Registrar). · Work API',
    });
  });

  it('give one alert, for the smallest threshold, when several are crossed at once', () => {
    const state = primed({ domains: [domain('d', 40)] });
    const { alerts, state: after } = evaluatePoll(state, ok({ domains: [domain('d', 5)] }), context());
    expect(alerts.map((alert) => alert.title)).toEqual(['d.example expires in 5 days']);
    expect(evaluatePoll(after, ok({ domains: [domain('d', 4)] }, NOW + DAY), context({ now: NOW + DAY })).alerts).toEqual([]);
  });

  it('re-arm when the expiry moves later (renewal)', () => {
    const state = primed({ domains: [domain('d', 5)] });
    const renewed = evaluatePoll(state, ok({ domains: [domain('d', 370)] }), context());
    expect(renewed.alerts).toEqual([]);
    expect(renewed.state.domains).toEqual({});
    const again = evaluatePoll(renewed.state, ok({ domains: [domain('d', 30)] }), context());
    expect(again.alerts.map((alert) => alert.title)).toEqual(['d.example expires in 30 days']);
  });

  it('take a one-day shift of the expiry for jitter, not a renewal', () => {
    const state = primed({ domains: [domain('d', 5)] });
    expect(evaluatePoll(state, ok({ domains: [domain('d', 6)] }), context()).alerts).toEqual([]);
  });

  it('keep what was told while the lookup fails', () => {
    const state = primed({ domains: [domain('d', 5)] });
    const { state: failing, alerts } = evaluatePoll(state, ok({ domains: [domain('d', undefined)] }), context());
    expect(alerts).toEqual([]);
    expect(evaluatePoll(failing, ok({ domains: [domain('d', 5)] }), context()).alerts).toEqual([]);
  });

  it('use the configured thresholds', () => {
    const custom = context({ preferences: preferences({ thresholds: [60, 3] }) });
    const state = evaluatePoll(primed({ domains: [] }), ok({ domains: [domain('d', 90)] }), custom).state;
    expect(evaluatePoll(state, ok({ domains: [domain('d', 45)] }), custom).alerts.map((alert) => alert.title)).toEqual([
      'd.example expires in 45 days',
    ]);
    expect(evaluatePoll(state, ok({ domains: [domain('d', 20)] }), custom).alerts.map((alert) => alert.title)).toEqual([
      'd.example expires in 20 days',
    ]);
  });

  it('fall back to expires_on when the server sends no days', () => {
    const state = primed({ domains: [] });
    const { alerts } = evaluatePoll(state, ok({ domains: [{ id: 'd', domain: 'd.example', expires_on: '2026-11-28' }] }), context());
    expect(alerts.map((alert) => alert.title)).toEqual(['d.example expires in 7 days']);
  });
});

describe('dueThreshold', () => {
  it('is the smallest threshold crossed, or -1 once expired, unless already reached', () => {
    expect(dueThreshold(20, [30, 14, 7, 1], undefined)).toBe(30);
    expect(dueThreshold(5, [30, 14, 7, 1], undefined)).toBe(7);
    expect(dueThreshold(5, [30, 14, 7, 1], 7)).toBeUndefined();
    expect(dueThreshold(0, [30, 14, 7, 1, 0], 1)).toBe(0);
    expect(dueThreshold(-1, [30], 30)).toBe(-1);
    expect(dueThreshold(-1, [30], -1)).toBeUndefined();
    expect(dueThreshold(40, [30], undefined)).toBeUndefined();
  });
});
