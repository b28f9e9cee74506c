// History of items that no longer exist. An item's history is deleted with it, in the next history batch; if the
// service died before that batch, the rows stay behind, and a new monitor could even reuse the deleted one's seq.
// So at every start, history that belongs to no item is deleted.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../../../common/sqlite-transaction.ts';

export interface LiveItems {
  monitorSeqs: ReadonlySet<number>;
  heartbeatSeqs: ReadonlySet<number>;
  /** Ids of every monitor, heartbeat and domain. */
  ids: ReadonlySet<string>;
}

const monitorTables = ['raw_checks', 'check_errors', 'hourly_buckets', 'daily_buckets', 'status_changes'] as const;

export function deleteOrphans(db: DatabaseSync, items: LiveItems): void {
  const seqs = (sql: string) => (db.prepare(sql).all() as { seq: number }[]).map((row) => row.seq);
  const monitorSeqs = new Set(monitorTables.flatMap((table) => seqs(`SELECT DISTINCT monitor_seq AS seq FROM ${table}`)));
  const heartbeatSeqs = seqs('SELECT DISTINCT heartbeat_seq AS seq FROM heartbeat_pings');
  const itemIds = (db.prepare('SELECT DISTINCT kind, item_id FROM events WHERE item_id IS NOT NULL').all() as { kind: string; item_id: string }[]);
  transaction(db, () => {
    for (const seq of monitorSeqs) {
      if (items.monitorSeqs.has(seq)) continue;
      for (const table of monitorTables) db.prepare(`DELETE FROM ${table} WHERE monitor_seq = ?`).run(seq);
    }
    for (const seq of heartbeatSeqs) if (!items.heartbeatSeqs.has(seq)) db.prepare('DELETE FROM heartbeat_pings WHERE heartbeat_seq = ?').run(seq);
    for (const { kind, item_id: id } of itemIds) if (!items.ids.has(id)) db.prepare('DELETE FROM events WHERE kind = ? AND item_id = ?').run(kind, id);
  });
}
