// Runs every monitor's checks through the scheduler, moves `last_status` with the confirmation rule, keeps the
// check history, and raises "down"/"up" alerts. Writes are batched every half second: history rows on the
// history connection, and only the statuses that changed on the durable main one, so 10,000 monitors' checks
// cost a few transactions a second rather than hundreds of disk syncs.
import type { Clock, TimerHandle } from '../common/clock.ts';
import type { AlertEvent } from './alerts/alert-event.ts';
import type { CheckResult } from './checks/check-result.ts';
import { nextStatus } from './monitors/monitor-status.ts';
import type { CheckScheduler } from './scheduler/check-scheduler.ts';
import type { CheckHistoryEntry, CheckHistoryStore } from './storage/check-history-store.ts';
import type { MonitorRecord, MonitorStatus, MonitorStatusUpdate, MonitorStore } from './storage/monitor-store.ts';

const flushIntervalMs = 500;
/** A monitor created or retargeted through the API gets its first result within seconds, not a whole period. */
const firstCheckWithinMs = 5_000;

interface TrackedMonitor {
  record: MonitorRecord;
  status: MonitorStatus;
  consecutiveFailures: number;
}

export interface MonitorCheckLoopOptions {
  store: MonitorStore;
  history: CheckHistoryStore;
  scheduler: CheckScheduler;
  clock: Clock;
  failuresToConfirmDown: number;
  onAlert(event: AlertEvent): void;
  toJson(record: MonitorRecord): Record<string, unknown>;
}

export class MonitorCheckLoop {
  readonly #options: MonitorCheckLoopOptions;
  readonly #tracked = new Map<number, TrackedMonitor>();
  #pendingHistory: CheckHistoryEntry[] = [];
  #pendingStatuses = new Map<number, MonitorStatusUpdate>();
  #flushTimer: TimerHandle | undefined;

  constructor(options: MonitorCheckLoopOptions) {
    this.#options = options;
  }

  get scheduler(): CheckScheduler {
    return this.#options.scheduler;
  }

  /** Schedules every stored monitor, spread over its whole period. */
  start(): void {
    for (const record of this.#options.store.all()) this.#schedule(record);
    this.#options.scheduler.start();
  }

  /**
   * A monitor created or edited through the API. A rename keeps its schedule; a new target, type or frequency
   * restarts it with a check within seconds, and its status is what the store now says.
   */
  track(record: MonitorRecord): void {
    const tracked = this.#tracked.get(record.seq);
    const { type, url, frequency } = tracked?.record ?? {};
    if (tracked && type === record.type && url === record.url && frequency === record.frequency) {
      tracked.record = record;
      return;
    }
    this.#schedule(record, firstCheckWithinMs);
  }

  #schedule(record: MonitorRecord, firstWithinMs?: number): void {
    // A status still waiting to be written belongs to the old target; the store has just reset it.
    this.#pendingStatuses.delete(record.seq);
    this.#tracked.set(record.seq, { record, status: record.lastStatus, consecutiveFailures: record.consecutiveFailures });
    this.#options.scheduler.upsert({ key: record.seq, type: record.type, url: record.url, frequency: record.frequency }, { firstWithinMs });
  }

  untrack(record: MonitorRecord): void {
    this.#pendingStatuses.delete(record.seq);
    this.#tracked.delete(record.seq);
    this.#options.scheduler.remove(record.seq);
  }

  async stop(): Promise<void> {
    await this.#options.scheduler.stop();
    this.flush();
  }

  /** Called by the scheduler with each finished check. */
  handleResult(key: number, result: CheckResult, startedAt: number): void {
    const tracked = this.#tracked.get(key);
    if (!tracked) return; // deleted while its check ran
    const confirmAfter = this.#options.failuresToConfirmDown;
    const next = nextStatus(tracked, result.ok, confirmAfter);
    // Failures past the confirmation count change nothing worth a disk write.
    const countChanged = next.consecutiveFailures !== tracked.consecutiveFailures && next.consecutiveFailures <= confirmAfter;
    if (next.status !== tracked.status || countChanged) {
      this.#pendingStatuses.set(key, { seq: key, lastStatus: next.status, consecutiveFailures: next.consecutiveFailures });
    }
    tracked.status = next.status;
    tracked.consecutiveFailures = next.consecutiveFailures;
    this.#pendingHistory.push({ monitorSeq: key, checkedAt: startedAt, durationMs: Math.round(result.durationMs), ok: result.ok, error: result.error });
    this.#flushTimer ??= this.#options.clock.setTimer(() => this.flush(), flushIntervalMs);
    if (next.change) this.#alert(tracked, next.change, result);
  }

  flush(): void {
    if (this.#flushTimer) this.#options.clock.clearTimer(this.#flushTimer);
    this.#flushTimer = undefined;
    const history = this.#pendingHistory;
    const statuses = [...this.#pendingStatuses.values()];
    this.#pendingHistory = [];
    this.#pendingStatuses.clear();
    this.#options.store.saveStatuses(statuses);
    this.#options.history.add(history);
  }

  #alert(tracked: TrackedMonitor, change: 'down' | 'up', result: CheckResult): void {
    const { record } = tracked;
    const { clock, onAlert, toJson } = this.#options;
    const message =
      change === 'down'
        ? `Monitor “${record.name}” is down: ${result.error ?? 'check failed'} (${record.url}).`
        : `Monitor “${record.name}” is up again (${record.url}).`;
    onAlert({
      event: change === 'down' ? 'monitor.down' : 'monitor.up',
      occurred_at: new Date(clock.now()).toISOString(),
      message,
      subject: { ...toJson({ ...record, lastStatus: tracked.status }), kind: 'monitor', id: record.id },
    });
  }
}
