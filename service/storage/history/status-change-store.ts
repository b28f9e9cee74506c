// Each monitor's confirmed status over time: a row per change, not per check.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MonitorStatus } from '../../../common/api/known.ts';
import type { StatusChange } from '../../history/observed-status.ts';

const codes: Record<MonitorStatus, number> = { unknown: 0, up: 1, down: 2 };
const statuses: readonly MonitorStatus[] = ['unknown', 'up', 'down'];
const statusOf = (code: number): MonitorStatus => statuses[code] ?? 'unknown';

export interface MonitorStatusChange extends StatusChange {
  monitorSeq: number;
}

type Row = { monitor_seq: number; at: number; status: number };

export class StatusChangeStore {
  readonly #add: StatementSync;
  readonly #latest: StatementSync;
  readonly #allAt: StatementSync;
  readonly #between: StatementSync;
  readonly #forMonitor: StatementSync;
  readonly #prune: StatementSync;
  readonly #deleteMonitor: StatementSync;

  constructor(db: DatabaseSync) {
    this.#add = db.prepare('INSERT OR REPLACE INTO status_changes (monitor_seq, at, status) VALUES (?, ?, ?)');
    this.#latest = db.prepare('SELECT status FROM status_changes WHERE monitor_seq = ? AND at <= ? ORDER BY at DESC LIMIT 1');
    // SQLite returns the other columns of the row holding max(at).
    this.#allAt = db.prepare('SELECT monitor_seq, status, max(at) AS at FROM status_changes WHERE at <= ? GROUP BY monitor_seq');
    this.#between = db.prepare('SELECT monitor_seq, at, status FROM status_changes WHERE at > ? AND at < ? ORDER BY at');
    this.#forMonitor = db.prepare('SELECT monitor_seq, at, status FROM status_changes WHERE monitor_seq = ? AND at > ? AND at < ? ORDER BY at');
    // Keeps each monitor's latest change before the cutoff: it says what the status was from then on.
    this.#prune = db.prepare(
      `DELETE FROM status_changes WHERE at < ?1 AND at < (
         SELECT max(at) FROM status_changes AS later WHERE later.monitor_seq = status_changes.monitor_seq AND later.at < ?1)`,
    );
    this.#deleteMonitor = db.prepare('DELETE FROM status_changes WHERE monitor_seq = ?');
  }

  add(monitorSeq: number, at: number, status: MonitorStatus): void {
    this.#add.run(monitorSeq, at, codes[status]);
  }

  /** The status at `at` (a change at exactly `at` counts); unknown before the first. */
  statusAt(monitorSeq: number, at: number): MonitorStatus {
    const row = this.#latest.get(monitorSeq, at) as { status: number } | undefined;
    return row ? statusOf(row.status) : 'unknown';
  }

  /** Every monitor's status at `at`; monitors not listed were unknown. */
  allStatusesAt(at: number): Map<number, MonitorStatus> {
    const rows = this.#allAt.all(at) as Row[];
    return new Map(rows.map((row) => [row.monitor_seq, statusOf(row.status)]));
  }

  /** Every change strictly inside (from, to), by time. */
  between(from: number, to: number): MonitorStatusChange[] {
    return (this.#between.all(from, to) as Row[]).map(toChange);
  }

  forMonitor(monitorSeq: number, from: number, to: number): MonitorStatusChange[] {
    return (this.#forMonitor.all(monitorSeq, from, to) as Row[]).map(toChange);
  }

  pruneBefore(cutoff: number): number {
    return Number(this.#prune.run(cutoff).changes);
  }

  deleteMonitor(monitorSeq: number): void {
    this.#deleteMonitor.run(monitorSeq);
  }
}

function toChange(row: Row): MonitorStatusChange {
  return { monitorSeq: row.monitor_seq, at: row.at, status: statusOf(row.status) };
}
