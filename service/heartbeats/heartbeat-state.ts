// Whether a stored heartbeat is overdue, by the rule the client shows it by (common/schedule/heartbeat-deadline.ts),
// read from its record.
import { heartbeatDeadline, openRunSince, type OverdueKind } from '../../common/schedule/heartbeat-deadline.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';

type Judged = Pick<HeartbeatRecord, 'next_expected_at' | 'grace_seconds' | 'max_runtime_seconds' | 'last_start' | 'last_end'>;

/** Why the heartbeat is overdue at `nowMs`, or undefined while it is on time. */
export function overdueAt(record: Judged, nowMs: number, defaultGraceMs: number): OverdueKind | undefined {
  const deadline = heartbeatDeadline({
    nextExpectedAt: record.next_expected_at,
    graceMs: record.grace_seconds === undefined ? defaultGraceMs : record.grace_seconds * 1000,
    maxRuntimeMs: record.max_runtime_seconds === undefined ? undefined : record.max_runtime_seconds * 1000,
    runningSince: openRunSince(record.last_start, record.last_end),
  });
  return deadline !== undefined && nowMs > deadline.at ? deadline.kind : undefined;
}
