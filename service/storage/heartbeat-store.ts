// Heartbeat monitors: the pings that cron jobs send, and whether a "late" alert is outstanding.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface HeartbeatRecord {
  seq: number;
  id: string;
  name: string;
  slug: string;
  expectedInterval: number;
  lastPing: string | undefined;
  late: boolean;
  createdAt: string;
}

export interface HeartbeatFields {
  name: string;
  expectedInterval: number;
}

interface HeartbeatRow {
  seq: number;
  id: string;
  name: string;
  slug: string;
  expected_interval: number;
  last_ping: string | null;
  late: number;
  created_at: string;
}

function toRecord(row: HeartbeatRow): HeartbeatRecord {
  return {
    seq: row.seq,
    id: row.id,
    name: row.name,
    slug: row.slug,
    expectedInterval: row.expected_interval,
    lastPing: row.last_ping ?? undefined,
    late: row.late === 1,
    createdAt: row.created_at,
  };
}

export class HeartbeatStore {
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #all: StatementSync;
  readonly #count: StatementSync;
  readonly #delete: StatementSync;
  readonly #ping: StatementSync;
  readonly #setLate: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      'INSERT INTO heartbeats (id, name, slug, expected_interval, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
    );
    this.#byId = db.prepare('SELECT * FROM heartbeats WHERE id = ?');
    this.#all = db.prepare('SELECT * FROM heartbeats ORDER BY seq');
    this.#count = db.prepare('SELECT count(*) AS n FROM heartbeats');
    this.#delete = db.prepare('DELETE FROM heartbeats WHERE id = ? RETURNING *');
    this.#ping = db.prepare('UPDATE heartbeats SET last_ping = ? WHERE slug = ? RETURNING *');
    this.#setLate = db.prepare('UPDATE heartbeats SET late = ? WHERE seq = ?');
  }

  create(id: string, slug: string, fields: HeartbeatFields, now: string): HeartbeatRecord {
    return toRecord(this.#insert.get(id, fields.name, slug, fields.expectedInterval, now) as unknown as HeartbeatRow);
  }

  get(id: string): HeartbeatRecord | undefined {
    const row = this.#byId.get(id) as HeartbeatRow | undefined;
    return row && toRecord(row);
  }

  all(): HeartbeatRecord[] {
    return (this.#all.all() as unknown as HeartbeatRow[]).map(toRecord);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
  }

  delete(id: string): HeartbeatRecord | undefined {
    const row = this.#delete.get(id) as HeartbeatRow | undefined;
    return row && toRecord(row);
  }

  /** Records a ping by slug; undefined when no heartbeat has that slug. */
  recordPing(slug: string, now: string): HeartbeatRecord | undefined {
    const row = this.#ping.get(now, slug) as HeartbeatRow | undefined;
    return row && toRecord(row);
  }

  setLate(seq: number, late: boolean): void {
    this.#setLate.run(late ? 1 : 0, seq);
  }
}
