// The history database and its tables, opened together. A damaged history file never keeps the service from
// starting (its checks and alerts matter more than its past): it is moved aside, never deleted, and a new one begun.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { isDamagedDatabaseError } from '../../../common/sqlite-transaction.ts';
import { openDatabase } from '../../storage/database.ts';
import { BucketStore, dailyTier, hourlyTier } from './bucket-store.ts';
import { EventStore } from './event-store.ts';
import { historyFileName, historyMigrations } from './history-schema.ts';
import { PingStore } from './ping-store.ts';
import { RawCheckStore } from './raw-check-store.ts';
import { RollupMarks } from './rollup-marks.ts';
import { RunStore } from './run-store.ts';
import { StatusChangeStore } from './status-change-store.ts';

export interface HistoryStores {
  db: DatabaseSync;
  raw: RawCheckStore;
  hourly: BucketStore;
  daily: BucketStore;
  statuses: StatusChangeStore;
  runs: RunStore;
  events: EventStore;
  pings: PingStore;
  marks: RollupMarks;
}

export interface DamagedFileOptions {
  /** For the moved file's name. */
  now: number;
  /** Hears the damaged file's new name and why it was set aside. */
  movedAside(asName: string, why: string): void;
}

export function openHistoryStores(dataDir: string, damaged?: DamagedFileOptions): HistoryStores {
  const db = openHistoryDatabase(dataDir, damaged);
  return {
    db,
    raw: new RawCheckStore(db),
    hourly: new BucketStore(db, hourlyTier),
    daily: new BucketStore(db, dailyTier),
    statuses: new StatusChangeStore(db),
    runs: new RunStore(db),
    events: new EventStore(db),
    pings: new PingStore(db),
    marks: new RollupMarks(db),
  };
}

function openHistoryDatabase(dataDir: string, damaged: DamagedFileOptions | undefined): DatabaseSync {
  const open = () => openDatabase(dataDir, 'NORMAL', { file: historyFileName, migrations: historyMigrations });
  try {
    return open();
  } catch (error) {
    if (damaged === undefined || !isDamagedDatabaseError(error)) throw error;
    const file = path.join(dataDir, historyFileName);
    const aside = `${file}.damaged-${new Date(damaged.now).toISOString().replace(/[:.]/g, '-')}.bak`;
    // The WAL and shared-memory files go with it, under the names SQLite pairs with the moved file.
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
    damaged.movedAside(path.basename(aside), error instanceof Error ? error.message : String(error));
    return open();
  }
}
