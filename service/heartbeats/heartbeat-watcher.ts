// Raises "late" when a heartbeat misses its deadline and "recovered" on the next ping, once each.
import type { Clock, TimerHandle } from '../../common/clock.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { NewHistoryEvent } from '../history/history-recorder.ts';
import type { HeartbeatRecord, HeartbeatStore } from '../storage/heartbeat-store.ts';
import { heartbeatState } from './heartbeat-state.ts';

export interface HeartbeatWatcherOptions {
  store: HeartbeatStore;
  clock: Clock;
  graceMs: number;
  onAlert(event: AlertEvent): void;
  /** Late and recovered also go into the history's events. */
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
      if (!record.late && heartbeatState(record, now, graceMs) === 'late') {
        store.setLate(record.seq, true);
        const since = record.lastPing ? `no ping since ${record.lastPing}` : 'no ping yet';
        const detail = `${since} (expected every ${record.expectedInterval} s)`;
        this.#alert('heartbeat.late', record, `Heartbeat “${record.name}” is late: ${detail}.`);
        this.#record(record, record.lastPing ? 'up' : 'waiting', 'late', detail);
      }
    }
    this.#timer = clock.setTimer(() => this.scan(), this.#options.scanIntervalMs ?? 5_000);
  }

  /** Called for every ping: the first one after a late alert is the recovery. */
  pinged(record: HeartbeatRecord): void {
    if (!record.late) return;
    this.#options.store.setLate(record.seq, false);
    const detail = `pinged at ${record.lastPing ?? 'now'}`;
    this.#alert('heartbeat.recovered', record, `Heartbeat “${record.name}” is back: ${detail}.`);
    this.#record(record, 'late', 'up', detail);
  }

  #record(record: HeartbeatRecord, from: string, to: string, detail: string): void {
    const at = this.#options.clock.now();
    this.#options.recordEvent({ at, kind: 'heartbeat', itemId: record.id, itemName: record.name, from, to, detail });
  }

  #alert(event: 'heartbeat.late' | 'heartbeat.recovered', record: HeartbeatRecord, message: string): void {
    const { clock, onAlert, toJson } = this.#options;
    onAlert({
      event,
      occurred_at: new Date(clock.now()).toISOString(),
      message,
      subject: { ...toJson(record), kind: 'heartbeat', id: record.id },
    });
  }
}
