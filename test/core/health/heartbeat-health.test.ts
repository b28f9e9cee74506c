import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heartbeatHealth, heartbeatTiming, type HeartbeatState } from '../../../main/core/health/index.ts';
import { HOUR, iso, MINUTE, NOW, SECOND } from '../alerts/fixtures.ts';
import { itGivesEachStateItsHealth } from './health-of-each-state.ts';

const grace = { graceSeconds: 300 };
const lastPing = NOW - HOUR;
const pinged = { expected_interval: 3600, last_ping: iso(lastPing) };

describe('heartbeatTiming', () => {
  // Also the proof that a spec-only heartbeat (no schedule, no runs) reads exactly as it did before schedules came.
  it('is up until interval + grace have passed since the last ping, and says when the next ping is due', () => {
    expect(heartbeatTiming(pinged, lastPing + HOUR + 5 * MINUTE, grace)).toEqual({
      state: 'up',
      lastPingAt: lastPing,
      nextExpectedAt: lastPing + HOUR,
      lateAfter: lastPing + HOUR + 5 * MINUTE,
      downAfter: lastPing + 2 * HOUR + 5 * MINUTE,
    });
  });

  it('is late one millisecond after interval + grace', () => {
    expect(heartbeatTiming(pinged, lastPing + HOUR + 5 * MINUTE + 1, grace).state).toBe('late');
  });

  it('is down once a second interval has been missed too', () => {
    expect(heartbeatTiming(pinged, lastPing + 2 * HOUR + 5 * MINUTE, grace).state).toBe('late');
    expect(heartbeatTiming(pinged, lastPing + 2 * HOUR + 5 * MINUTE + 1, grace).state).toBe('down');
  });

  it('reads expected_interval as seconds and applies the grace given', () => {
    const heartbeat = { expected_interval: 60, last_ping: iso(NOW - 90 * SECOND) };
    expect(heartbeatTiming(heartbeat, NOW, { graceSeconds: 0 }).state).toBe('late');
    expect(heartbeatTiming(heartbeat, NOW, { graceSeconds: 30 }).state).toBe('up');
  });

  it('is waiting before the first ping when nothing says when the wait began', () => {
    expect(heartbeatTiming({ expected_interval: 60 }, NOW, grace)).toEqual({ state: 'waiting' });
  });

  it('starts the clock when Vigil first saw a heartbeat that never pinged', () => {
    const waitingSince = NOW - HOUR;
    const heartbeat = { expected_interval: 1800 };
    expect(heartbeatTiming(heartbeat, waitingSince + 35 * MINUTE, { graceSeconds: 300, waitingSince })).toMatchObject({
      state: 'waiting',
      nextExpectedAt: waitingSince + 30 * MINUTE,
    });
    expect(heartbeatTiming(heartbeat, waitingSince + 36 * MINUTE, { graceSeconds: 300, waitingSince }).state).toBe('late');
    expect(heartbeatTiming(heartbeat, waitingSince + 66 * MINUTE, { graceSeconds: 300, waitingSince }).state).toBe('down');
  });

  it('is unknown without an expected interval', () => {
    expect(heartbeatTiming({ last_ping: iso(NOW) }, NOW, grace)).toEqual({ state: 'unknown' });
    expect(heartbeatTiming({}, NOW, grace)).toEqual({ state: 'unknown' });
  });

  it('counts a ping stamped in the future (clock skew) as on time', () => {
    expect(heartbeatTiming({ expected_interval: 60, last_ping: iso(NOW + HOUR) }, NOW, grace).state).toBe('up');
  });

  it('only ever gets worse as time passes without a ping', () => {
    const order: HeartbeatState[] = ['up', 'late', 'down'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 86_400 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.nat(10 * 86_400_000),
        fc.nat(86_400_000),
        (interval, graceSeconds, at, step) => {
          const heartbeat = { expected_interval: interval, last_ping: iso(NOW) };
          const before = heartbeatTiming(heartbeat, NOW + at, { graceSeconds }).state;
          const after = heartbeatTiming(heartbeat, NOW + at + step, { graceSeconds }).state;
          expect(order.indexOf(after)).toBeGreaterThanOrEqual(order.indexOf(before));
        },
      ),
    );
  });
});

