// Heartbeat monitors: what the user made (an interval or a cron schedule), where their pings have left them, and
// which alert is outstanding. Times of the extension's columns are epoch ms; `last_ping` and `created_at` stay the
// ISO strings of the first schema.
import type { DatabaseSync } from 'node:sqlite';
import { heartbeatFields } from '../../common/api/heartbeat.ts';
import type { InputKey } from '../../common/api/resource-fields.ts';
import { tableStore, type RecordOf, type WithInputColumns } from './statements.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import { HeartbeatRunStore, type RunBounds } from './heartbeat-run-store.ts';

/** The alert that is out and awaits recovery. */
export type HeartbeatProblem = 'late' | 'failed';

export type RunOutcome = 'success' | 'failed';

/** A new heartbeat's columns: what a person gave, with the service's defaults filled in (heartbeat-fields.ts). */
export type HeartbeatFields = Pick<HeartbeatRow, 'name' | 'expected_interval' | 'next_expected_at'> & Partial<Pick<HeartbeatRecord, InputKey<typeof heartbeatFields>>>;


/** What a ping changes: a start, or an end (success or failure). */
export type PingChange =
  | { kind: 'start'; at: number }
  | { kind: 'end'; at: number; outcome: RunOutcome; exitCode: number | undefined; durationMs: number | undefined; nextExpectedAt: number | undefined };

interface HeartbeatColumns {
  seq: number;
  id: string;
  name: string;
  slug: string;
  expected_interval: number;
  last_ping: string | null;
  created_at: string;
  schedule: string | null;
  timezone: string | null;
  grace_seconds: number | null;
  max_runtime_seconds: number | null;
  /** Filled for every row by migration 4, and written by every create and success since. */
  next_expected_at: number;
  last_start: number | null;
  last_end: number | null;
  last_duration_ms: number | null;
  last_exit_code: number | null;
  last_outcome: RunOutcome | null;
  problem: HeartbeatProblem | null;
}

type HeartbeatRow = WithInputColumns<HeartbeatColumns, typeof heartbeatFields>;

export type HeartbeatRecord = RecordOf<HeartbeatRow>;

/** What the service writes when it makes a heartbeat: the fields a person gives (the heartbeat's table, common/api/), with
 * its defaults, and its first deadline. */
const writes = { fields: heartbeatFields, fixed: ['id', 'slug', 'created_at', 'next_expected_at'] };

const queries = {
  bySlug: 'SELECT * FROM heartbeats WHERE slug = ?',
  start: 'UPDATE heartbeats SET last_start = ? WHERE seq = ? RETURNING *',
  end: `UPDATE heartbeats SET last_end = ?1, last_outcome = ?2, last_exit_code = ?3, last_duration_ms = ?4,
     last_ping = coalesce(?5, last_ping), next_expected_at = coalesce(?6, next_expected_at)
   WHERE seq = ?7 RETURNING *`,
  setProblem: 'UPDATE heartbeats SET problem = ? WHERE seq = ?',
};

export class HeartbeatStore extends tableStore<HeartbeatRow, typeof queries>('heartbeats', 'seq', writes, queries) {
  /** Each heartbeat's runs and their logs. */
  readonly runs: HeartbeatRunStore;
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync, runBounds?: RunBounds) {
    super(db);
    this.#db = db;
    this.runs = new HeartbeatRunStore(db, runBounds);
  }

  /** A ping's writes to the heartbeat and its runs land together. */
  transaction<T>(work: () => T): T {
    return transaction(this.#db, work);
  }

  create(id: string, slug: string, fields: HeartbeatFields, now: string): HeartbeatRecord {
    return this.inserted({ ...fields, id, slug, created_at: now });
  }

  bySlug(slug: string): HeartbeatRecord | undefined {
    return this.item(this.sql.bySlug.get(slug));
  }

  /** Records what a ping did to the heartbeat; a success also moves `last_ping` and the next expected time. */
  applyPing(seq: number, change: PingChange): HeartbeatRecord {
    if (change.kind === 'start') return this.made(this.sql.start.get(change.at, seq));
    const success = change.outcome === 'success';
    const row = this.sql.end.get(
      change.at,
      change.outcome,
      change.exitCode ?? null,
      change.durationMs ?? null,
      success ? new Date(change.at).toISOString() : null,
      success ? (change.nextExpectedAt ?? null) : null,
      seq,
    );
    return this.made(row);
  }

  setProblem(seq: number, problem: HeartbeatProblem | undefined): void {
    this.sql.setProblem.run(problem ?? null, seq);
  }
}
