// The history database and its tables, opened together.
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../database.ts';
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

export function openHistoryStores(dataDir: string): HistoryStores {
  const db = openDatabase(dataDir, 'NORMAL', { file: historyFileName, migrations: historyMigrations });
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
