// The history on its own, on a real data dir and a clock the test moves: the main database's stores, and a
// HistoryService fed through the same recorder the check loop, watchers and routes use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { MonitorStatus } from '../../../common/api/known.ts';
import { HistoryService } from '../../../service/history/history-service.ts';
import { Upkeep } from '../../../service/upkeep.ts';
import type { HistoryRetention } from '../../../service/history/history-retention.ts';
import { newId } from '../../../service/ids.ts';
import { ServiceProblems } from '../../../service/problems.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { DomainStore } from '../../../service/storage/domain-store.ts';
import { HeartbeatStore } from '../../../service/storage/heartbeat-store.ts';
import { MonitorStore, type MonitorRecord } from '../../../service/storage/monitor-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

export const testRetention: HistoryRetention = { rawHours: 48, hourlyDays: 35, dailyDays: 400, pingDays: 90 };

export interface HistoryFixture {
  dataDir: string;
  clock: ManualClock;
  db: DatabaseSync;
  monitors: MonitorStore;
  heartbeats: HeartbeatStore;
  problems: ServiceProblems;
  logger: RecordingLogger;
  history: HistoryService;
  addMonitor(name?: string): MonitorRecord;
  /** A status change as the check loop makes it: saved with the monitor, and told to the history. */
  setStatus(monitor: MonitorRecord, at: number, status: MonitorStatus): void;
  /** Moves the clock (firing the history's timers), then waits for its rollup and window sums. */
  advance(ms: number): Promise<void>;
  /** Stops the history cleanly (as a service stop does), without moving the clock. */
  stop(): Promise<void>;
  /** Starts a new history on the same data dir, as the next service start does. */
  restart(): void;
  close(): Promise<void>;
}

export function openHistoryFixture(startMs: number, options: { settleMs?: number; retention?: HistoryRetention; dataDir?: string } = {}): HistoryFixture {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vigil-history-'));
  const clock = manualClock(startMs);
  const db = openDatabase(dataDir);
  const monitors = new MonitorStore(db);
  const heartbeats = new HeartbeatStore(db);
  const domains = new DomainStore(db);
  const problems = new ServiceProblems();
  const logger = recordingLogger();
  const open = () => {
    const service = new HistoryService({
      dataDir,
      mainDb: db,
      clock,
      upkeep: new Upkeep(clock),
      logger,
      problems,
      monitors,
      heartbeats,
      domains,
      retention: options.retention ?? testRetention,
      settleMs: options.settleMs ?? 0,
    });
    service.start();
    return service;
  };
  let running: HistoryService | undefined = open();
  const fixture: HistoryFixture = {
    dataDir,
    clock,
    db,
    monitors,
    heartbeats,
    problems,
    logger,
    history: running,
    addMonitor: (name = 'API') =>
      monitors.create(newId('monitor'), { name, type: 'http', url: 'http://127.0.0.1:9/', frequency: 60 }, new Date(clock.now()).toISOString()),
    setStatus(monitor, at, status) {
      monitors.saveStatuses([{ seq: monitor.seq, last_status: status, consecutive_failures: 0, status_since: at }]);
      running?.recorder.recordStatus(monitor.seq, at, status);
    },
    async advance(ms) {
      clock.advance(ms);
      await running?.settled();
    },
    async stop() {
      await running?.close();
      running = undefined;
    },
    restart() {
      running = open();
      fixture.history = running;
    },
    async close() {
      await running?.close();
      db.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}
