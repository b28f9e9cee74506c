// Runs every monitor's checks through the scheduler, moves `last_status` with the confirmation rule, reports each
// check, status change and alert to the history, and raises "down"/"up" alerts. Only the statuses that changed go
// to the durable main database, batched every half second, so 10,000 monitors' checks cost a few transactions a
// second rather than hundreds of disk syncs. Alerts never wait on either write: a full disk delays the history and
// the saved status, not the alert.
import type { Clock, TimerHandle } from '../common/clock.ts';
import type { AlertEvent } from './alerts/alert-event.ts';
import type { CheckResult } from './checks/check-result.ts';
import { nextStatus } from './monitors/monitor-status.ts';
import type { CheckScheduler } from './scheduler/check-scheduler.ts';
import type { HistoryRecorder } from './history/history-recorder.ts';
import type { Logger } from './logger.ts';
import type { MonitorRecord, MonitorStatus, MonitorStatusUpdate, MonitorStore } from './storage/monitor-store.ts';

const flushIntervalMs = 500;
const retryFailedSaveMs = 5_000;
/** A monitor created or retargeted through the API gets its first result within seconds, not a whole period. */
const firstCheckWithinMs = 5_000;

interface TrackedMonitor {
  record: MonitorRecord;
  status: MonitorStatus;
  consecutiveFailures: number;
  statusSince: number | undefined;
}

export interface MonitorCheckLoopOptions {
  store: MonitorStore;
  history: HistoryRecorder;
  scheduler: CheckScheduler;
  clock: Clock;
  logger: Logger;
  failuresToConfirmDown: number;
  onAlert(event: AlertEvent): void;
  toJson(record: MonitorRecord): Record<string, unknown>;
}

export class MonitorCheckLoop {
  readonly #options: MonitorCheckLoopOptions;
  readonly #tracked = new Map<number, TrackedMonitor>();
  #pendingStatuses = new Map<number, MonitorStatusUpdate>();
  #flushTimer: TimerHandle | undefined;
  #saveFailing = false;

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
    // A new target starts again at unknown: from now on, the old status no longer holds.
    if (tracked && tracked.status !== record.lastStatus) this.#options.history.recordStatus(record.seq, this.#options.clock.now(), record.lastStatus);
    this.#schedule(record, firstCheckWithinMs);
  }

  #schedule(record: MonitorRecord, firstWithinMs?: number): void {
    // A status still waiting to be written belongs to the old target; the store has just reset it.
    this.#pendingStatuses.delete(record.seq);
    this.#tracked.set(record.seq, {
      record,
      status: record.lastStatus,
      consecutiveFailures: record.consecutiveFailures,
      statusSince: record.statusSince,
    });
    this.#options.scheduler.upsert({ key: record.seq, type: record.type, url: record.url, frequency: record.frequency }, { firstWithinMs });
  }

  untrack(record: MonitorRecord): void {
    this.#pendingStatuses.delete(record.seq);
    this.#tracked.delete(record.seq);
    this.#options.scheduler.remove(record.seq);
  }

  /** The monitor's confirmed status as of its latest result (the store catches up within half a second). */
  statusOf(seq: number): MonitorStatus | undefined {
    return this.#tracked.get(seq)?.status;
  }

  async stop(): Promise<void> {
    await this.#options.scheduler.stop();
    this.flush();
  }

  /** Called by the scheduler with each finished check. */
  handleResult(key: number, result: CheckResult, startedAt: number): void {
    const tracked = this.#tracked.get(key);
    if (!tracked) return; // deleted while its check ran
    const { clock, history, failuresToConfirmDown: confirmAfter } = this.#options;
    const now = clock.now();
    const previous = tracked.status;
    const next = nextStatus(tracked, result.ok, confirmAfter);
    history.recordCheck({ monitorSeq: key, at: startedAt, durationMs: Math.round(result.durationMs), ok: result.ok, error: result.ok ? undefined : (result.error ?? 'check failed') });
    // The status changes when the result that confirms it arrives.
    if (next.status !== previous) {
      tracked.statusSince = now;
      history.recordStatus(key, now, next.status);
    }
    // Failures past the confirmation count change nothing worth a disk write.
    const countChanged = next.consecutiveFailures !== tracked.consecutiveFailures && next.consecutiveFailures <= confirmAfter;
    if (next.status !== previous || countChanged) {
      this.#pendingStatuses.set(key, { seq: key, lastStatus: next.status, consecutiveFailures: next.consecutiveFailures, statusSince: tracked.statusSince });
      this.#flushTimer ??= clock.setTimer(() => this.flush(), flushIntervalMs);
    }
    tracked.status = next.status;
    tracked.consecutiveFailures = next.consecutiveFailures;
    if (next.change) {
      this.#alert(tracked, next.change, result);
      const { id, name } = tracked.record;
      const detail = next.change === 'down' ? (result.error ?? 'check failed') : undefined;
      history.recordEvent({ at: now, kind: 'monitor', itemId: id, itemName: name, from: previous, to: next.status, detail });
    }
  }

  /** Saves the statuses that changed; when that fails (a full disk) they wait for the next try, newest kept. */
  flush(): void {
    const { clock, store, logger } = this.#options;
    if (this.#flushTimer) clock.clearTimer(this.#flushTimer);
    this.#flushTimer = undefined;
    if (this.#pendingStatuses.size === 0) return;
    const statuses = [...this.#pendingStatuses.values()];
    try {
      store.saveStatuses(statuses);
      this.#pendingStatuses.clear();
      if (this.#saveFailing) logger.info('Monitor statuses are being saved again.');
      this.#saveFailing = false;
    } catch (error) {
      if (!this.#saveFailing) logger.error('Monitor statuses could not be saved; retrying every few seconds. Checks and alerts go on.', { error: String(error) });
      this.#saveFailing = true;
      this.#flushTimer = clock.setTimer(() => this.flush(), retryFailedSaveMs);
    }
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
      subject: { ...toJson({ ...record, lastStatus: tracked.status, statusSince: tracked.statusSince }), kind: 'monitor', id: record.id },
    });
  }
}
