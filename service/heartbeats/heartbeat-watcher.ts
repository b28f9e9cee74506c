// Raises a heartbeat's alerts, once each: "late" when it misses its deadline (no success by the expected time plus
// grace, or a started run outliving its `max_runtime_seconds`), "failed" at once on a failure ping, and "recovered"
// on the next success after either. Their words give lengths of time, never times of day: the event has its own
// time, and the reader's locale and zone are known only where it is shown.
import { type Clock, maxTimerDelayMs, type TimerHandle } from '../../common/clock.ts';
import { formatDuration } from '../../common/format/duration.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { NewHistoryEvent } from '../history/history-recorder.ts';
import { isoTime } from '../history/time-units.ts';
import type { HeartbeatRecord, HeartbeatStore } from '../storage/heartbeat-store.ts';
import type { PingSignal } from './heartbeat-pings.ts';
import type { OverdueKind } from '../../common/schedule/heartbeat-deadline.ts';
import { deadlineOf } from './heartbeat-state.ts';

export interface HeartbeatWatcherOptions {
  store: HeartbeatStore;
  clock: Clock;
  /** The grace of heartbeats that set none of their own. */
  graceMs: number;
  onAlert(event: AlertEvent): void;
  /** Late, failed and recovered also go into the history's events. */
  recordEvent(event: NewHistoryEvent): void;
  toJson(record: HeartbeatRecord): Record<string, unknown>;
}

/**
 * The watcher wakes at the earliest deadline of the heartbeats without an alert out, and at no other time: with no
 * heartbeat due, the service sleeps. A ping or a save that brings a deadline nearer moves the wake-up nearer; one
 * that pushes it further leaves it, and the early wake-up finds nothing late and plans the next.
 */
export class HeartbeatWatcher {
  readonly #options: HeartbeatWatcherOptions;
  #timer: TimerHandle | undefined;
  /** When the timer fires (epoch ms), while one is set. */
  #wakeAt: number | undefined;

  constructor(options: HeartbeatWatcherOptions) {
    this.#options = options;
  }

  start(): void {
    this.scan();
  }

  stop(): void {
    if (this.#timer) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#wakeAt = undefined;
  }

  /** Marks every heartbeat past its deadline as late, alerting once per miss, and wakes again at the next deadline. */
  scan(): void {
    this.stop();
    const { store, clock, graceMs } = this.#options;
    const now = clock.now();
    let nextDeadline = Infinity;
    for (const record of store.all()) {
      if (record.problem !== undefined) continue;
      const deadline = deadlineOf(record, graceMs);
      if (deadline === undefined) continue;
      if (now <= deadline.at) {
        nextDeadline = Math.min(nextDeadline, deadline.at);
        continue;
      }
      store.setProblem(record.seq, 'late');
      const { headline, detail } = lateWords(record, deadline.kind, now);
      this.#alert('heartbeat.late', record, `Heartbeat “${record.name}” ${headline}: ${detail}.`);
      this.#record(record, stateOf(record), 'late', detail);
    }
    if (nextDeadline !== Infinity) this.#wakeBy(nextDeadline);
  }

  /** A heartbeat created or edited: its deadline may be the next one. */
  saved(record: HeartbeatRecord): void {
    this.#watch(record);
  }

  /** Past `at` the heartbeat is overdue (the rule compares strictly), so the scan comes 1 ms after it. */
  #wakeBy(at: number): void {
    if (this.#wakeAt !== undefined && this.#wakeAt <= at + 1) return;
    const { clock } = this.#options;
    if (this.#timer) clock.clearTimer(this.#timer);
    // A deadline weeks away is waited for in steps (maxTimerDelayMs); each early wake-up finds nothing and waits on.
    const delayMs = Math.min(maxTimerDelayMs, Math.max(0, at + 1 - clock.now()));
    this.#wakeAt = clock.now() + delayMs;
    this.#timer = clock.setTimer(() => this.scan(), delayMs);
  }

  #watch(record: HeartbeatRecord): void {
    if (record.problem !== undefined) return;
    const deadline = deadlineOf(record, this.#options.graceMs);
    if (deadline !== undefined) this.#wakeBy(deadline.at);
  }

  /**
   * Called for every ping, with the heartbeat as the ping left it: a failure alerts at once (unless one is already
   * out), the first success after a problem is the recovery.
   */
  pinged(record: HeartbeatRecord, signal: PingSignal): void {
    // A start can bring the deadline nearer (a run's max runtime); a success moves it on.
    this.#watch(record);
    if (signal.kind === 'start') return;
    if (signal.kind === 'fail') {
      if (record.problem === 'failed') return;
      this.#options.store.setProblem(record.seq, 'failed');
      const detail = signal.exitCode === undefined ? 'the job reported a failure' : `exit code ${signal.exitCode}`;
      const words = signal.exitCode === undefined ? 'failed' : `failed (exit code ${signal.exitCode})`;
      this.#alert('heartbeat.failed', record, `Heartbeat “${record.name}” ${words}.`);
      this.#record(record, record.problem ?? stateOf(record), 'failed', detail);
      return;
    }
    if (record.problem === undefined) return;
    this.#options.store.setProblem(record.seq, undefined);
    const detail = 'pinged again';
    this.#alert('heartbeat.recovered', record, `Heartbeat “${record.name}” is back: ${detail}.`);
    this.#record(record, record.problem, 'up', detail);
    this.#watch({ ...record, problem: undefined });
  }

  #record(record: HeartbeatRecord, from: string, to: string, detail: string): void {
    const at = this.#options.clock.now();
    this.#options.recordEvent({ at, kind: 'heartbeat', itemId: record.id, itemName: record.name, from, to, detail });
  }

  #alert(event: 'heartbeat.late' | 'heartbeat.failed' | 'heartbeat.recovered', record: HeartbeatRecord, message: string): void {
    const { clock, onAlert, toJson } = this.#options;
    onAlert({
      event,
      occurred_at: isoTime(clock.now()),
      message,
      subject: { ...toJson(record), kind: 'heartbeat', id: record.id },
    });
  }
}

/** The state a heartbeat without an alert out is in, as the history's events name it. */
function stateOf(record: HeartbeatRecord): 'up' | 'waiting' {
  return record.last_ping ? 'up' : 'waiting';
}

function lateWords(record: HeartbeatRecord, overdue: OverdueKind, now: number): { headline: string; detail: string } {
  const before = (at: number) => formatDuration(now - at, 'elapsed');
  if (overdue === 'overran') {
    // To the second: beside a limit of 60 s, "1 min" would hide what the run overran by.
    const started = record.last_start === undefined ? 'a run' : `the run started ${formatDuration(now - record.last_start, 'exact')} earlier`;
    return { headline: 'ran too long', detail: `${started} has not ended within ${record.max_runtime_seconds ?? 0} s` };
  }
  const lastPing = record.last_ping === undefined ? Number.NaN : Date.parse(record.last_ping);
  const since = Number.isNaN(lastPing) ? 'no ping yet' : `no ping for ${before(lastPing)}`;
  if (record.schedule === undefined) return { headline: 'is late', detail: `${since} (expected every ${record.expected_interval} s)` };
  return { headline: 'is late', detail: `${since} (due ${before(record.next_expected_at)} earlier, on “${record.schedule}” in ${record.timezone ?? 'UTC'})` };
}
