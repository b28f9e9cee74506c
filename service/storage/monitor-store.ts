// Uptime monitors. Every row is also held in memory, in creation order, so reads (pages of 10,000 monitors
// under load, the scheduler's start) never touch the disk; writes go to SQLite first and to memory after.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { transaction } from '../../common/sqlite-transaction.ts';

export type MonitorType = 'http' | 'tcp' | 'udp' | 'ping';
export type MonitorStatus = 'up' | 'down' | 'unknown';

export interface MonitorRecord {
  readonly seq: number;
  readonly id: string;
  readonly name: string;
  readonly type: MonitorType;
  readonly url: string;
  readonly frequency: number;
  readonly lastStatus: MonitorStatus;
  readonly consecutiveFailures: number;
  /** Epoch ms when lastStatus last changed; undefined while unknown and never checked. */
  readonly statusSince: number | undefined;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface MonitorFields {
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
}

export interface MonitorStatusUpdate {
  seq: number;
  lastStatus: MonitorStatus;
  consecutiveFailures: number;
  statusSince: number | undefined;
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
  status_since: number | null;
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
    statusSince: row.status_since ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class MonitorStore {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #replace: StatementSync;
  readonly #delete: StatementSync;
  readonly #saveStatus: StatementSync;
  readonly #byId = new Map<string, MonitorRecord>();
  /** Creation order; seq only grows, so appending keeps it sorted. */
  #ordered: MonitorRecord[];
  #version = 0;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO monitors (id, name, type, url, frequency, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    );
    this.#replace = db.prepare(
      `UPDATE monitors SET name = ?, type = ?, url = ?, frequency = ?, updated_at = ?,
         last_status = CASE WHEN type = ? AND url = ? THEN last_status ELSE 'unknown' END,
         consecutive_failures = CASE WHEN type = ? AND url = ? THEN consecutive_failures ELSE 0 END,
         status_since = CASE WHEN type = ? AND url = ? THEN status_since ELSE NULL END
       WHERE id = ? RETURNING *`,
    );
    this.#delete = db.prepare('DELETE FROM monitors WHERE id = ?');
    this.#saveStatus = db.prepare('UPDATE monitors SET last_status = ?, consecutive_failures = ?, status_since = ? WHERE seq = ?');
    this.#ordered = (db.prepare('SELECT * FROM monitors ORDER BY seq').all() as unknown as MonitorRow[]).map(toRecord);
    for (const record of this.#ordered) this.#byId.set(record.id, record);
  }

  /** Changes on every write, so callers can cache what they derive from the monitors. */
  get version(): number {
    return this.#version;
  }

  create(id: string, fields: MonitorFields, now: string): MonitorRecord {
    const record = toRecord(this.#insert.get(id, fields.name, fields.type, fields.url, fields.frequency, now, now) as unknown as MonitorRow);
    this.#ordered.push(record);
    this.#byId.set(id, record);
    this.#version += 1;
    return record;
  }

  get(id: string): MonitorRecord | undefined {
    return this.#byId.get(id);
  }

  page(offset: number, limit: number): readonly MonitorRecord[] {
    return this.#ordered.slice(offset, offset + limit);
  }

  all(): readonly MonitorRecord[] {
    return this.#ordered;
  }

  count(): number {
    return this.#ordered.length;
  }

  /** Replaces the editable fields; a new target or type starts the status afresh at `unknown`. */
  replace(id: string, fields: MonitorFields, now: string): MonitorRecord | undefined {
    if (!this.#byId.has(id)) return undefined;
    const { name, type, url, frequency } = fields;
    const row = this.#replace.get(name, type, url, frequency, now, type, url, type, url, type, url, id) as MonitorRow | undefined;
    return row && this.#remember(toRecord(row));
  }

  delete(id: string): MonitorRecord | undefined {
    const record = this.#byId.get(id);
    if (!record) return undefined;
    this.#delete.run(id);
    this.#byId.delete(id);
    this.#ordered = this.#ordered.filter((r) => r !== record);
    this.#version += 1;
    return record;
  }

  /**
   * Status changes of many monitors in one transaction: one disk sync for the batch. A full disk can often be
   * written to again once the WAL starts over at its beginning (a checkpoint), so that is tried once. The statuses
   * are what the checks found, and alerts have gone out for them: memory takes them even when the disk refuses,
   * so every answer shows them, and the caller keeps them to write again.
   */
  saveStatuses(updates: readonly MonitorStatusUpdate[]): void {
    if (updates.length === 0) return;
    try {
      this.#writeStatuses(updates);
    } catch (error) {
      try {
        this.#db.exec('PRAGMA wal_checkpoint(RESTART)');
        this.#writeStatuses(updates);
      } catch {
        this.#rememberStatuses(updates);
        throw error;
      }
    }
    this.#rememberStatuses(updates);
  }

  #writeStatuses(updates: readonly MonitorStatusUpdate[]): void {
    transaction(this.#db, () => {
      for (const u of updates) this.#saveStatus.run(u.lastStatus, u.consecutiveFailures, u.statusSince ?? null, u.seq);
    });
  }

  #rememberStatuses(updates: readonly MonitorStatusUpdate[]): void {
    for (const u of updates) {
      const record = this.#ordered[this.#indexOfSeq(u.seq)];
      if (record) this.#remember({ ...record, lastStatus: u.lastStatus, consecutiveFailures: u.consecutiveFailures, statusSince: u.statusSince });
    }
  }

  /** Binary search over #ordered, which is sorted by seq; -1 when absent. */
  #indexOfSeq(seq: number): number {
    let low = 0;
    let high = this.#ordered.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#ordered[middle]?.seq ?? seq;
      if (found === seq) return middle;
      if (found < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Swaps the in-memory copy of a record for its new version. */
  #remember(record: MonitorRecord): MonitorRecord {
    this.#version += 1;
    this.#byId.set(record.id, record);
    const index = this.#indexOfSeq(record.seq);
    if (index !== -1) this.#ordered[index] = record;
    return record;
  }
}
