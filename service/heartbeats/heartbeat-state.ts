// When a stored heartbeat becomes overdue, by the rule the client shows it by (common/schedule/heartbeat-deadline.ts),
// read from its record.
import { type Deadline, heartbeatDeadline, openRunSince } from '../../common/schedule/heartbeat-deadline.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';

type Judged = Pick<HeartbeatRecord, 'next_expected_at' | 'grace_seconds' | 'max_runtime_seconds' | 'last_start' | 'last_end'>;

/** When the heartbeat becomes overdue and why, or undefined when nothing says when it is due. */
export function deadlineOf(record: Judged, defaultGraceMs: number): Deadline | undefined {
  return heartbeatDeadline({
    nextExpectedAt: record.next_expected_at,
    graceMs: record.grace_seconds === undefined ? defaultGraceMs : record.grace_seconds * 1000,
    maxRuntimeMs: record.max_runtime_seconds === undefined ? undefined : record.max_runtime_seconds * 1000,
    runningSince: openRunSince(record.last_start, record.last_end),
  });
}

