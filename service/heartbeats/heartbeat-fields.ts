// A new heartbeat's stored fields from the create body: the service's defaults for what was left out, the time zone
// a schedule runs in (the service's own unless one was given, fixed at creation), and, for a schedule, the
// `expected_interval` a client that knows only the spec judges it by. The fields none of that concerns (an
// extension's, such as what a person writes about it) are stored as given.
import { HEARTBEAT_DEFAULTS, INPUT_LIMITS, type HeartbeatCreateBody } from '../../common/api/index.ts';
import { longestCronGap } from '../../common/schedule/cron-schedule.ts';
import { isTimeZone, localTimeZone } from '../../common/schedule/weekly-schedule.ts';
import type { HeartbeatFields } from '../storage/heartbeat-store.ts';
import { nextExpectedAfter } from '../../common/schedule/heartbeat-deadline.ts';

/** The zone a schedule without one runs in: the computer's, as cron on it would. */
export function serviceTimeZone(): string {
  const zone = localTimeZone();
  return isTimeZone(zone) ? zone : 'UTC';
}

export function heartbeatFields(body: HeartbeatCreateBody, nowMs: number, defaultTimeZone: string): HeartbeatFields {
  const { schedule, grace_seconds, max_runtime_seconds } = body;
  const name = body.name ?? HEARTBEAT_DEFAULTS.name;
  if (schedule === undefined) {
    const expectation = { expected_interval: body.expected_interval ?? HEARTBEAT_DEFAULTS.expected_interval, schedule, timezone: undefined };
    return { ...body, name, ...expectation, grace_seconds, max_runtime_seconds, next_expected_at: nextExpectedAfter(expectation, nowMs) };
  }
  const timezone = body.timezone ?? defaultTimeZone;
  // The longest wait the schedule allows, within the spec's bounds: a spec-only client never calls it late early.
  const { min, max } = INPUT_LIMITS.expectedIntervalSeconds;
  const expected_interval = Math.min(max, Math.max(min, longestCronGap(schedule, timezone, nowMs) ?? HEARTBEAT_DEFAULTS.expected_interval));
  const expectation = { expected_interval, schedule, timezone };
  return { ...body, name, ...expectation, grace_seconds, max_runtime_seconds, next_expected_at: nextExpectedAfter(expectation, nowMs) };
}
