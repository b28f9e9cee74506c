// Raw check results: one packed row per monitor-hour (check-codec.ts), and the errors of failed checks.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface RawRow {
  hour: number;
  data: Uint8Array;
}

export class RawCheckStore {
  readonly #row: StatementSync;
  readonly #append: StatementSync;
  readonly #replace: StatementSync;
  readonly #newestFirst: StatementSync;
  readonly #between: StatementSync;
  readonly #monitorsIn: StatementSync;
  readonly #allFrom: StatementSync;
  readonly #addError: StatementSync;
  readonly #errors: StatementSync;
  readonly #pruneRows: StatementSync;
  readonly #pruneErrors: StatementSync;
  readonly #deleteRows: StatementSync;
  readonly #deleteErrors: StatementSync;

  constructor(db: DatabaseSync) {
    this.#row = db.prepare('SELECT data FROM raw_checks WHERE monitor_seq = ? AND hour = ?');
    this.#append = db.prepare(
      `INSERT INTO raw_checks (monitor_seq, hour, data) VALUES (?, ?, ?)
       ON CONFLICT (monitor_seq, hour) DO UPDATE SET data = CAST(data || excluded.data AS BLOB)`,
    );
    this.#replace = db.prepare(
      `INSERT INTO raw_checks (monitor_seq, hour, data) VALUES (?, ?, ?)
       ON CONFLICT (monitor_seq, hour) DO UPDATE SET data = excluded.data`,
    );
    this.#newestFirst = db.prepare('SELECT hour, data FROM raw_checks WHERE monitor_seq = ? AND hour <= ? ORDER BY hour DESC');
    this.#between = db.prepare('SELECT hour, data FROM raw_checks WHERE monitor_seq = ? AND hour >= ? AND hour < ? ORDER BY hour');
    this.#monitorsIn = db.prepare('SELECT monitor_seq FROM raw_checks WHERE hour = ?');
    this.#allFrom = db.prepare('SELECT monitor_seq, hour, data FROM raw_checks WHERE hour >= ?');
    this.#addError = db.prepare('INSERT OR REPLACE INTO check_errors (monitor_seq, checked_at, error) VALUES (?, ?, ?)');
    this.#errors = db.prepare('SELECT checked_at, error FROM check_errors WHERE monitor_seq = ? AND checked_at >= ? AND checked_at <= ?');
    this.#pruneRows = db.prepare('DELETE FROM raw_checks WHERE hour < ?');
    this.#pruneErrors = db.prepare('DELETE FROM check_errors WHERE checked_at < ?');
    this.#deleteRows = db.prepare('DELETE FROM raw_checks WHERE monitor_seq = ?');
    this.#deleteErrors = db.prepare('DELETE FROM check_errors WHERE monitor_seq = ?');
  }

  row(monitorSeq: number, hour: number): Uint8Array | undefined {
    return (this.#row.get(monitorSeq, hour) as { data: Uint8Array } | undefined)?.data;
  }

  append(monitorSeq: number, hour: number, data: Uint8Array): void {
    this.#append.run(monitorSeq, hour, data);
  }

  replace(monitorSeq: number, hour: number, data: Uint8Array): void {
    this.#replace.run(monitorSeq, hour, data);
  }

  /** A monitor's rows from the hour `lastHour` back, read lazily so a caller can stop early. */
  newestFirst(monitorSeq: number, lastHour: number): IterableIterator<RawRow> {
    return this.#newestFirst.iterate(monitorSeq, lastHour) as IterableIterator<RawRow>;
  }

  between(monitorSeq: number, fromHour: number, toHour: number): RawRow[] {
    return this.#between.all(monitorSeq, fromHour, toHour) as unknown as RawRow[];
  }

  monitorsWithRowsIn(hour: number): number[] {
    return (this.#monitorsIn.all(hour) as { monitor_seq: number }[]).map((row) => row.monitor_seq);
  }

  /** Every monitor's rows from `hour` on, read lazily. */
  allFrom(hour: number): IterableIterator<RawRow & { monitor_seq: number }> {
    return this.#allFrom.iterate(hour) as IterableIterator<RawRow & { monitor_seq: number }>;
  }

  addError(monitorSeq: number, checkedAt: number, error: string): void {
    this.#addError.run(monitorSeq, checkedAt, error);
  }

  /** The errors of a monitor's failed checks in [from, to], by check time. */
  errors(monitorSeq: number, from: number, to: number): Map<number, string> {
    const rows = this.#errors.all(monitorSeq, from, to) as { checked_at: number; error: string }[];
    return new Map(rows.map((row) => [row.checked_at, row.error]));
  }

  pruneBefore(hour: number): number {
    this.#pruneErrors.run(hour);
    return Number(this.#pruneRows.run(hour).changes);
  }

  deleteMonitor(monitorSeq: number): void {
    this.#deleteRows.run(monitorSeq);
    this.#deleteErrors.run(monitorSeq);
  }
}
