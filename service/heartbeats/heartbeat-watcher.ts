// Raises a heartbeat's alerts, once each: "late" when it misses its deadline (no success by the expected time plus
// grace, or a started run outliving its `max_runtime_seconds`), "failed" at once on a failure ping, and "recovered"
// on the next success after either. Their words give lengths of time, never times of day: the event has its own
// time, and the reader's locale and zone are known only where it is shown.
import type { Clock, TimerHandle } from '../../common/clock.ts';
import { formatDuration } from '../../common/format/duration.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { NewHistoryEvent } from '../history/history-recorder.ts';
import { isoTime } from '../history/time-units.ts';
import type { HeartbeatRecord, HeartbeatStore } from '../storage/heartbeat-store.ts';
import type { PingSignal } from './heartbeat-pings.ts';
import type { OverdueKind } from '../../common/schedule/heartbeat-deadline.ts';
import { overdueAt } from './heartbeat-state.ts';

export interface HeartbeatWatcherOptions {
  store: HeartbeatStore;
  clock: Clock;
  /** The grace of heartbeats that set none of their own. */
  graceMs: number;
  onAlert(event: AlertEvent): void;
  /** Late, failed and recovered also go into the history's events. */
  recordEvent(event: NewHistoryEvent): void;
  toJson(record: HeartbeatRecord): Record<string, unknown>;
  /** How often deadlines are compared with the clock; a late alert comes at most this long after the deadline. */
  scanIntervalMs?: number;
}

export class HeartbeatWatcher {
  readonly #options: HeartbeatWatcherOptions;
  #timer: TimerHandle | undefined;

  constructor(options: HeartbeatWatcherOptions) {
    this.#options = options;
  }

  start(): void {
    this.scan();
  }

  stop(): void {
    if (this.#timer) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  /** Marks every heartbeat past its deadline as late, alerting once per miss. */
  scan(): void {
    const { store, clock, graceMs } = this.#options;
    const now = clock.now();
    for (const record of store.all()) {
      if (record.problem !== undefined) continue;
      const overdue = overdueAt(record, now, graceMs);
      if (overdue === undefined) continue;
      store.setProblem(record.seq, 'late');
      const { headline, detail } = lateWords(record, overdue, now);
      this.#alert('heartbeat.late', record, `Heartbeat “${record.name}” ${headline}: ${detail}.`);
      this.#record(record, stateOf(record), 'late', detail);
    }
    this.#timer = clock.setTimer(() => this.scan(), this.#options.scanIntervalMs ?? 5_000);
  }

  /**
   * Called for every ping, with the heartbeat as the ping left it: a failure alerts at once (unless one is already
   * out), the first success after a problem is the recovery.
   */
  pinged(record: HeartbeatRecord, signal: PingSignal): void {
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
