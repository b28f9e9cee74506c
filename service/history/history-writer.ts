// Writes the history in batches, like the check loop writes statuses: every half second, one transaction on the
// history connection. Each batch also renews the current run's "alive" time, so the runs table always knows the
// last moment the service was running and saving.
//
// A batch that cannot be written (a full disk, an unwritable file) never stops the service: the failure is logged
// once and listed as a problem, the run counts as ended at its last saved moment, and the writer keeps trying
// with each batch. Checks and pings of the lost time are dropped (that time shows as not observed); events and
// each monitor's latest status wait (bounded) and are written when space returns, with a new run.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { Clock, TimerHandle } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import type { ServiceProblems } from '../problems.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import type { NewHistoryEvent } from './storage/event-store.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import { decodeChecks, encodeChecks, rowStart, type CheckCursor } from './check-codec.ts';
import type { ForgottenItem, HistoryRecorder, RecordedCheck } from './history-recorder.ts';
import type { LiveHistory } from './live-history.ts';
import type { StatusChange } from './observed-status.ts';
import { failureReason } from './sqlite-failure.ts';
import { floorTo, hourMs } from './time-units.ts';

const defaultFlushIntervalMs = 500;
/** What waits when results stop is written after this many flush intervals (2 s by default). */
const longestWaitIntervals = 4;
/** Events kept in memory while they cannot be written; past this the oldest are dropped. */
const maxWaitingEvents = 10_000;
const problemTopic = 'history';

export interface HistoryWriterOptions {
  stores: HistoryStores;
  live: LiveHistory;
  clock: Clock;
  logger: Logger;
  problems: ServiceProblems;
  /** The hourly rollup's mark: a check committed before it arrived late, and its hour is summed again. */
  hourlyMark(): number;
  onLateCheck(monitorSeq: number, hour: number): void;
  onForget(item: ForgottenItem): void;
  /** Each event as it is recorded (before it is written), so a change is told at once. */
  onEvent?(event: NewHistoryEvent): void;
  flushIntervalMs?: number;
}

interface Batch {
  checks: RecordedCheck[];
  statuses: { monitorSeq: number; change: StatusChange }[];
  events: NewHistoryEvent[];
  pings: { heartbeatSeq: number; at: number }[];
  forgotten: ForgottenItem[];
}

const emptyBatch = (): Batch => ({ checks: [], statuses: [], events: [], pings: [], forgotten: [] });

interface RowEnd {
  hour: number;
  cursor: CheckCursor;
}

interface Written {
  run: { id: number; startedAt: number };
  rowEnds: Map<number, RowEnd>;
}

export class HistoryWriter implements HistoryRecorder {
  readonly #options: HistoryWriterOptions;
  #pending = emptyBatch();
  readonly #rowEnds = new Map<number, RowEnd>();
  #timer: TimerHandle | undefined;
  /** A flush is due at the end of this turn of the event loop (setImmediate: no wake-up of its own). */
  #flushThisTurn = false;
  #lastFlushAt = Number.NEGATIVE_INFINITY;
  /** The run this process writes into; undefined before the first batch and after a failed one. */
  #runId: number | undefined;
  #runStartedAt = 0;
  /** Set while batches fail: why, and which run lost its saving. */
  #failure: { reason: string; runId: number | undefined } | undefined;
  #droppedEvents = 0;
  #closed = false;

  constructor(options: HistoryWriterOptions) {
    this.#options = options;
  }

  recordCheck(check: RecordedCheck): void {
    this.#pending.checks.push(check);
    this.#schedule();
  }

  recordStatus(monitorSeq: number, at: number, status: MonitorStatus): void {
    this.#pending.statuses.push({ monitorSeq, change: { at, status } });
    this.#schedule();
  }

  recordEvent(event: NewHistoryEvent): void {
    this.#pending.events.push(event);
    this.#schedule();
    this.#options.onEvent?.(event);
  }

  recordPing(heartbeatSeq: number, at: number): void {
    this.#pending.pings.push({ heartbeatSeq, at });
    this.#schedule();
  }

  forget(item: ForgottenItem): void {
    const pending = this.#pending;
    if (item.kind === 'monitor') {
      // Anything still waiting belongs to the deleted monitor; a new one reusing its seq starts clean.
      pending.checks = pending.checks.filter((check) => check.monitorSeq !== item.seq);
      pending.statuses = pending.statuses.filter((status) => status.monitorSeq !== item.seq);
      this.#rowEnds.delete(item.seq);
    }
    if (item.kind === 'heartbeat') pending.pings = pending.pings.filter((ping) => ping.heartbeatSeq !== item.seq);
    pending.events = pending.events.filter((event) => !((event.kind === item.kind || event.kind === 'maintenance') && event.itemId === item.id));
    pending.forgotten.push(item);
    this.#options.onForget(item);
    this.#schedule();
  }

