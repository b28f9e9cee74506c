// How long each part of the history is kept (config.json, docs/service.md), and the pruning that keeps it so.
// Raw checks and hourly buckets are only dropped once the rollup has summed them.
import { transaction } from '../../common/sqlite-transaction.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import { dayMs, floorTo, hourMs } from './time-units.ts';

export interface HistoryRetention {
  /** Raw checks and their errors; at least 24. */
  rawHours: number;
  /** Hourly buckets; at least 31, so a 30-day window and series can be read by the hour. */
  hourlyDays: number;
  /** Daily buckets, status changes, runs and events; at least 366, for the 365-day window. */
  dailyDays: number;
  /** Heartbeat pings. */
  pingDays: number;
}

/** Bounds that hold whatever happens: a monitor flapping all year cannot grow the events without limit. */
export const maxEvents = 1_000_000;
export const maxPingsPerHeartbeat = 1_000;

export function pruneHistory(stores: HistoryStores, now: number, retention: HistoryRetention, marks: { hourly: number; daily: number }): void {
  const dailyCutoff = now - retention.dailyDays * dayMs;
  transaction(stores.db, () => {
    stores.raw.pruneBefore(Math.min(floorTo(now - retention.rawHours * hourMs, hourMs), marks.hourly));
    stores.hourly.pruneBefore(Math.min(floorTo(now - retention.hourlyDays * dayMs, dayMs), marks.daily));
    stores.daily.pruneBefore(floorTo(dailyCutoff, dayMs));
    stores.statuses.pruneBefore(dailyCutoff);
    stores.runs.pruneBefore(dailyCutoff);
    stores.events.prune(dailyCutoff, maxEvents);
    stores.pings.prune(now - retention.pingDays * dayMs, maxPingsPerHeartbeat);
  });
}
