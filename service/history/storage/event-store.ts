// What happened, for the events feed: status changes of every item, the service's own stops and starts, and
// maintenance going on and off (for one item, or with no item for all of them).
import { withStatements } from '../../storage/statements.ts';

export type EventKind = 'monitor' | 'heartbeat' | 'domain' | 'service' | 'maintenance';

export interface NewHistoryEvent {
  at: number;
  kind: EventKind;
  itemId?: string | undefined;
  itemName?: string | undefined;
  from?: string | undefined;
  to: string;
  detail?: string | undefined;
}

export interface StoredHistoryEvent extends NewHistoryEvent {
  id: number;
}

export interface EventQuery {
  /** Only events with a greater id (the feed's cursor). */
  afterId: number;
  /** Only events at or after this time. */
  since: number | undefined;
  /** One item's events (with the maintenance that covered it), or (kind `service`) the service's own. */
  item: { kind: Exclude<EventKind, 'service' | 'maintenance'>; id: string } | { kind: 'service' } | undefined;
  limit: number;
}

type Row = {
  id: number;
  at: number;
  kind: EventKind;
  item_id: string | null;
  item_name: string | null;
  from_state: string | null;
  to_state: string;
  detail: string | null;
};

const queries = {
  add: 'INSERT INTO events (at, kind, item_id, item_name, from_state, to_state, detail) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  firstSince: 'SELECT id FROM events WHERE at >= ? ORDER BY at LIMIT 1',
  list: 'SELECT * FROM events WHERE id >= ? AND at >= ? ORDER BY id LIMIT ?',
  listItem: 'SELECT * FROM events WHERE kind = ? AND item_id = ? AND id >= ? AND at >= ? ORDER BY id LIMIT ?',
  listService: "SELECT * FROM events WHERE kind = 'service' AND item_id IS NULL AND id >= ? AND at >= ? ORDER BY id LIMIT ?",
  listItemMaintenance: "SELECT * FROM events WHERE kind = 'maintenance' AND (item_id = ? OR item_id IS NULL) AND id >= ? AND at >= ? ORDER BY id LIMIT ?",
  maintenance: "SELECT * FROM events WHERE kind = 'maintenance' ORDER BY id",
  deleteItem: 'DELETE FROM events WHERE kind = ? AND item_id = ?',
  pruneOld: 'DELETE FROM events WHERE at < ?',
  pruneBeyond: 'DELETE FROM events WHERE id <= (SELECT max(id) FROM events) - ?',
};

export class EventStore extends withStatements(queries) {
  add(event: NewHistoryEvent): number {
    const row = this.sql.add.get(event.at, event.kind, event.itemId ?? null, event.itemName ?? null, event.from ?? null, event.to, event.detail ?? null);
    return (row as { id: number }).id;
  }

  /**
   * Oldest first. Events are written in time order (the one exception, a crash's stop found at the next start, is
   * dated at the last write before it), so `since` is found by time and the rest read by id.
   */
  list(query: EventQuery): StoredHistoryEvent[] {
    let fromId = query.afterId + 1;
    const since = query.since ?? Number.MIN_SAFE_INTEGER;
    if (query.since !== undefined) {
      const first = this.sql.firstSince.get(query.since) as { id: number } | undefined;
      if (!first) return [];
      fromId = Math.max(fromId, first.id);
    }
    const { item } = query;
    if (item === undefined) return (this.sql.list.all(fromId, since, query.limit) as Row[]).map(toEvent);
    if (item.kind === 'service') return (this.sql.listService.all(fromId, since, query.limit) as Row[]).map(toEvent);
    // Two index reads merged, rather than one OR that SQLite would answer by scanning the whole feed.
    const own = this.sql.listItem.all(item.kind, item.id, fromId, since, query.limit) as Row[];
    const maintenance = this.sql.listItemMaintenance.all(item.id, fromId, since, query.limit) as Row[];
    return [...own, ...maintenance]
      .sort((a, b) => a.id - b.id)
      .slice(0, query.limit)
      .map(toEvent);
  }

  /** Every maintenance event kept, oldest first (a few per window: read once at the start). */
  maintenance(): StoredHistoryEvent[] {
    return (this.sql.maintenance.all() as Row[]).map(toEvent);
  }

  deleteItem(kind: EventKind, itemId: string): void {
    this.sql.deleteItem.run(kind, itemId);
  }

  /** Drops events older than `cutoff`, and all but the newest `keep`. */
  prune(cutoff: number, keep: number): void {
    this.sql.pruneOld.run(cutoff);
    this.sql.pruneBeyond.run(keep);
  }
}

function toEvent(row: Row): StoredHistoryEvent {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    itemId: row.item_id ?? undefined,
    itemName: row.item_name ?? undefined,
    from: row.from_state ?? undefined,
    to: row.to_state,
    detail: row.detail ?? undefined,
  };
}
