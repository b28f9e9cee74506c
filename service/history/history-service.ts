// The service's memory (docs/service.md, "History"): opens history.sqlite, records what the rest of the service
// reports (through the writer), keeps the rollup, pruning and window sums going every minute, and answers the
// history endpoints.
import type { DatabaseSync } from 'node:sqlite';
import type { HistoryWindow } from '../../common/api/history.ts';
import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import type { ServiceProblems } from '../problems.ts';
import type { Upkeep } from '../upkeep.ts';
import type { DomainStore } from '../storage/domain-store.ts';
import type { EventQuery, NewHistoryEvent } from './storage/event-store.ts';
import { openHistoryStores, type HistoryStores } from './storage/history-stores.ts';
import { deleteOrphans } from './storage/orphans.ts';
import type { HeartbeatStore } from '../storage/heartbeat-store.ts';
import type { MonitorRecord, MonitorStore } from '../storage/monitor-store.ts';
import type { MonitorStatus } from '../../common/api/known.ts';
import { forEachCheck } from './check-codec.ts';
import { eventJson, pingJson } from './history-json.ts';
import type { HistoryRecorder } from './history-recorder.ts';
import { pruneHistory, type HistoryRetention } from './history-retention.ts';
import { HistoryWriter } from './history-writer.ts';
import { importLegacyChecks } from './legacy-check-import.ts';
import { LiveHistory } from './live-history.ts';
import { MaintenanceHistory, maintenanceChangeOf, type MaintenanceChange, type MaintenanceScope } from '../maintenance/maintenance-history.ts';
import { maintenanceShares, type StatusSource } from '../maintenance/maintenance-overlap.ts';
import { monitorSeries, type SeriesJson } from './monitor-series.ts';
import { MonitorStatsSummer, type MonitorStatsJson, type SlotInputs } from './monitor-stats.ts';
import type { Span, StatusChange } from './observed-status.ts';
import { checksBefore, type CheckJson } from './recent-checks.ts';
import { Rollup } from './rollup.ts';
import { dayMs } from './time-units.ts';
import { WindowStatsCache } from './window-stats-cache.ts';

/** The upkeep (rollup, pruning, the run's mark of being alive) waits at most this long, with the service's other chores. */
const maintenanceIntervalMs = 60_000;
/** Every monitor's status at a moment this far past is settled: kept for the maintenance figures (a few moments). */
const settledStatusesMs = 60_000;
const keptStatusMoments = 8;

export interface HistoryServiceOptions {
  dataDir: string;
  /** vigil.sqlite, for check results an earlier Vigil kept there. */
  mainDb: DatabaseSync;
  clock: Clock;
  /** The timer the service's periodic chores share (service/upkeep.ts). */
  upkeep: Upkeep;
  logger: Logger;
  problems: ServiceProblems;
  monitors: MonitorStore;
  heartbeats: HeartbeatStore;
  domains: DomainStore;
  retention: HistoryRetention;
  /** How long after an hour ends every check started in it has been written (the longest check, and a margin). */
  settleMs: number;
  sliceMs?: number;
  /** Each event as it is recorded: what the `changes` stream tells. */
  onEvent?(event: NewHistoryEvent): void;
}

export class HistoryService {
  readonly #options: HistoryServiceOptions;
  readonly #stores: HistoryStores;
  readonly #live: LiveHistory;
  readonly #rollup: Rollup;
  readonly #writer: HistoryWriter;
  readonly #recorder: HistoryRecorder;
  readonly #cache: WindowStatsCache;
  readonly #summer = new MonitorStatsSummer();
  readonly #maintenance: MaintenanceHistory;
  /** Every monitor's status at a few settled moments (reading it is a scan of every change). */
  readonly #statusesAt = new Map<number, ReadonlyMap<number, MonitorStatus>>();
  #endUpkeep: (() => void) | undefined;
  #maintaining: Promise<void> | undefined;
  #stopped = false;

