// Moves the per-check rows of a Vigil from before the history (migration 2 renamed them legacy_check_results)
// into history.sqlite, once, and then drops them. The rows are written whole (replacing, not appending), so a
// crash between the import and the drop only means importing the same rows again at the next start. Their hours
// are then summed by the normal rollup; with no record of when that older service ran, their up/down time counts
// as not observed.
import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../logger.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import { encodeChecks, rowStart, type StoredCheck } from './check-codec.ts';
import { dayMs, floorTo, hourMs } from './time-units.ts';

interface LegacyRow {
  monitor_seq: number;
  checked_at: number;
  duration_ms: number;
  ok: number;
  error: string | null;
}

export function importLegacyChecks(mainDb: DatabaseSync, stores: HistoryStores, logger: Logger): void {
  const table = mainDb.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'legacy_check_results'").get();
  if (!table) return;
  const oldest = (mainDb.prepare('SELECT min(checked_at) AS at, count(*) AS n FROM legacy_check_results').get() as { at: number | null; n: number });
  if (oldest.at !== null) {
    logger.info(`Moving ${oldest.n} check results of an earlier Vigil into the history`);
    const rows = mainDb.prepare('SELECT * FROM legacy_check_results ORDER BY monitor_seq, checked_at').iterate() as IterableIterator<LegacyRow>;
    transaction(stores.db, () => {
      let group: StoredCheck[] = [];
      let key = { seq: -1, hour: -1 };
      const writeGroup = () => {
        if (group.length > 0) stores.raw.replace(key.seq, key.hour, encodeChecks(group, rowStart(key.hour)).bytes);
        group = [];
      };
      for (const row of rows) {
        const hour = floorTo(row.checked_at, hourMs);
        if (row.monitor_seq !== key.seq || hour !== key.hour) {
          writeGroup();
          key = { seq: row.monitor_seq, hour };
        }
        group.push({ at: row.checked_at, durationMs: row.duration_ms, ok: row.ok === 1 });
        if (row.error !== null && row.ok !== 1) stores.raw.addError(row.monitor_seq, row.checked_at, row.error);
      }
      writeGroup();
      const start = floorTo(oldest.at ?? 0, hourMs);
      stores.marks.set('hourly', Math.min(stores.marks.get('hourly') ?? start, start));
      stores.marks.set('daily', Math.min(stores.marks.get('daily') ?? floorTo(start, dayMs), floorTo(start, dayMs)));
    });
    // history.sqlite commits without waiting for the disk (synchronous=NORMAL), vigil.sqlite's drop does wait: a
    // checkpoint first puts the moved rows on the disk, so a power cut can never keep the drop and lose the rows.
    stores.db.exec('PRAGMA wal_checkpoint(FULL)');
  }
  mainDb.exec('DROP TABLE legacy_check_results');
}
