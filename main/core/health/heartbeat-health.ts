// Whether a heartbeat is on time (docs/api-decisions.md §6): late once now > last ping + interval + grace,
// down once a second interval has passed too. Remote servers do not say when a heartbeat was created, so
// before its first ping the clock starts when Vigil first saw it (`waitingSince`), if the caller knows that.
import { dateTimeToEpochMs, type Heartbeat } from '../../../common/api/index.ts';
import type { Health } from './health.ts';

export type HeartbeatState = 'waiting' | 'up' | 'late' | 'down' | 'unknown';

export interface HeartbeatTiming {
  state: HeartbeatState;
  /** Epoch ms of the last ping, if there has been one. */
  lastPingAt?: number;
  /** When the next ping is due: the last ping (or the start of waiting) plus the expected interval. */
  nextExpectedAt?: number;
  /** After this instant the heartbeat is late (nextExpectedAt + grace). */
  lateAfter?: number;
  /** After this instant it has missed at least two pings. */
  downAfter?: number;
}

export interface HeartbeatTimingOptions {
  graceSeconds: number;
  /** Epoch ms the wait for a first ping started (creation, or when Vigil first saw the heartbeat). */
  waitingSince?: number | undefined;
}

export function heartbeatTiming(heartbeat: Heartbeat, now: number, options: HeartbeatTimingOptions): HeartbeatTiming {
  const interval = heartbeat.expected_interval;
  const lastPingAt = heartbeat.last_ping === undefined ? undefined : dateTimeToEpochMs(heartbeat.last_ping);
  const unreadablePing = heartbeat.last_ping !== undefined && lastPingAt === undefined;
  if (interval === undefined || unreadablePing) return { state: 'unknown' };
  const since = lastPingAt ?? options.waitingSince;
  if (since === undefined) return { state: 'waiting' };
  const intervalMs = interval * 1000;
  const nextExpectedAt = since + intervalMs;
  const lateAfter = nextExpectedAt + options.graceSeconds * 1000;
  const downAfter = lateAfter + intervalMs;
  const onTime = lastPingAt === undefined ? 'waiting' : 'up';
  const state = now > downAfter ? 'down' : now > lateAfter ? 'late' : onTime;
  return lastPingAt === undefined
    ? { state, nextExpectedAt, lateAfter, downAfter }
    : { state, lastPingAt, nextExpectedAt, lateAfter, downAfter };
}

/**
 * up and waiting → ok (a heartbeat that has not pinged yet is not a problem until it is overdue, and new
 * heartbeats would otherwise grey out the tray); late → warning; down → critical; no interval → unknown.
 */
export function heartbeatHealth(state: HeartbeatState): Health {
  switch (state) {
    case 'up':
    case 'waiting':
      return 'ok';
    case 'late':
      return 'warning';
    case 'down':
      return 'critical';
    case 'unknown':
      return 'unknown';
  }
}
