// Maintenance windows (docs/api-decisions.md §15): what a window covers, as the service saved it. Times are epoch
// ms; the weekly schedule is kept as its JSON.
import { resourceStore } from '../storage/statements.ts';
import { maintenanceRepeatSchema, type MaintenanceRepeat } from '../../common/maintenance/maintenance.ts';

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

/** When a window is over: the earlier of its end and when it was ended. */
const over = 'coalesce(min(ended_at, ends_at), ended_at, ends_at)';

const queries = {
  insert: 'INSERT INTO maintenance_windows (id, item, starts_at, ends_at, repeat, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
  end: 'UPDATE maintenance_windows SET ended_at = ? WHERE id = ? RETURNING *',
  deleteForItem: 'DELETE FROM maintenance_windows WHERE item = ? RETURNING *',
  pruneOver: `DELETE FROM maintenance_windows WHERE ${over} < ? RETURNING id`,
  oldestOver: `SELECT id FROM maintenance_windows WHERE ${over} <= ? ORDER BY ${over}, seq LIMIT 1`,
};

// `all()` is oldest start first: at most MAINTENANCE_LIMITS.windows rows, so reading them all is cheap.
export class MaintenanceStore extends resourceStore('maintenance_windows', 'starts_at, seq', queries, toRecord) {
  create(fields: NewMaintenance): MaintenanceRecord {
    const { id, item, startsAt, endsAt, repeat, reason, createdAt } = fields;
    const row = this.sql.insert.get(id, item ?? null, startsAt, endsAt ?? null, repeat ? JSON.stringify(repeat) : null, reason ?? null, createdAt);
    return toRecord(row as unknown as MaintenanceRow);
  }

  end(id: string, at: number): MaintenanceRecord | undefined {
    return this.item(this.sql.end.get(at, id));
  }

  /** An item was deleted: its windows go with it. */
  deleteForItem(item: string): MaintenanceRecord[] {
    return this.items(this.sql.deleteForItem.all(item));
  }

  /** Drops windows that stopped covering anything before `cutoff`; their ids. */
  pruneOverBefore(cutoff: number): string[] {
    return (this.sql.pruneOver.all(cutoff) as { id: string }[]).map((row) => row.id);
  }

  /** Drops the window that has been over longest (as of `now`); its id, or undefined when none is over. */
  dropOldestOver(now: number): string | undefined {
    const row = this.sql.oldestOver.get(now) as { id: string } | undefined;
    if (row !== undefined) this.sql.delete.run(row.id);
    return row?.id;
  }
}
