// Maintenance windows (docs/api-decisions.md §15): what a window covers, as the service saved it. Times are epoch
// ms; the weekly schedule is kept as its JSON.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { maintenanceRepeatSchema, type MaintenanceRepeat } from '../../common/api/maintenance.ts';

export interface MaintenanceRecord {
  seq: number;
  id: string;
  /** `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`; undefined: every item. */
  item: string | undefined;
  startsAt: number;
  endsAt: number | undefined;
  repeat: MaintenanceRepeat | undefined;
  reason: string | undefined;
  endedAt: number | undefined;
  createdAt: number;
}

export type NewMaintenance = Omit<MaintenanceRecord, 'seq' | 'endedAt'>;

interface MaintenanceRow {
  seq: number;
  id: string;
  item: string | null;
  starts_at: number;
  ends_at: number | null;
  repeat: string | null;
  reason: string | null;
  ended_at: number | null;
  created_at: number;
}

/** A saved schedule that no longer reads (written by hand, or by a newer Vigil) covers nothing rather than failing. */
function repeatOf(json: string | null): MaintenanceRepeat | undefined {
  if (json === null) return undefined;
  try {
    const parsed = maintenanceRepeatSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function toRecord(row: MaintenanceRow): MaintenanceRecord {
  return {
    seq: row.seq,
    id: row.id,
    item: row.item ?? undefined,
    startsAt: row.starts_at,
    endsAt: row.ends_at ?? undefined,
    repeat: repeatOf(row.repeat),
    reason: row.reason ?? undefined,
    endedAt: row.ended_at ?? undefined,
    createdAt: row.created_at,
  };
}

/** When a window stops covering anything: ended by hand, or its end; undefined while open-ended. */
export function maintenanceEnd(record: MaintenanceRecord): number | undefined {
  if (record.endedAt === undefined) return record.endsAt;
  return record.endsAt === undefined ? record.endedAt : Math.min(record.endsAt, record.endedAt);
}

export function isMaintenanceOver(record: MaintenanceRecord, now: number): boolean {
  const end = maintenanceEnd(record);
  return end !== undefined && end <= now;
}

export class MaintenanceStore {
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #all: StatementSync;
  readonly #count: StatementSync;
  readonly #end: StatementSync;
  readonly #delete: StatementSync;
  readonly #deleteForItem: StatementSync;
  readonly #pruneOver: StatementSync;
  readonly #oldestOver: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      'INSERT INTO maintenance_windows (id, item, starts_at, ends_at, repeat, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
    );
    this.#byId = db.prepare('SELECT * FROM maintenance_windows WHERE id = ?');
    this.#all = db.prepare('SELECT * FROM maintenance_windows ORDER BY starts_at, seq');
    this.#count = db.prepare('SELECT count(*) AS n FROM maintenance_windows');
    this.#end = db.prepare('UPDATE maintenance_windows SET ended_at = ? WHERE id = ? RETURNING *');
    this.#delete = db.prepare('DELETE FROM maintenance_windows WHERE id = ? RETURNING *');
    this.#deleteForItem = db.prepare('DELETE FROM maintenance_windows WHERE item = ? RETURNING *');
    const over = 'coalesce(min(ended_at, ends_at), ended_at, ends_at)';
    this.#pruneOver = db.prepare(`DELETE FROM maintenance_windows WHERE ${over} < ? RETURNING id`);
    this.#oldestOver = db.prepare(`SELECT id FROM maintenance_windows WHERE ${over} <= ? ORDER BY ${over}, seq LIMIT 1`);
  }

  create(fields: NewMaintenance): MaintenanceRecord {
    const { id, item, startsAt, endsAt, repeat, reason, createdAt } = fields;
    const row = this.#insert.get(id, item ?? null, startsAt, endsAt ?? null, repeat ? JSON.stringify(repeat) : null, reason ?? null, createdAt);
    return toRecord(row as unknown as MaintenanceRow);
  }

  get(id: string): MaintenanceRecord | undefined {
    const row = this.#byId.get(id) as MaintenanceRow | undefined;
    return row && toRecord(row);
  }

  /** Oldest start first. At most MAINTENANCE_LIMITS.windows rows, so reading them all is cheap. */
  all(): MaintenanceRecord[] {
    return (this.#all.all() as unknown as MaintenanceRow[]).map(toRecord);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
  }

  end(id: string, at: number): MaintenanceRecord | undefined {
    const row = this.#end.get(at, id) as MaintenanceRow | undefined;
    return row && toRecord(row);
  }

  delete(id: string): MaintenanceRecord | undefined {
    const row = this.#delete.get(id) as MaintenanceRow | undefined;
    return row && toRecord(row);
  }

  /** An item was deleted: its windows go with it. */
  deleteForItem(item: string): MaintenanceRecord[] {
    return (this.#deleteForItem.all(item) as unknown as MaintenanceRow[]).map(toRecord);
  }

  /** Drops windows that stopped covering anything before `cutoff`; their ids. */
  pruneOverBefore(cutoff: number): string[] {
    return (this.#pruneOver.all(cutoff) as { id: string }[]).map((row) => row.id);
  }

  /** Drops the window that has been over longest (as of `now`); its id, or undefined when none is over. */
  dropOldestOver(now: number): string | undefined {
    const row = this.#oldestOver.get(now) as { id: string } | undefined;
    if (row !== undefined) this.#delete.run(row.id);
    return row?.id;
  }
}
