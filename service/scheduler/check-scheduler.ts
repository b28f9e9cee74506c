// Runs every monitor's check at its frequency: one timer for the earliest due job, a concurrency cap,
// and a queue in due order for rounds that wait for a free slot. Each job runs at a phase of its period that the
// planner picked where the schedule was least loaded, so 10,000 jobs added at once are spread evenly.
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../common/clock.ts';
import type { DnsCheckSpec } from '../../common/api/dns-check-input.ts';
import type { MonitorType } from '../../common/api/known.ts';
import type { CheckResult, CheckRunner, HttpCheckRequest } from '../checks/check-result.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { DueHeap } from './due-heap.ts';
import { LatenessSamples, type LatenessSummary } from './lateness-samples.ts';
import { nextOccurrence, PhasePlanner } from './phase-planner.ts';
import { RingQueue } from './ring-queue.ts';
import { ScheduledEntry } from './scheduled-entry.ts';

export interface ScheduledJob {
  key: number;
  type: MonitorType;
  url: string;
  /** Seconds between checks. */
  frequency: number;
  /** http: the request and expectations, handed to the runner with the target. */
  http?: HttpCheckRequest | undefined;
  /** dns: the lookup, handed to the runner with the target. */
  dns?: DnsCheckSpec | undefined;
}

export interface CheckTiming {
  dueAt: number;
  startedAt: number;
}

export type ResultHandler = (key: number, result: CheckResult, timing: CheckTiming) => void;

export interface CheckSchedulerOptions {
  clock: Clock;
  runCheck: CheckRunner;
  /** Called for each finished check of a job that is still scheduled as it was when the check started. */
  onResult: ResultHandler;
  /** Checks in flight at once; default 100. */
  concurrency?: number;
  /** Each round moves by up to ± this share of the period, default 0.01; below 0.5 so rounds keep their order. */
  jitterRatio?: number;
  /** Upper bound of that jitter, default 5 s, so daily checks do not wander by minutes. */
  maxJitterMs?: number;
  /** Returns [0, 1), for the jitter and for choosing among equally loaded phases; default Math.random. */
  random?: () => number;
  /** How long stop() waits for checks in flight; default 15 s (a check's own timeout is 10 s). */
  stopTimeoutMs?: number;
  logger?: Logger;
}

export interface SchedulerStats {
  jobs: number;
  /** Rounds that came due, including skipped ones. */
  due: number;
  started: number;
  completed: number;
  /** Rounds not run because the job's previous check was still queued or running, or because the clock jumped past them. */
  skipped: number;
  /** Results not delivered because their job was removed or replaced while the check ran, or came after stop(). */
  discarded: number;
  inFlight: number;
  /** Due rounds waiting for a free slot. */
  queued: number;
  /** startedAt - dueAt (ms) over the most recent 10,000 starts. */
  lateness: LatenessSummary;
}

type Phase = 'stopped' | 'running' | 'stopping';

