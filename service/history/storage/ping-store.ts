// Heartbeat pings, newest kept.
import { withStatements } from '../../storage/statements.ts';

const queries = {
  add: 'INSERT OR IGNORE INTO heartbeat_pings (heartbeat_seq, at) VALUES (?, ?)',
  before: 'SELECT at FROM heartbeat_pings WHERE heartbeat_seq = ? AND at < ? ORDER BY at DESC LIMIT ?',
  pruneOld: 'DELETE FROM heartbeat_pings WHERE at < ?',
  crowded: 'SELECT heartbeat_seq FROM heartbeat_pings GROUP BY heartbeat_seq HAVING count(*) > ?',
  pruneBeyond: `DELETE FROM heartbeat_pings WHERE heartbeat_seq = ?1 AND at <= (
     SELECT at FROM heartbeat_pings WHERE heartbeat_seq = ?1 ORDER BY at DESC LIMIT 1 OFFSET ?2)`,
  deleteHeartbeat: 'DELETE FROM heartbeat_pings WHERE heartbeat_seq = ?',
};

export class PingStore extends withStatements(queries) {
  add(heartbeatSeq: number, at: number): void {
    this.sql.add.run(heartbeatSeq, at);
  }

  /** Newest first, strictly before `before`. */
  before(heartbeatSeq: number, before: number, limit: number): number[] {
    return (this.sql.before.all(heartbeatSeq, before, limit) as { at: number }[]).map((row) => row.at);
  }

  /** Drops pings older than `cutoff`, and all but each heartbeat's newest `keep`. */
  prune(cutoff: number, keep: number): void {
    this.sql.pruneOld.run(cutoff);
    for (const { heartbeat_seq: seq } of this.sql.crowded.all(keep) as { heartbeat_seq: number }[]) this.sql.pruneBeyond.run(seq, keep);
  }

  deleteHeartbeat(heartbeatSeq: number): void {
    this.sql.deleteHeartbeat.run(heartbeatSeq);
  }
}
