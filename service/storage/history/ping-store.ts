// Heartbeat pings, newest kept.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export class PingStore {
  readonly #add: StatementSync;
  readonly #before: StatementSync;
  readonly #pruneOld: StatementSync;
  readonly #crowded: StatementSync;
  readonly #pruneBeyond: StatementSync;
  readonly #deleteHeartbeat: StatementSync;

  constructor(db: DatabaseSync) {
    this.#add = db.prepare('INSERT OR IGNORE INTO heartbeat_pings (heartbeat_seq, at) VALUES (?, ?)');
    this.#before = db.prepare('SELECT at FROM heartbeat_pings WHERE heartbeat_seq = ? AND at < ? ORDER BY at DESC LIMIT ?');
    this.#pruneOld = db.prepare('DELETE FROM heartbeat_pings WHERE at < ?');
    this.#crowded = db.prepare('SELECT heartbeat_seq FROM heartbeat_pings GROUP BY heartbeat_seq HAVING count(*) > ?');
    this.#pruneBeyond = db.prepare(
      `DELETE FROM heartbeat_pings WHERE heartbeat_seq = ?1 AND at <= (
         SELECT at FROM heartbeat_pings WHERE heartbeat_seq = ?1 ORDER BY at DESC LIMIT 1 OFFSET ?2)`,
    );
    this.#deleteHeartbeat = db.prepare('DELETE FROM heartbeat_pings WHERE heartbeat_seq = ?');
  }

  add(heartbeatSeq: number, at: number): void {
    this.#add.run(heartbeatSeq, at);
  }

  /** Newest first, strictly before `before`. */
  before(heartbeatSeq: number, before: number, limit: number): number[] {
    return (this.#before.all(heartbeatSeq, before, limit) as { at: number }[]).map((row) => row.at);
  }

  /** Drops pings older than `cutoff`, and all but each heartbeat's newest `keep`. */
  prune(cutoff: number, keep: number): void {
    this.#pruneOld.run(cutoff);
    for (const { heartbeat_seq: seq } of this.#crowded.all(keep) as { heartbeat_seq: number }[]) this.#pruneBeyond.run(seq, keep);
  }

  deleteHeartbeat(heartbeatSeq: number): void {
    this.#deleteHeartbeat.run(heartbeatSeq);
  }
}
