// Whether a stored heartbeat is overdue, by the rule the client shows it by (common/schedule/heartbeat-deadline.ts),
// read from its record.
import { heartbeatDeadline, openRunSince, type OverdueKind } from '../../common/schedule/heartbeat-deadline.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';

type Judged = Pick<HeartbeatRecord, 'nextExpectedAt' | 'graceSeconds' | 'maxRuntimeSeconds' | 'lastStart' | 'lastEnd'>;

/** Why the heartbeat is overdue at `nowMs`, or undefined while it is on time. */
export function overdueAt(record: Judged, nowMs: number, defaultGraceMs: number): OverdueKind | undefined {
  const deadline = heartbeatDeadline({
    nextExpectedAt: record.nextExpectedAt,
    graceMs: record.graceSeconds === undefined ? defaultGraceMs : record.graceSeconds * 1000,
    maxRuntimeMs: record.maxRuntimeSeconds === undefined ? undefined : record.maxRuntimeSeconds * 1000,
    runningSince: openRunSince(record.lastStart, record.lastEnd),
  });
  return deadline !== undefined && nowMs > deadline.at ? deadline.kind : undefined;
}
