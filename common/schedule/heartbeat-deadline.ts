// When a heartbeat is overdue, and why: the one rule the service alerts by and the client shows (pure). A heartbeat
// expects a success by its next expected time — the last success (or, before the first, its creation) plus its
// interval, or the next occurrence of its cron schedule after that — and is late once that time and its grace have
// passed, so a job that never runs at all is noticed too. A run that has started, and has a `max_runtime_seconds`, is
// judged by that instead: overdue once it has run longer, and not before, however long the schedule's grace — if it
// started in time. A job that starts after its deadline has passed is late already, and stays late until a success.
import { nextCronOccurrence } from './cron-schedule.ts';

/** What the next success is expected by: an interval in seconds, or a cron schedule in its zone. */
export interface HeartbeatExpectation {
  expected_interval: number;
  schedule: string | undefined;
  timezone: string | undefined;
}

/** When the next success is due after one at `afterMs` (or after creation, for the first). */
export function nextExpectedAfter({ expected_interval: expectedInterval, schedule, timezone }: HeartbeatExpectation, afterMs: number): number {
  const occurrence = schedule === undefined ? undefined : nextCronOccurrence(schedule, timezone ?? 'UTC', afterMs);
  // A schedule that fires no more (refused when created, but croner looks only so far ahead) falls back to its
  // longest gap, so the heartbeat is still watched.
  return occurrence ?? afterMs + expectedInterval * 1000;
}

/** The start of a run still open: a start later than the latest end known (epoch ms), else undefined. */
export function openRunSince(lastStart: number | undefined, lastEnd: number | undefined): number | undefined {
  return lastStart !== undefined && (lastEnd === undefined || lastStart > lastEnd) ? lastStart : undefined;
}

/** Missed: no success by the expected time plus grace. Overran: a started run outlived `max_runtime_seconds`. */
export type OverdueKind = 'missed' | 'overran';

export interface Deadline {
  kind: OverdueKind;
  /** Epoch ms after which the heartbeat is overdue. */
  at: number;
}

export interface DeadlineInputs {
  /** Epoch ms the next success is expected by; undefined while that is not known (no interval, no ping yet). */
  nextExpectedAt: number | undefined;
  graceMs: number;
  /** `max_runtime_seconds` in ms, where the heartbeat has one. */
  maxRuntimeMs: number | undefined;
  /** The start of a run still open (`openRunSince`). */
  runningSince: number | undefined;
}

/** The moment the heartbeat becomes overdue and why, or undefined when nothing says when it is due. */
export function heartbeatDeadline({ nextExpectedAt, graceMs, maxRuntimeMs, runningSince }: DeadlineInputs): Deadline | undefined {
  const missedAt = nextExpectedAt === undefined ? undefined : nextExpectedAt + graceMs;
  if (maxRuntimeMs !== undefined && runningSince !== undefined && (missedAt === undefined || runningSince <= missedAt)) {
    return { kind: 'overran', at: runningSince + maxRuntimeMs };
  }
  return missedAt === undefined ? undefined : { kind: 'missed', at: missedAt };
}