describe('heartbeatTiming with the service’s extension fields (docs/api-decisions.md §16)', () => {
  // A daily job on "30 2 * * *": its longest gap is a day, its next run due at `due`.
  const due = NOW + 2 * HOUR;
  const cron = { expected_interval: 86_400, schedule: '30 2 * * *', timezone: 'UTC', last_ping: iso(due - 24 * HOUR + MINUTE), next_expected_at: iso(due) };
  const user = { graceSeconds: 300 };

  it('makes a cron heartbeat late at next_expected_at plus grace, not at the last ping plus its longest gap', () => {
    expect(heartbeatTiming(cron, due + 5 * MINUTE, user)).toMatchObject({ state: 'up', nextExpectedAt: due, lateAfter: due + 5 * MINUTE, downAfter: due + 24 * HOUR + 5 * MINUTE });
    expect(heartbeatTiming(cron, due + 5 * MINUTE + 1, user).state).toBe('late');
    expect(heartbeatTiming(cron, due + 24 * HOUR + 5 * MINUTE + 1, user).state).toBe('down');
  });

  it('uses the heartbeat’s own grace before the user’s, even a grace of 0', () => {
    expect(heartbeatTiming({ ...cron, grace_seconds: 900 }, due + 10 * MINUTE, user)).toMatchObject({ state: 'up', lateAfter: due + 15 * MINUTE });
    expect(heartbeatTiming({ ...cron, grace_seconds: 0 }, due + 1, user).state).toBe('late');
    // A spec-shaped heartbeat with a grace of its own: the ping rule, with that grace.
    expect(heartbeatTiming({ ...pinged, grace_seconds: 60 }, lastPing + HOUR + MINUTE + 1, user).state).toBe('late');
  });

  it('judges a heartbeat that has not pinged yet by next_expected_at, with no need to know when Vigil first saw it', () => {
    const fresh = { expected_interval: 3600, next_expected_at: iso(NOW + HOUR) };
    expect(heartbeatTiming(fresh, NOW, user)).toEqual({ state: 'waiting', nextExpectedAt: NOW + HOUR, lateAfter: NOW + HOUR + 5 * MINUTE, downAfter: NOW + 2 * HOUR + 5 * MINUTE });
    expect(heartbeatTiming(fresh, NOW + HOUR + 5 * MINUTE + 1, user).state).toBe('late');
  });

  it('is failed (critical) after a failed run, whatever the schedule says, until a success', () => {
    const failedAt = NOW - 3 * HOUR;
    const failed = { ...cron, last_outcome: 'failed', last_exit_code: 2, last_end: iso(failedAt) };
    expect(heartbeatTiming(failed, NOW, user)).toEqual({ state: 'failed', lastPingAt: due - 24 * HOUR + MINUTE, failedAt });
    expect(heartbeatTiming(failed, due + 3 * 24 * HOUR, user).state).toBe('failed');
    expect(heartbeatHealth('failed')).toBe('critical');
    // Failed and never a success; a server that does not say when it failed.
    expect(heartbeatTiming({ expected_interval: 60, last_outcome: 'failed' }, NOW, user)).toEqual({ state: 'failed' });
    // The next success recovers it: the latest outcome is a success again.
    const succeeded = { ...failed, last_outcome: 'success', last_exit_code: 0, last_ping: iso(NOW), last_end: iso(NOW), next_expected_at: iso(due) };
    expect(heartbeatTiming(succeeded, NOW + MINUTE, user).state).toBe('up');
  });

  it('is late once an open run outlives max_runtime, and the schedule’s lateness waits for it till then', () => {
    const started = due - 10 * MINUTE;
    const running = { ...cron, max_runtime_seconds: 7200, last_start: iso(started), last_end: iso(due - 24 * HOUR + MINUTE) };
    // Past the schedule's deadline but inside its limit: on time.
    expect(heartbeatTiming(running, due + HOUR, user)).toMatchObject({ state: 'up', runStartedAt: started, lateAfter: started + 2 * HOUR, nextExpectedAt: due });
    expect(heartbeatTiming(running, started + 2 * HOUR + 1, user).state).toBe('late');
    expect(heartbeatTiming(running, started + 2 * HOUR + 24 * HOUR + 1, user).state).toBe('down');
    // A first run, with no end before it.
    const { last_end: _end, last_ping: _ping, ...first } = running;
    expect(heartbeatTiming(first, started + 2 * HOUR + 1, user)).toMatchObject({ state: 'late', runStartedAt: started });
  });

  it('keeps a late heartbeat late when its run starts after the deadline, as the service keeps its problem', () => {
    const started = due + 90 * MINUTE;
    const lateStart = { ...cron, max_runtime_seconds: 7200, last_start: iso(started), last_end: iso(due - 24 * HOUR + MINUTE) };
    for (const at of [started + MINUTE, started + 2 * HOUR + 1]) {
      const timing = heartbeatTiming(lateStart, at, user);
      expect(timing).toMatchObject({ state: 'late', lateAfter: due + 5 * MINUTE });
      expect(timing).not.toHaveProperty('runStartedAt');
    }
    // Started at the deadline itself: still in time, judged by its limit.
    expect(heartbeatTiming({ ...lateStart, last_start: iso(due + 5 * MINUTE) }, due + HOUR, user)).toMatchObject({ state: 'up', runStartedAt: due + 5 * MINUTE });
  });

  it('judges a finished run, or an open one without max_runtime, by the schedule', () => {
    const finished = { ...cron, max_runtime_seconds: 7200, last_start: iso(due - 25 * HOUR), last_end: iso(due - 24 * HOUR + MINUTE) };
    expect(heartbeatTiming(finished, due + 5 * MINUTE + 1, user)).toMatchObject({ state: 'late', lateAfter: due + 5 * MINUTE });
    expect(heartbeatTiming(finished, due, user)).not.toHaveProperty('runStartedAt');
    const unlimited = { ...cron, last_start: iso(due - MINUTE) };
    expect(heartbeatTiming(unlimited, due + 5 * MINUTE + 1, user)).toMatchObject({ state: 'late', lateAfter: due + 5 * MINUTE });
  });

  it('takes the last success as the end of the latest run from a server that does not send last_end', () => {
    const older = { ...cron, max_runtime_seconds: 600, last_start: iso(due - 24 * HOUR) };
    expect(heartbeatTiming(older, due, user)).toMatchObject({ state: 'up' });
    expect(heartbeatTiming(older, due, user)).not.toHaveProperty('runStartedAt');
  });
});

describe('heartbeatHealth', () => {
  itGivesEachStateItsHealth(heartbeatHealth, { up: 'ok', waiting: 'ok', late: 'warning', down: 'critical', failed: 'critical', unknown: 'unknown' });
});