  /** The run being saved now; undefined while history cannot be saved. */
  get runId(): number | undefined {
    return this.#runId;
  }

  /** Writes what is waiting, if anything (before a read, so it sees every result so far). */
  flushPending(): void {
    const { checks, statuses, events, pings, forgotten } = this.#pending;
    if (checks.length + statuses.length + events.length + pings.length + forgotten.length > 0) this.flush();
  }

  /** Writes everything waiting (and renews the run's alive time) in one transaction; false when that failed. */
  flush(): boolean {
    if (this.#timer) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    if (this.#closed) return false;
    const batch = this.#pending;
    this.#pending = emptyBatch();
    const now = this.#options.clock.now();
    this.#lastFlushAt = now;
    try {
      const written = transaction(this.#options.stores.db, () => this.#write(batch, now));
      this.#committed(batch, written, now);
      return true;
    } catch (error) {
      this.#failed(batch, error);
      return false;
    }
  }

  /** The last batch, then the run's clean end. */
  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    const runId = this.#runId;
    if (runId === undefined) return;
    const { stores, clock, logger } = this.#options;
    const now = clock.now();
    try {
      transaction(stores.db, () => {
        stores.runs.close(runId, now, 'stopped');
        stores.events.add({ at: now, kind: 'service', from: 'started', to: 'stopped', detail: 'The service was stopped.' });
      });
    } catch (error) {
      // The next start finds the run unfinished and dates its end at the last batch.
      logger.warn('Could not record the service stop in the history', { error: String(error) });
    }
  }

  /**
   * At most one batch per flush interval, and no timer while results keep coming: a result that comes once the
   * interval has passed since the last batch is written at the end of the turn it came in, with whatever waited
   * before it. Only what is left waiting when results stop has a timer, which writes it four intervals after the
   * last batch. So a service checking every second or so wakes once per check, not once more for its history; at
   * 10,000 monitors the results still go as one batch every half second.
   */
  #schedule(): void {
    if (this.#closed || this.#flushThisTurn) return;
    const { clock } = this.#options;
    const intervalMs = this.#options.flushIntervalMs ?? defaultFlushIntervalMs;
    if (clock.now() - this.#lastFlushAt >= intervalMs) {
      this.#flushThisTurn = true;
      setImmediate(() => {
        this.#flushThisTurn = false;
        this.flushPending();
      });
      return;
    }
    this.#timer ??= clock.setTimer(() => this.flush(), Math.max(0, this.#lastFlushAt + intervalMs * longestWaitIntervals - clock.now()));
  }

  #write(batch: Batch, now: number): Written {
    const { stores } = this.#options;
    const opening = this.#runId === undefined;
    // Events stay in time order: a stop, what happened while nothing could be saved, then the new start.
    if (opening) this.#endUnfinishedRuns();
    for (const item of batch.forgotten) this.#delete(item);
    const rowEnds = this.#writeChecks(batch.checks);
    for (const { monitorSeq, change } of batch.statuses) stores.statuses.add(monitorSeq, change.at, change.status);
    for (const event of batch.events) stores.events.add(event);
    for (const ping of batch.pings) stores.pings.add(ping.heartbeatSeq, ping.at);
    const run = this.#runId === undefined ? this.#openRun(now) : { id: this.#runId, startedAt: this.#runStartedAt };
    stores.runs.alive(run.id, now);
    return { run, rowEnds };
  }

