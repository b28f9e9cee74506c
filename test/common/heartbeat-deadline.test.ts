// The one rule of when a heartbeat is due and overdue, which the service alerts by and the client shows.
import { describe, expect, it } from 'vitest';
import { heartbeatDeadline, nextExpectedAfter, openRunSince } from '../../common/schedule/heartbeat-deadline.ts';

const utc = (text: string) => Date.parse(text);

describe('nextExpectedAfter', () => {
  it('adds the interval, or finds the next occurrence in the schedule’s zone', () => {
    expect(nextExpectedAfter({ expected_interval: 600, schedule: undefined, timezone: undefined }, 1_000)).toBe(601_000);
    const nightly = { expected_interval: 90_000, schedule: '30 2 * * *', timezone: 'Europe/Berlin' };
    // A ping just after the run of the spring-forward night (03:00 CEST) expects the next night's 02:30 CEST.
    expect(nextExpectedAfter(nightly, utc('2026-03-29T01:00:05Z'))).toBe(utc('2026-03-30T00:30:00Z'));
    expect(nextExpectedAfter({ ...nightly, timezone: 'America/New_York' }, utc('2026-03-08T06:00:00Z'))).toBe(utc('2026-03-08T07:00:00Z'));
  });
});

describe('openRunSince', () => {
  it('is the start of a run with no end after it', () => {
    expect(openRunSince(100, undefined)).toBe(100);
    expect(openRunSince(100, 90)).toBe(100);
    expect(openRunSince(100, 100)).toBeUndefined();
    expect(openRunSince(100, 110)).toBeUndefined();
    expect(openRunSince(undefined, 110)).toBeUndefined();
  });
});

describe('heartbeatDeadline', () => {
  const base = { nextExpectedAt: 100_000, graceMs: 60_000, maxRuntimeMs: undefined, runningSince: undefined };

  it('is the expected time plus the grace', () => {
    expect(heartbeatDeadline(base)).toEqual({ kind: 'missed', at: 160_000 });
    expect(heartbeatDeadline({ ...base, nextExpectedAt: undefined })).toBeUndefined();
  });

  it('judges a run that started in time and has a max runtime by that alone', () => {
    expect(heartbeatDeadline({ ...base, runningSince: 90_000, maxRuntimeMs: 300_000 })).toEqual({ kind: 'overran', at: 390_000 });
    // Started right at its deadline: still in time.
    expect(heartbeatDeadline({ ...base, runningSince: 160_000, maxRuntimeMs: 300_000 })).toEqual({ kind: 'overran', at: 460_000 });
    // No max runtime: the schedule and grace still apply.
    expect(heartbeatDeadline({ ...base, runningSince: 90_000 })).toEqual({ kind: 'missed', at: 160_000 });
    // Nothing expected yet (a spec-only server's heartbeat before its first ping): the run's limit is all there is.
    expect(heartbeatDeadline({ ...base, nextExpectedAt: undefined, runningSince: 90_000, maxRuntimeMs: 300_000 })).toEqual({ kind: 'overran', at: 390_000 });
  });

  it('keeps a job that starts after its deadline late: its run does not buy it time', () => {
    expect(heartbeatDeadline({ ...base, runningSince: 160_001, maxRuntimeMs: 300_000 })).toEqual({ kind: 'missed', at: 160_000 });
  });
});
