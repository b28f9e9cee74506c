// Raw check results: one packed row per monitor-hour (check-codec.ts), and the errors of failed checks.
import { withStatements } from '../../storage/statements.ts';

export interface RawRow {
  hour: number;
  data: Uint8Array;
}

const queries = {
  row: 'SELECT data FROM raw_checks WHERE monitor_seq = ? AND hour = ?',
  append: `INSERT INTO raw_checks (monitor_seq, hour, data) VALUES (?, ?, ?)
   ON CONFLICT (monitor_seq, hour) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`,
  replace: `INSERT INTO raw_checks (monitor_seq, hour, data) VALUES (?, ?, ?)
   ON CONFLICT (monitor_seq, hour) DO UPDATE SET data = excluded.data`,
  newestFirst: 'SELECT hour, data FROM raw_checks WHERE monitor_seq = ? AND hour <= ? ORDER BY hour DESC',
  between: 'SELECT hour, data FROM raw_checks WHERE monitor_seq = ? AND hour >= ? AND hour < ? ORDER BY hour',
  monitorsIn: 'SELECT monitor_seq FROM raw_checks WHERE hour = ?',
  allFrom: 'SELECT monitor_seq, hour, data FROM raw_checks WHERE hour >= ?',
  addError: 'INSERT OR REPLACE INTO check_errors (monitor_seq, checked_at, error) VALUES (?, ?, ?)',
  errors: 'SELECT checked_at, error FROM check_errors WHERE monitor_seq = ? AND checked_at >= ? AND checked_at <= ?',
  pruneRows: 'DELETE FROM raw_checks WHERE hour < ?',
  pruneErrors: 'DELETE FROM check_errors WHERE checked_at < ?',
  deleteRows: 'DELETE FROM raw_checks WHERE monitor_seq = ?',
  deleteErrors: 'DELETE FROM check_errors WHERE monitor_seq = ?',
};

export class RawCheckStore extends withStatements(queries) {
  row(monitorSeq: number, hour: number): Uint8Array | undefined {
    return (this.sql.row.get(monitorSeq, hour) as { data: Uint8Array } | undefined)?.data;
  }

  append(monitorSeq: number, hour: number, data: Uint8Array): void {
    this.sql.append.run(monitorSeq, hour, data);
  }

  replace(monitorSeq: number, hour: number, data: Uint8Array): void {
    this.sql.replace.run(monitorSeq, hour, data);
  }

  /** A monitor's rows from the hour `lastHour` back, read lazily so a caller can stop early. */
  newestFirst(monitorSeq: number, lastHour: number): IterableIterator<RawRow> {
    return this.sql.newestFirst.iterate(monitorSeq, lastHour) as IterableIterator<RawRow>;
  }

  between(monitorSeq: number, fromHour: number, toHour: number): RawRow[] {
    return this.sql.between.all(monitorSeq, fromHour, toHour) as unknown as RawRow[];
  }

  monitorsWithRowsIn(hour: number): number[] {
    return (this.sql.monitorsIn.all(hour) as { monitor_seq: number }[]).map((row) => row.monitor_seq);
  }

  /** Every monitor's rows from `hour` on, read lazily. */
  allFrom(hour: number): IterableIterator<RawRow & { monitor_seq: number }> {
    return this.sql.allFrom.iterate(hour) as IterableIterator<RawRow & { monitor_seq: number }>;
  }

  addError(monitorSeq: number, checkedAt: number, error: string): void {
    this.sql.addError.run(monitorSeq, checkedAt, error);
  }

  /** The errors of a monitor's failed checks in [from, to], by check time. */
  errors(monitorSeq: number, from: number, to: number): Map<number, string> {
    const rows = this.sql.errors.all(monitorSeq, from, to) as { checked_at: number; error: string }[];
    return new Map(rows.map((row) => [row.checked_at, row.error]));
  }

  pruneBefore(hour: number): number {
    this.sql.pruneErrors.run(hour);
    return Number(this.sql.pruneRows.run(hour).changes);
  }

  deleteMonitor(monitorSeq: number): void {
    this.sql.deleteRows.run(monitorSeq);
    this.sql.deleteErrors.run(monitorSeq);
  }
}
