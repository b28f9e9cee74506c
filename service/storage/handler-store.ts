// Notification handlers: where alerts are delivered.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface HandlerRecord {
  seq: number;
  id: string;
  name: string;
  type: string;
  destination: string;
  createdAt: string;
}

export interface HandlerFields {
  name: string;
  type: string;
  destination: string;
}

interface HandlerRow {
  seq: number;
  id: string;
  name: string;
  type: string;
  destination: string;
  created_at: string;
}

function toRecord(row: HandlerRow): HandlerRecord {
  return { seq: row.seq, id: row.id, name: row.name, type: row.type, destination: row.destination, createdAt: row.created_at };
}

export class HandlerStore {
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #all: StatementSync;
  readonly #count: StatementSync;
  readonly #delete: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      'INSERT INTO notification_handlers (id, name, type, destination, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
    );
    this.#byId = db.prepare('SELECT * FROM notification_handlers WHERE id = ?');
    this.#all = db.prepare('SELECT * FROM notification_handlers ORDER BY seq');
    this.#count = db.prepare('SELECT count(*) AS n FROM notification_handlers');
    this.#delete = db.prepare('DELETE FROM notification_handlers WHERE id = ? RETURNING *');
  }

  create(id: string, fields: HandlerFields, now: string): HandlerRecord {
    return toRecord(this.#insert.get(id, fields.name, fields.type, fields.destination, now) as unknown as HandlerRow);
  }

  get(id: string): HandlerRecord | undefined {
    const row = this.#byId.get(id) as HandlerRow | undefined;
    return row && toRecord(row);
  }

  all(): HandlerRecord[] {
    return (this.#all.all() as unknown as HandlerRow[]).map(toRecord);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
  }

  delete(id: string): HandlerRecord | undefined {
    const row = this.#delete.get(id) as HandlerRow | undefined;
    return row && toRecord(row);
  }
}
