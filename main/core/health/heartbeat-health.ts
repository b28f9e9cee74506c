// Whether a heartbeat is on time. A server with only the spec (docs/api-decisions.md §6) is judged by its pings:
// late once now > last ping + interval + grace, down once a second interval has passed too. Remote servers do not
// say when a heartbeat was created, so before its first ping the clock starts when Vigil first saw it
// (`waitingSince`), if the caller knows that.
//
// Vigil's service sends more (§16), and then the heartbeat is judged by the rule the service alerts by
// (common/schedule/heartbeat-deadline.ts): a failed run is `failed` until a success; an open run with a
// `max_runtime_seconds` that started in time is late once it has run longer; else the heartbeat is late after
// `next_expected_at` plus its own grace (or the user's). Down stays "a further interval missed", which the service
// does not have.
import { dateTimeToEpochMs, type Heartbeat } from '../../../common/api/index.ts';
import { heartbeatDeadline, nextExpectedAfter, openRunSince } from '../../../common/schedule/heartbeat-deadline.ts';
import type { Health } from './health.ts';

export type HeartbeatState = 'waiting' | 'up' | 'late' | 'down' | 'failed' | 'unknown';

export interface HeartbeatTiming {
  state: HeartbeatState;
  /** Epoch ms of the last ping, if there has been one. */
  lastPingAt?: number;
  /** When the next ping is due: the server's `next_expected_at`, or the last ping (or the start of waiting) plus the expected interval. */
  nextExpectedAt?: number;
  /** After this instant the heartbeat is late: nextExpectedAt + grace, or the open run's limit (`runStartedAt`). */
  lateAfter?: number;
  /** After this instant it has missed at least two pings (one more interval after `lateAfter`). */
  downAfter?: number;
  /** An open run judged by its `max_runtime_seconds`: when it started. `lateAfter` is then when it runs too long. */
  runStartedAt?: number;
  /** A run still open (a start with no end after it), whether or not it is judged by its limit: when it started. */
  runningSince?: number;
  /** State `failed`: when the failing run ended, if the server said (`last_end`). */
  failedAt?: number;
}

export interface HeartbeatTimingOptions {
  /** The user's grace, for heartbeats that have none of their own (`grace_seconds`). */
  graceSeconds: number;
  /** Epoch ms the wait for a first ping started (creation, or when Vigil first saw the heartbeat). */
  waitingSince?: number | undefined;
}

const epochOf = (value: string | undefined) => (value === undefined ? undefined : dateTimeToEpochMs(value));

export function heartbeatTiming(heartbeat: Heartbeat, now: number, options: HeartbeatTimingOptions): HeartbeatTiming {
  const interval = heartbeat.expected_interval;
  const lastPingAt = epochOf(heartbeat.last_ping);
  const unreadablePing = heartbeat.last_ping !== undefined && lastPingAt === undefined;
  // Failed until a success comes, whatever the clock (or a missing interval) says: the service's `heartbeat.recovered`
  // is the next success.
  if (heartbeat.last_outcome === 'failed') return withDefined({ state: 'failed' }, lastPingAt, epochOf(heartbeat.last_end), undefined);
  if (interval === undefined || unreadablePing) return { state: 'unknown' };
  // The server's own expectation where it says; else (the spec alone) an interval after the last ping or the wait's start.
  const since = lastPingAt ?? options.waitingSince;
  const nextExpectedAt = epochOf(heartbeat.next_expected_at) ?? (since === undefined ? undefined : nextExpectedAfter({ expected_interval: interval, schedule: undefined, timezone: undefined }, since));
  // Without `last_end` (a server that does not send it) the latest success, `last_ping`, is the best end known.
  const runningSince = openRunSince(epochOf(heartbeat.last_start), epochOf(heartbeat.last_end) ?? lastPingAt);
  const deadline = heartbeatDeadline({
    nextExpectedAt,
    graceMs: (heartbeat.grace_seconds ?? options.graceSeconds) * 1000,
    maxRuntimeMs: heartbeat.max_runtime_seconds === undefined ? undefined : heartbeat.max_runtime_seconds * 1000,
    runningSince,
  });
  if (deadline === undefined) return { state: 'waiting' };
  const lateAfter = deadline.at;
  const downAfter = lateAfter + interval * 1000;
  const onTime = lastPingAt === undefined ? 'waiting' : 'up';
  const state = now > downAfter ? 'down' : now > lateAfter ? 'late' : onTime;
  const timing = withDefined({ state, lateAfter, downAfter }, lastPingAt, undefined, deadline.kind === 'overran' ? runningSince : undefined);
  if (nextExpectedAt !== undefined) timing.nextExpectedAt = nextExpectedAt;
  if (runningSince !== undefined) timing.runningSince = runningSince;
  return timing;
}

/** The timing with only the optional times that are known, so an absent one is absent (not undefined) in a `toEqual`. */
function withDefined(timing: HeartbeatTiming, lastPingAt: number | undefined, failedAt: number | undefined, runStartedAt: number | undefined): HeartbeatTiming {
  if (lastPingAt !== undefined) timing.lastPingAt = lastPingAt;
  if (failedAt !== undefined) timing.failedAt = failedAt;
  if (runStartedAt !== undefined) timing.runStartedAt = runStartedAt;
  return timing;
}

/**
 * up and waiting → ok (a heartbeat that has not pinged yet is not a problem until it is overdue, and new
 * heartbeats would otherwise grey out the tray); late → warning; down and failed → critical; no interval → unknown.
 */
export function heartbeatHealth(state: HeartbeatState): Health {
  switch (state) {
    case 'up':
    case 'waiting':
      return 'ok';
    case 'late':
      return 'warning';
    case 'down':
    case 'failed':
      return 'critical';
    case 'unknown':
      return 'unknown';
  }
}