/** How much earlier than asked (by the clock) a timer may fire before the clock counts as set back. */
const clockSetBackToleranceMs = 1_000;

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1`);
  return value;
}

export class CheckScheduler {
  readonly #clock: Clock;
  readonly #runCheck: CheckRunner;
  readonly #onResult: ResultHandler;
  readonly #concurrency: number;
  readonly #jitterRatio: number;
  readonly #maxJitterMs: number;
  readonly #random: () => number;
  readonly #stopTimeoutMs: number;
  readonly #logger: Logger;

  readonly #jobs = new Map<number, ScheduledEntry>();
  readonly #heap = new DueHeap<ScheduledEntry>();
  readonly #planner: PhasePlanner;
  readonly #waiting = new RingQueue<ScheduledEntry>();
  readonly #lateness = new LatenessSamples();
  readonly #counts = { due: 0, started: 0, completed: 0, skipped: 0, discarded: 0 };
  #phase: Phase = 'stopped';
  #timer: TimerHandle | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #inFlight = 0;
  /** Live entries in #waiting; removed ones stay in the ring until dequeued and are then dropped. */
  #queued = 0;
  #stopping: Promise<void> | undefined;
  #onIdle: (() => void) | undefined;

  constructor(options: CheckSchedulerOptions) {
    this.#clock = options.clock;
    this.#runCheck = options.runCheck;
    this.#onResult = options.onResult;
    this.#concurrency = positiveInteger(options.concurrency ?? 100, 'concurrency');
    this.#jitterRatio = options.jitterRatio ?? 0.01;
    if (!(this.#jitterRatio >= 0 && this.#jitterRatio < 0.5)) throw new RangeError('jitterRatio must be in [0, 0.5)');
    this.#maxJitterMs = options.maxJitterMs ?? 5_000;
    this.#random = options.random ?? Math.random;
    this.#planner = new PhasePlanner(this.#random);
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
    this.#logger = options.logger ?? silentLogger;
  }

  /**
   * Adds a job, or replaces the one with the same key; either way it takes a least-loaded phase of its period
   * afresh. Its first round is when that phase first comes round, or, if that is more than `firstWithinMs` away, an
   * extra round at a random point within `firstWithinMs`, the phase's rounds following from half a period later.
   */
  upsert(job: ScheduledJob, { firstWithinMs }: { firstWithinMs?: number } = {}): void {
    if (!(Number.isFinite(job.frequency) && job.frequency > 0)) throw new RangeError('frequency must be a positive number of seconds');
    const previous = this.#jobs.get(job.key);
    if (previous !== undefined) this.#retire(previous);
    const entry = new ScheduledEntry(job.key, { type: job.type, url: job.url, http: job.http, dns: job.dns }, this.#planner.place(job.frequency * 1000), this.#finish, this.#fail);
    this.#placeFirstRound(entry, this.#clock.now(), firstWithinMs);
    this.#jobs.set(job.key, entry);
    this.#heap.push(entry);
    this.#armNext();
  }

  /**
   * An extra round of a job within `withinMs` (a failure checked again soon), keeping its phase: the phase's rounds
   * follow from at least half a period later, as after a first round. A job already queued or running is left alone:
   * its result is on its way.
   */
  checkSoon(key: number, withinMs = 0): void {
    const entry = this.#jobs.get(key);
    if (entry === undefined || entry.state !== 'idle') return;
    this.#placeFirstRound(entry, this.#clock.now(), withinMs);
    this.#heap.update(entry);
    this.#armNext();
  }

  remove(key: number): void {
    const entry = this.#jobs.get(key);
    if (entry === undefined) return;
    this.#retire(entry);
    this.#jobs.delete(key);
  }

  /** Every job's first round is when its phase next comes round: spread as evenly as the phases, never a burst. */
  start(): void {
    if (this.#phase === 'running') return;
    this.#phase = 'running';
    const now = this.#clock.now();
    for (const entry of this.#jobs.values()) this.#placeFirstRound(entry, now);
    this.#heap.reorderAll();
    this.#armNext();
  }

  /** Starts nothing more, drops queued rounds, and resolves once checks in flight finish (or stopTimeoutMs passes). */
  stop(): Promise<void> {
    if (this.#phase === 'stopped') return Promise.resolve();
    if (this.#phase === 'running') {
      this.#phase = 'stopping';
      this.#disarm();
      for (let entry = this.#waiting.shift(); entry !== undefined; entry = this.#waiting.shift()) entry.state = 'idle';
      this.#queued = 0;
      this.#stopping = this.#whenIdle().then(() => {
        if (this.#phase === 'stopping') this.#phase = 'stopped';
      });
    }
    return this.#stopping ?? Promise.resolve();
  }

  stats(): SchedulerStats {
    return {
      jobs: this.#jobs.size,
      ...this.#counts,
      inFlight: this.#inFlight,
      queued: this.#queued,
      lateness: this.#lateness.summary(),
    };
  }

  #retire(entry: ScheduledEntry): void {
    entry.retired = true;
    this.#planner.release(entry.phase);
    this.#heap.remove(entry);
    if (entry.state === 'queued') this.#queued -= 1;
  }

  #placeFirstRound(entry: ScheduledEntry, now: number, withinMs = entry.periodMs): void {
    const onPhase = nextOccurrence(entry.phase, now);
    if (onPhase - now <= withinMs) {
      entry.baseAt = onPhase;
      entry.dueAt = Math.ceil(onPhase);
      return;
    }
    // An extra round soon; then the phase, at least half a period on, so the first two checks are never moments apart.
    // Whole milliseconds, so the phase's times stay exact.
    const extraAt = Math.ceil(now + this.#random() * withinMs);
    entry.baseAt = nextOccurrence(entry.phase, extraAt + Math.ceil(entry.periodMs / 2)) - entry.periodMs;
    entry.dueAt = extraAt;
  }

  #jitter(periodMs: number): number {
    return (this.#random() * 2 - 1) * Math.min(this.#jitterRatio * periodMs, this.#maxJitterMs);
  }

  /** The round after the one now due; rounds the clock has already passed (sleep, a blocked loop) are skipped, not run in a burst. */
  #placeNextRound(entry: ScheduledEntry, now: number): void {
    const jitter = this.#jitter(entry.periodMs);
    let baseAt = entry.baseAt + entry.periodMs;
    if (baseAt + jitter <= now) {
      const missed = Math.floor((now - baseAt - jitter) / entry.periodMs) + 1;
      baseAt += missed * entry.periodMs;
      this.#counts.due += missed;
      this.#counts.skipped += missed;
    }
    entry.baseAt = baseAt;
    entry.dueAt = Math.ceil(baseAt + jitter);
  }

  #armNext(): void {
    const next = this.#heap.peek();
    if (this.#phase !== 'running' || next === undefined || next.dueAt >= this.#timerAt) return;
    this.#disarm();
    const now = this.#clock.now();
    const delay = Math.min(Math.max(0, next.dueAt - now), maxTimerDelayMs);
    this.#timerAt = now + delay;
    this.#timer = this.#clock.setTimer(this.#onTimer, delay);
  }

  #disarm(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  readonly #onTimer = (): void => {
    const expectedAt = this.#timerAt;
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = this.#clock.now();
    // Timers run on the machine's steady time, the schedule on the clock's: a timer that fires well before the
    // clock reaches its moment means the clock was set back (a wrong time corrected, a virtual machine restored).
    // Every round would then be that much further away than its period, so checks would stop for as long.
    if (now < expectedAt - clockSetBackToleranceMs) this.#placeAllAfresh(now, expectedAt - now);
    for (let entry = this.#heap.peek(); entry !== undefined && entry.dueAt <= now; entry = this.#heap.peek()) {
      this.#comeDue(entry, now);
      this.#placeNextRound(entry, now);
      this.#heap.update(entry);
    }
    this.#armNext();
  };

  /** After the clock was set back: each job's next round is when its phase next comes round, as at start. */
  #placeAllAfresh(now: number, backByMs: number): void {
    this.#logger.warn('The clock was set back; every monitor\'s checks go on from the new time.', { backBySeconds: Math.round(backByMs / 1000) });
    for (const entry of this.#jobs.values()) this.#placeFirstRound(entry, now);
    this.#heap.reorderAll();
  }

  #comeDue(entry: ScheduledEntry, now: number): void {
    this.#counts.due += 1;
    if (entry.state !== 'idle') {
      this.#counts.skipped += 1;
      return;
    }
    entry.roundDueAt = entry.dueAt;
    // Slots free up only by checks finishing, which drain the queue first; so with a free slot the queue is empty.
    if (this.#inFlight < this.#concurrency) {
      this.#start(entry, now);
    } else {
      entry.state = 'queued';
      this.#queued += 1;
      this.#waiting.push(entry);
    }
  }

  #start(entry: ScheduledEntry, now: number): void {
    entry.state = 'running';
    entry.startedAt = now;
    this.#inFlight += 1;
    this.#counts.started += 1;
    this.#lateness.record(now - entry.roundDueAt);
    let check: Promise<CheckResult>;
    try {
      check = this.#runCheck(entry.target);
    } catch (error) {
      // A runner that throws instead of rejecting must not break the timer loop.
      check = Promise.reject(error);
    }
    check.then(entry.onSettled, entry.onFailed);
  }

  readonly #fail = (entry: ScheduledEntry, error: unknown): void => {
    this.#logger.error('A check failed unexpectedly.', { key: entry.key, error: String(error) });
    this.#finish(entry, { ok: false, durationMs: this.#clock.now() - entry.startedAt, error: 'check failed unexpectedly' });
  };

  readonly #finish = (entry: ScheduledEntry, result: CheckResult): void => {
    this.#inFlight -= 1;
    this.#counts.completed += 1;
    entry.state = 'idle';
    if (entry.retired || this.#phase === 'stopped') {
      this.#counts.discarded += 1;
    } else {
      this.#deliver(entry, result);
    }
    if (this.#phase === 'running') this.#startWaiting();
    if (this.#inFlight === 0) this.#onIdle?.();
  };

  #deliver(entry: ScheduledEntry, result: CheckResult): void {
    try {
      this.#onResult(entry.key, result, { dueAt: entry.roundDueAt, startedAt: entry.startedAt });
    } catch (error) {
      this.#logger.error('A check result could not be handled.', { key: entry.key, error: String(error) });
    }
  }

  #startWaiting(): void {
    const now = this.#clock.now();
    while (this.#inFlight < this.#concurrency) {
      const entry = this.#waiting.shift();
      if (entry === undefined) return;
      if (entry.retired) continue;
      this.#queued -= 1;
      this.#start(entry, now);
    }
  }

  #whenIdle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.#clock.clearTimer(bound);
        this.#onIdle = undefined;
        resolve();
      };
      const bound = this.#clock.setTimer(done, this.#stopTimeoutMs);
      this.#onIdle = done;
    });
  }
}
