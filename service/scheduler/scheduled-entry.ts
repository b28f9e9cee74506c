// One job as the scheduler tracks it. A replaced job gets a new entry, so a stale check is told apart by identity.
import type { CheckResult, CheckTarget } from '../checks/check-result.ts';
import type { HeapItem } from './due-heap.ts';
import type { Phase } from './phase-planner.ts';

type EntryState = 'idle' | 'queued' | 'running';

export class ScheduledEntry implements HeapItem {
  readonly key: number;
  readonly target: CheckTarget;
  readonly periodMs: number;
  /** Where in the period the job's rounds fall; its slot is held in the planner until the job is retired. */
  readonly phase: Phase;
  /**
   * The drift-free schedule: when the phase comes round for the round now due; the next is due this + period
   * (jitter is added to each, never accumulated). During an extra round off the schedule (a new job's first
   * check), it is one period before the first regular round.
   */
  baseAt = 0;
  /** When the next round comes due (heap key). */
  dueAt = 0;
  heapIndex = -1;
  state: EntryState = 'idle';
  /** Due time and start of the round now queued or running, for its timing. */
  roundDueAt = 0;
  startedAt = 0;
  /** Set once removed or replaced: a result still in flight is then discarded. */
  retired = false;
  /** Completion handlers made once per job, so starting a check allocates no closures. */
  readonly onSettled: (result: CheckResult) => void;
  readonly onFailed: (error: unknown) => void;

  constructor(
    key: number,
    target: CheckTarget,
    phase: Phase,
    finish: (entry: ScheduledEntry, result: CheckResult) => void,
    fail: (entry: ScheduledEntry, error: unknown) => void,
  ) {
    this.key = key;
    this.target = target;
    this.periodMs = phase.periodMs;
    this.phase = phase;
    this.onSettled = (result) => finish(this, result);
    this.onFailed = (error) => fail(this, error);
  }
}
