// Uptime monitors and their check history.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { transaction } from './database.ts';

export type MonitorType = 'http' | 'tcp' | 'udp' | 'ping';
export type MonitorStatus = 'up' | 'down' | 'unknown';

export interface MonitorRecord {
  seq: number;
  id: string;
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
  lastStatus: MonitorStatus;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

export interface MonitorFields {
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
}

/** One finished check, with the status it led to. */
export interface CheckOutcome {
  monitorSeq: number;
  checkedAt: number;
  durationMs: number;
  ok: boolean;
  error: string | undefined;
  lastStatus: MonitorStatus;
  consecutiveFailures: number;
}

export interface CheckHistoryEntry {
  checkedAt: number;
  durationMs: number;
  ok: boolean;
  error: string | undefined;
}

interface MonitorRow {
  seq: number;
  id: string;
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
  last_status: MonitorStatus;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

function toRecord(row: MonitorRow): MonitorRecord {
  return {
    seq: row.seq,
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    frequency: row.frequency,
    lastStatus: row.last_status,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class MonitorStore {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #page: StatementSync;
  readonly #all: StatementSync;
  readonly #count: StatementSync;
  readonly #replace: StatementSync;
  readonly #delete: StatementSync;
  readonly #saveStatus: StatementSync;
  readonly #addResult: StatementSync;
  readonly #history: StatementSync;
  readonly #prune: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO monitors (id, name, type, url, frequency, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    );
    this.#byId = db.prepare('SELECT * FROM monitors WHERE id = ?');
    this.#page = db.prepare('SELECT * FROM monitors ORDER BY seq LIMIT ? OFFSET ?');
    this.#all = db.prepare('SELECT * FROM monitors ORDER BY seq');
    this.#count = db.prepare('SELECT count(*) AS n FROM monitors');
    this.#replace = db.prepare(
      `UPDATE monitors SET name = ?, type = ?, url = ?, frequency = ?, updated_at = ?,
         last_status = CASE WHEN type = ? AND url = ? THEN last_status ELSE 'unknown' END,
         consecutive_failures = CASE WHEN type = ? AND url = ? THEN consecutive_failures ELSE 0 END
       WHERE id = ? RETURNING *`,
    );
    this.#delete = db.prepare('DELETE FROM monitors WHERE id = ? RETURNING *');
    this.#saveStatus = db.prepare('UPDATE monitors SET last_status = ?, consecutive_failures = ? WHERE seq = ?');
    this.#addResult = db.prepare('INSERT INTO check_results (monitor_seq, checked_at, duration_ms, ok, error) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM monitors WHERE seq = ?)');
    this.#history = db.prepare(
      'SELECT checked_at, duration_ms, ok, error FROM check_results WHERE monitor_seq = ? ORDER BY checked_at DESC LIMIT ?',
    );
    this.#prune = db.prepare('DELETE FROM check_results WHERE checked_at < ?');
  }

  create(id: string, fields: MonitorFields, now: string): MonitorRecord {
    return toRecord(this.#insert.get(id, fields.name, fields.type, fields.url, fields.frequency, now, now) as unknown as MonitorRow);
  }

  get(id: string): MonitorRecord | undefined {
    const row = this.#byId.get(id) as MonitorRow | undefined;
    return row && toRecord(row);
  }

  page(offset: number, limit: number): MonitorRecord[] {
    return (this.#page.all(limit, offset) as unknown as MonitorRow[]).map(toRecord);
  }

  all(): MonitorRecord[] {
    return (this.#all.all() as unknown as MonitorRow[]).map(toRecord);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
  }

  /** Replaces the editable fields; a new target or type starts the status afresh at `unknown`. */
  replace(id: string, fields: MonitorFields, now: string): MonitorRecord | undefined {
    const { name, type, url, frequency } = fields;
    const row = this.#replace.get(name, type, url, frequency, now, type, url, type, url, id) as MonitorRow | undefined;
    return row && toRecord(row);
  }

  delete(id: string): MonitorRecord | undefined {
    const row = this.#delete.get(id) as MonitorRow | undefined;
    return row && toRecord(row);
  }

  /** Many outcomes in one transaction: one disk sync for a batch instead of one per check. */
  recordOutcomes(outcomes: readonly CheckOutcome[]): void {
    if (outcomes.length === 0) return;
    transaction(this.#db, () => {
      for (const o of outcomes) {
        this.#addResult.run(o.monitorSeq, o.checkedAt, o.durationMs, o.ok ? 1 : 0, o.error ?? null, o.monitorSeq);
        this.#saveStatus.run(o.lastStatus, o.consecutiveFailures, o.monitorSeq);
      }
    });
  }

  history(monitorSeq: number, limit: number): CheckHistoryEntry[] {
    const rows = this.#history.all(monitorSeq, limit) as unknown as { checked_at: number; duration_ms: number; ok: number; error: string | null }[];
    return rows.map((r) => ({ checkedAt: r.checked_at, durationMs: r.duration_ms, ok: r.ok === 1, error: r.error ?? undefined }));
  }

  pruneHistory(olderThan: number): number {
    return Number(this.#prune.run(olderThan).changes);
  }
}
