// When a heartbeat is due and whether it is overdue (pure). A heartbeat expects a success by its next expected
// time — the last success (or, before the first, its creation) plus its interval, or the next occurrence of its
// cron schedule after that — and is late once that time and its grace have passed, so a job that never runs at all
// is noticed too. A run that has started and has a `max_runtime_seconds` is judged by that instead: it is overdue
// once it has run longer, and not before, however long the schedule's grace.
import { nextCronOccurrence } from '../../common/schedule/cron-schedule.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';

export type Expectation = Pick<HeartbeatRecord, 'expectedInterval' | 'schedule' | 'timezone'>;

/** When the next success is due after one at `afterMs` (or after creation, for the first). */
export function nextExpectedAfter(expectation: Expectation, afterMs: number): number {
  const { schedule, timezone, expectedInterval } = expectation;
  const occurrence = schedule === undefined ? undefined : nextCronOccurrence(schedule, timezone ?? 'UTC', afterMs);
  // A schedule that fires no more (refused when created, but croner looks only so far ahead) falls back to its
  // longest gap, so the heartbeat is still watched.
  return occurrence ?? afterMs + expectedInterval * 1000;
}

type Judged = Pick<HeartbeatRecord, 'nextExpectedAt' | 'graceSeconds' | 'maxRuntimeSeconds' | 'lastStart' | 'lastEnd'>;

/** A start ping with no end after it. */
export function isRunning(record: Pick<HeartbeatRecord, 'lastStart' | 'lastEnd'>): boolean {
  return record.lastStart !== undefined && record.lastStart > (record.lastEnd ?? Number.NEGATIVE_INFINITY);
}

/** Missed: no success by the expected time plus grace. Overran: a started run outlived `max_runtime_seconds`. */
export type OverdueKind = 'missed' | 'overran';

export interface Deadline {
  kind: OverdueKind;
  /** Epoch ms after which the heartbeat is overdue. */
  at: number;
}

export function heartbeatDeadline(record: Judged, defaultGraceMs: number): Deadline {
  if (isRunning(record) && record.maxRuntimeSeconds !== undefined && record.lastStart !== undefined) {
    return { kind: 'overran', at: record.lastStart + record.maxRuntimeSeconds * 1000 };
  }
  const graceMs = record.graceSeconds === undefined ? defaultGraceMs : record.graceSeconds * 1000;
  return { kind: 'missed', at: record.nextExpectedAt + graceMs };
}

/** Why the heartbeat is overdue at `nowMs`, or undefined while it is on time. */
export function overdueAt(record: Judged, nowMs: number, defaultGraceMs: number): OverdueKind | undefined {
  const deadline = heartbeatDeadline(record, defaultGraceMs);
  return nowMs > deadline.at ? deadline.kind : undefined;
}
