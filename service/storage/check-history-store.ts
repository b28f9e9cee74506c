// The check history: one row per finished check, for response-time views. Written on its own connection
// with synchronous=NORMAL: history is written in frequent batches, and a power cut may lose the last moments
// of it, but never a monitor or its status (those go through the main connection with synchronous=FULL).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { transaction } from './database.ts';

export interface CheckHistoryEntry {
  monitorSeq: number;
  /** Epoch ms when the check started. */
  checkedAt: number;
  durationMs: number;
  ok: boolean;
  error: string | undefined;
}

interface HistoryRow {
  monitor_seq: number;
  checked_at: number;
  duration_ms: number;
  ok: number;
  error: string | null;
}

export class CheckHistoryStore {
  readonly #db: DatabaseSync;
  readonly #add: StatementSync;
  readonly #recent: StatementSync;
  readonly #prune: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    // A monitor deleted while its check ran has no row left to refer to; its result is dropped.
    this.#add = db.prepare(
      `INSERT INTO check_results (monitor_seq, checked_at, duration_ms, ok, error)
       SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM monitors WHERE seq = ?)`,
    );
    this.#recent = db.prepare('SELECT * FROM check_results WHERE monitor_seq = ? ORDER BY checked_at DESC LIMIT ?');
    this.#prune = db.prepare('DELETE FROM check_results WHERE checked_at < ?');
  }

  add(entries: readonly CheckHistoryEntry[]): void {
    if (entries.length === 0) return;
    transaction(this.#db, () => {
      for (const e of entries) this.#add.run(e.monitorSeq, e.checkedAt, e.durationMs, e.ok ? 1 : 0, e.error ?? null, e.monitorSeq);
    });
  }

  /** The most recent results of one monitor, newest first. */
  recent(monitorSeq: number, limit: number): CheckHistoryEntry[] {
    return (this.#recent.all(monitorSeq, limit) as unknown as HistoryRow[]).map((row) => ({
      monitorSeq: row.monitor_seq,
      checkedAt: row.checked_at,
      durationMs: row.duration_ms,
      ok: row.ok === 1,
      error: row.error ?? undefined,
    }));
  }

  prune(olderThan: number): number {
    return Number(this.#prune.run(olderThan).changes);
  }
}
