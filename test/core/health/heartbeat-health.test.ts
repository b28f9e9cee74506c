import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heartbeatHealth, heartbeatTiming, type HeartbeatState } from '../../../main/core/health/index.ts';
import { HOUR, iso, MINUTE, NOW, SECOND } from '../alerts/fixtures.ts';

const grace = { graceSeconds: 300 };
const lastPing = NOW - HOUR;
const pinged = { expected_interval: 3600, last_ping: iso(lastPing) };

describe('heartbeatTiming', () => {
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

describe('heartbeatHealth', () => {
  it.each([
    ['up', 'ok'],
    ['waiting', 'ok'],
    ['late', 'warning'],
    ['down', 'critical'],
    ['unknown', 'unknown'],
  ] as const)('%s is %s', (state, health) => {
    expect(heartbeatHealth(state)).toBe(health);
  });
});
