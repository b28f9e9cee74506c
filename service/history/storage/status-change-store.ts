// Each monitor's confirmed status over time: a row per change, not per check.
import { withStatements } from '../../storage/statements.ts';
import type { MonitorStatus } from '../../../common/api/known.ts';
import type { StatusChange } from '../observed-status.ts';

const codes: Record<MonitorStatus, number> = { unknown: 0, up: 1, down: 2 };
const statuses: readonly MonitorStatus[] = ['unknown', 'up', 'down'];
const statusOf = (code: number): MonitorStatus => statuses[code] ?? 'unknown';

export interface MonitorStatusChange extends StatusChange {
  monitorSeq: number;
}

type Row = { monitor_seq: number; at: number; status: number };

const queries = {
  add: 'INSERT OR REPLACE INTO status_changes (monitor_seq, at, status) VALUES (?, ?, ?)',
  latest: 'SELECT status FROM status_changes WHERE monitor_seq = ? AND at <= ? ORDER BY at DESC LIMIT 1',
  // SQLite returns the other columns of the row holding max(at).
  allAt: 'SELECT monitor_seq, status, max(at) AS at FROM status_changes WHERE at <= ? GROUP BY monitor_seq',
  between: 'SELECT monitor_seq, at, status FROM status_changes WHERE at > ? AND at < ? ORDER BY at',
  forMonitor: 'SELECT monitor_seq, at, status FROM status_changes WHERE monitor_seq = ? AND at > ? AND at < ? ORDER BY at',
  // Keeps each monitor's latest change before the cutoff: it says what the status was from then on.
  prune: `DELETE FROM status_changes WHERE at < ?1 AND at < (
     SELECT max(at) FROM status_changes AS later WHERE later.monitor_seq = status_changes.monitor_seq AND later.at < ?1)`,
  deleteMonitor: 'DELETE FROM status_changes WHERE monitor_seq = ?',
};

export class StatusChangeStore extends withStatements(queries) {
  add(monitorSeq: number, at: number, status: MonitorStatus): void {
    this.sql.add.run(monitorSeq, at, codes[status]);
  }

  /** The status at `at` (a change at exactly `at` counts); unknown before the first. */
  statusAt(monitorSeq: number, at: number): MonitorStatus {
    const row = this.sql.latest.get(monitorSeq, at) as { status: number } | undefined;
    return row ? statusOf(row.status) : 'unknown';
  }

  /** Every monitor's status at `at`; monitors not listed were unknown. */
  allStatusesAt(at: number): Map<number, MonitorStatus> {
    const rows = this.sql.allAt.all(at) as Row[];
    return new Map(rows.map((row) => [row.monitor_seq, statusOf(row.status)]));
  }

  /** Every change strictly inside (from, to), by time. */
  between(from: number, to: number): MonitorStatusChange[] {
    return (this.sql.between.all(from, to) as Row[]).map(toChange);
  }

  forMonitor(monitorSeq: number, from: number, to: number): MonitorStatusChange[] {
    return (this.sql.forMonitor.all(monitorSeq, from, to) as Row[]).map(toChange);
  }

  pruneBefore(cutoff: number): number {
    return Number(this.sql.prune.run(cutoff).changes);
  }

  deleteMonitor(monitorSeq: number): void {
    this.sql.deleteMonitor.run(monitorSeq);
  }
}

function toChange(row: Row): MonitorStatusChange {
  return { monitorSeq: row.monitor_seq, at: row.at, status: statusOf(row.status) };
}