  /** Ends runs that never ended: this process's own after a failure, or a previous process's crash. */
  #endUnfinishedRuns(): void {
    const { runs, events } = this.#options.stores;
    const failure = this.#failure;
    for (const run of runs.unfinished()) {
      const own = failure !== undefined && run.id === failure.runId;
      runs.close(run.id, run.aliveAt, own ? 'unsaved' : 'crashed');
      events.add({
        at: run.aliveAt,
        kind: 'service',
        from: 'started',
        to: 'stopped',
        detail: own
          ? `History stopped being saved: ${failure.reason}. Checks and alerts went on.`
          : 'The service stopped unexpectedly (a crash, kill or power loss); this is the last moment it is known to have been running.',
      });
    }
  }

  #openRun(now: number): { id: number; startedAt: number } {
    const id = this.#options.stores.runs.open(now);
    const detail = this.#failure ? 'History is being saved again.' : 'The service started.';
    this.#options.stores.events.add({ at: now, kind: 'service', from: 'stopped', to: 'started', detail });
    return { id, startedAt: now };
  }

  #delete(item: ForgottenItem): void {
    const { raw, hourly, daily, statuses, events, pings } = this.#options.stores;
    if (item.kind === 'monitor') {
      raw.deleteMonitor(item.seq);
      hourly.deleteMonitor(item.seq);
      daily.deleteMonitor(item.seq);
      statuses.deleteMonitor(item.seq);
    }
    if (item.kind === 'heartbeat') pings.deleteHeartbeat(item.seq);
    events.deleteItem(item.kind, item.id);
    events.deleteItem('maintenance', item.id);
  }

  /** Appends each monitor-hour's new checks to its packed row; returns where the rows now end. */
  #writeChecks(checks: readonly RecordedCheck[]): Map<number, RowEnd> {
    const { raw } = this.#options.stores;
    const groups = new Map<string, RecordedCheck[]>();
    for (const check of checks) {
      const key = `${check.monitorSeq}:${floorTo(check.at, hourMs)}`;
      const group = groups.get(key);
      if (group) group.push(check);
      else groups.set(key, [check]);
    }
    const rowEnds = new Map<number, RowEnd>();
    for (const group of groups.values()) {
      const first = group[0];
      if (!first) continue;
      const seq = first.monitorSeq;
      const hour = floorTo(first.at, hourMs);
      const { bytes, cursor } = encodeChecks(group, this.#rowEnd(seq, hour, rowEnds));
      raw.append(seq, hour, bytes);
      rowEnds.set(seq, { hour, cursor });
      for (const check of group) if (check.error !== undefined) raw.addError(seq, check.at, check.error);
    }
    return rowEnds;
  }

  /** Where a monitor-hour's row ends: known from earlier batches, or read once (after a start, or an older hour). */
  #rowEnd(seq: number, hour: number, thisBatch: Map<number, RowEnd>): CheckCursor {
    const known = thisBatch.get(seq) ?? this.#rowEnds.get(seq);
    if (known?.hour === hour) return known.cursor;
    const row = this.#options.stores.raw.row(seq, hour);
    return row ? decodeChecks(row, hour).cursor : rowStart(hour);
  }

  #committed(batch: Batch, written: Written, now: number): void {
    const { live, logger, problems, hourlyMark, onLateCheck } = this.#options;
    this.#runId = written.run.id;
    this.#runStartedAt = written.run.startedAt;
    for (const [seq, end] of written.rowEnds) this.#rowEnds.set(seq, end);
    const mark = hourlyMark();
    for (const check of batch.checks) {
      live.addCheck(check.monitorSeq, check);
      if (check.at < mark) onLateCheck(check.monitorSeq, floorTo(check.at, hourMs));
    }
    for (const { monitorSeq, change } of batch.statuses) live.addStatus(monitorSeq, change);
    if (this.#failure) {
      logger.info('History is being saved again.', { at: new Date(now).toISOString() });
      problems.clear(problemTopic);
      this.#failure = undefined;
      this.#droppedEvents = 0;
    }
  }

  #failed(batch: Batch, error: unknown): void {
    const { logger, problems } = this.#options;
    const reason = failureReason(error);
    if (!this.#failure) {
      logger.error(`History is not being saved: ${reason}. Checks and alerts go on; saving resumes by itself once it can.`, { error: String(error) });
      problems.set(problemTopic, `History is not being saved: ${reason}.`);
      this.#failure = { reason, runId: this.#runId };
    }
    this.#runId = undefined;
    // Keep what must survive the gap: events, each monitor's latest status, deletions. Checks and pings of the
    // unsaved time are dropped; that time is not observed.
    const pending = this.#pending;
    const latest = new Map<number, Batch['statuses'][number]>();
    for (const status of [...batch.statuses, ...pending.statuses]) latest.set(status.monitorSeq, status);
    const events = [...batch.events, ...pending.events];
    if (events.length > maxWaitingEvents) {
      if (this.#droppedEvents === 0) logger.warn(`More than ${maxWaitingEvents} events are waiting to be saved; the oldest are dropped.`);
      this.#droppedEvents += events.length - maxWaitingEvents;
      events.splice(0, events.length - maxWaitingEvents);
    }
    this.#pending = {
      checks: pending.checks,
      statuses: [...latest.values()],
      events,
      pings: pending.pings,
      forgotten: [...batch.forgotten, ...pending.forgotten],
    };
  }
}