  constructor(options: HistoryServiceOptions) {
    this.#options = options;
    const { clock, logger, monitors, heartbeats, domains } = options;
    const stores = openHistoryStores(options.dataDir, {
      now: clock.now(),
      movedAside: (asName, why) => {
        logger.error(`The history could not be read (${why}); it was moved aside as ${asName} and a new one was started.`);
        options.problems.set('history-damaged', `The history file could not be read, so a new one was started; the old one was kept as ${asName}.`);
      },
    });
    this.#stores = stores;
    try {
      importLegacyChecks(options.mainDb, stores, logger);
      deleteOrphans(stores.db, {
        monitorSeqs: new Set(monitors.all().map((record) => record.seq)),
        heartbeatSeqs: new Set(heartbeats.all().map((record) => record.seq)),
        ids: new Set([...monitors.all(), ...heartbeats.all(), ...domains.all()].map((record) => record.id)),
      });
      const rollup = new Rollup({ stores, clock, logger, monitorSeqs: () => this.#monitorSeqs(), settleMs: options.settleMs, sliceMs: options.sliceMs });
      this.#rollup = rollup;
      this.#live = loadLiveHistory(stores, rollup.hourlyMark);
    } catch (error) {
      stores.db.close();
      throw error;
    }
    this.#cache = new WindowStatsCache(stores, options.sliceMs);
    this.#maintenance = new MaintenanceHistory(stores.events.maintenance().map(maintenanceChangeOf));
    this.#writer = new HistoryWriter({
      stores,
      live: this.#live,
      clock,
      logger,
      problems: options.problems,
      hourlyMark: () => this.#rollup.hourlyMark,
      onLateCheck: (seq, hour) => this.#rollup.markDirty(seq, hour),
      ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
      onForget: (item) => {
        this.#maintenance.forget(item.id);
        if (item.kind !== 'monitor') return;
        // A deleted monitor's seq may be given to a new one.
        this.#statusesAt.clear();
        this.#live.forget(item.seq);
        this.#rollup.forget(item.seq);
        this.#cache.forget(item.seq);
      },
    });
    const writer = this.#writer;
    // A check's result is a moment the service is awake anyway: the periodic chores ride on it when nearly due.
    this.#recorder = {
      recordCheck: (check) => {
        writer.recordCheck(check);
        options.upkeep.awake();
      },
      recordStatus: (monitorSeq, at, status) => writer.recordStatus(monitorSeq, at, status),
      recordEvent: (event) => writer.recordEvent(event),
      recordPing: (heartbeatSeq, at) => writer.recordPing(heartbeatSeq, at),
      forget: (item) => writer.forget(item),
    };
  }

  /** Where checks, statuses, events and pings are reported. */
  get recorder(): HistoryRecorder {
    return this.#recorder;
  }

  /** Scopes the history last saw go into maintenance ('' for every item), with the detail they went on with. */
  recordedMaintenance(): Map<MaintenanceScope, string> {
    return this.#maintenance.recordedOn();
  }

  /** An item, or every item (scope ''), went into maintenance or out of it: a `maintenance` event. */
  recordMaintenance(change: MaintenanceChange & { itemName?: string | undefined }): void {
    this.#maintenance.add(change);
    this.#writer.recordEvent({
      at: change.at,
      kind: 'maintenance',
      itemId: change.scope === '' ? undefined : change.scope,
      itemName: change.itemName,
      from: change.on ? 'off' : 'on',
      to: change.on ? 'on' : 'off',
      detail: change.detail,
    });
  }

  /** Opens this run (recording a crash of the previous one), then sums and prunes every minute. */
  start(): void {
    this.#recordStatusesNotInHistory();
    this.#writer.flush();
    this.#tick();
    this.#endUpkeep = this.#options.upkeep.every(maintenanceIntervalMs, () => this.#tick());
  }

  /**
   * Each monitor's status as the durable database holds it is where its history continues; when the history says
   * otherwise (a batch lost to a crash or a full disk, a monitor from before the history), it is recorded as of now.
   */
  #recordStatusesNotInHistory(): void {
    const now = this.#options.clock.now();
    const known = this.#stores.statuses.allStatusesAt(now);
    for (const record of this.#options.monitors.all()) {
      if ((known.get(record.seq) ?? 'unknown') !== record.last_status) this.#writer.recordStatus(record.seq, now, record.last_status);
    }
  }

  async close(): Promise<void> {
    this.#stopped = true;
    this.#endUpkeep?.();
    await this.#rollup.stop();
    await this.#maintaining;
    this.#writer.close();
    this.#stores.db.close();
  }

  /** Resolves once everything reported so far is written, summed and in the window sums (for tests and benches). */
  async settled(): Promise<void> {
    await this.#maintaining;
    this.#writer.flush();
    await this.#maintain();
  }

  checks(seq: number, before: number, limit: number): CheckJson[] {
    this.#writer.flushPending();
    return checksBefore(this.#stores.raw, seq, before, limit);
  }

  series(seq: number, window: HistoryWindow): SeriesJson {
    this.#writer.flushPending();
    return monitorSeries(this.#stores, seq, window, { hourly: this.#rollup.hourlyMark, daily: this.#rollup.dailyMark }, this.#options.clock.now());
  }

  events(query: EventQuery) {
    this.#writer.flushPending();
    return this.#stores.events.list(query).map(eventJson);
  }

  pings(heartbeatSeq: number, before: number, limit: number) {
    this.#writer.flushPending();
    return this.#stores.pings.before(heartbeatSeq, before, limit).map(pingJson);
  }

  /** Each monitor's figures over `window`, with `slots` status-bar slots when above 0. */
  async stats(window: HistoryWindow, monitors: readonly MonitorRecord[], slots: number): Promise<MonitorStatsJson[]> {
    // As every read: what was reported so far is written first, so a client told of a change (the changes stream)
    // and asking at once finds it in the figures too.
    this.#writer.flushPending();
    const cache = this.#cache.current ?? (await this.#cache.ready());
    const now = this.#options.clock.now();
    const { from } = cache.windows[window];
    const spans = this.#observedSpans(from, now);
    const slotInputs: SlotInputs | undefined =
      slots > 0 ? { count: slots, statusAtFrom: this.#cache.statusesAtFrom(window), changes: this.#changesBetween(from, now) } : undefined;
    const maintenance = maintenanceShares({ maintenance: this.#maintenance, statuses: this.#statusSource, runs: spans, from, to: now }, monitors);
    return monitors.map(this.#summer.answer({ window, cache, live: this.#live, spans, now, slots: slotInputs, maintenance }));
  }

  /**
   * The status changes for the maintenance figures. A moment's statuses stay as they are once it is settled: later
   * changes are dated when they are recorded, and a deletion clears what is kept.
   */
  readonly #statusSource: StatusSource = {
    statusAt: (seq, at) => this.#stores.statuses.statusAt(seq, at),
    forMonitor: (seq, from, to) => this.#stores.statuses.forMonitor(seq, from, to),
    between: (from, to) => this.#stores.statuses.between(from, to),
    allStatusesAt: (at) => {
      const kept = this.#statusesAt.get(at);
      if (kept !== undefined) return kept;
      const statuses = this.#stores.statuses.allStatusesAt(at);
      if (at < this.#options.clock.now() - settledStatusesMs) {
        if (this.#statusesAt.size >= keptStatusMoments) this.#statusesAt.clear();
        this.#statusesAt.set(at, statuses);
      }
      return statuses;
    },
  };

  #monitorSeqs(): number[] {
    return this.#options.monitors.all().map((record) => record.seq);
  }

  /** When history was being saved over [from, to]: the saved runs, the current one reaching to now. */
  #observedSpans(from: number, to: number): Span[] {
    const current = this.#writer.runId;
    return this.#stores.runs.spans(from, to).map((span) => (span.runId === current ? { start: span.start, end: to } : span));
  }

  #changesBetween(from: number, to: number): Map<number, StatusChange[]> {
    const grouped = new Map<number, StatusChange[]>();
    for (const change of this.#stores.statuses.between(from, to)) {
      const list = grouped.get(change.monitorSeq);
      if (list) list.push(change);
      else grouped.set(change.monitorSeq, [change]);
    }
    return grouped;
  }

  #tick(): void {
    if (this.#stopped) return;
    this.#writer.flush();
    void this.#maintain();
  }

  /** Rollup, then pruning and fresh window sums when it moved on. One at a time; never rejects. */
  #maintain(): Promise<void> {
    this.#maintaining ??= (async () => {
      const { clock, logger, retention } = this.#options;
      const moved = await this.#rollup.run();
      if (this.#stopped) return;
      if (moved) {
        try {
          pruneHistory(this.#stores, clock.now(), retention, { hourly: this.#rollup.hourlyMark, daily: this.#rollup.dailyMark });
          this.#maintenance.pruneBefore(clock.now() - retention.dailyDays * dayMs);
        } catch (error) {
          logger.warn('Pruning the history failed; it is retried after the next rollup', { error: String(error) });
        }
      }
      if (moved || !this.#cache.current) {
        const marks = { hourly: this.#rollup.hourlyMark, daily: this.#rollup.dailyMark, daysRevision: this.#rollup.daysRewritten };
        const built = await this.#cache.rebuild(this.#monitorSeqs(), marks, () => this.#stopped);
        if (built && this.#cache.current) this.#live.moveBase(this.#cache.current.mark);
      }
    })()
      .catch((error: unknown) => this.#options.logger.error('History upkeep failed', { error: String(error) }))
      .finally(() => (this.#maintaining = undefined));
    return this.#maintaining;
  }
}

/** The live history from the hourly mark on, as the database holds it (after a start, or a crash). */
function loadLiveHistory(stores: HistoryStores, base: number): LiveHistory {
  const live = new LiveHistory(base);
  for (const [seq, status] of stores.statuses.allStatusesAt(base)) live.setStatusAtBase(seq, status);
  for (const change of stores.statuses.between(base, Number.MAX_SAFE_INTEGER)) live.addStatus(change.monitorSeq, change);
  for (const row of stores.raw.allFrom(base)) forEachCheck(row.data, row.hour, (at, durationMs, ok) => live.addCheck(row.monitor_seq, { at, durationMs, ok }));
  return live;
}
