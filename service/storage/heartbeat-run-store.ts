// The runs of heartbeats: a start ping and the success or failure that ended it (or an end alone), with the log the
// pings carried. Bounded twice: each heartbeat keeps its newest runs, and the logs of all of them together have a
// byte budget, the oldest logs going first (their runs stay). Deleted with their heartbeat (ON DELETE CASCADE).
import type { DatabaseSync } from 'node:sqlite';
import { withStatements } from './statements.ts';

export type StoredRunOutcome = 'running' | 'success' | 'failed' | 'unfinished';

export interface HeartbeatRunRecord {
  id: number;
  startedAt: number | undefined;
  endedAt: number | undefined;
  outcome: StoredRunOutcome;
  exitCode: number | undefined;
  log: string | undefined;
  logTruncated: boolean;
}

export interface RunLog {
  text: string;
  truncated: boolean;
}

type Row = {
  id: number;
  started_at: number | null;
  ended_at: number | null;
  outcome: string;
  exit_code: number | null;
  log: string | null;
  log_truncated: number;
};

export interface RunBounds {
  /** Runs each heartbeat keeps, newest first. */
  runsPerHeartbeat: number;
  /** UTF-8 bytes of the logs of every heartbeat's runs together. */
  logBytesInAll: number;
}

export const defaultRunBounds: RunBounds = { runsPerHeartbeat: 100, logBytesInAll: 64 * 1024 * 1024 };

/** The byte budget is checked once this much log has been written since the last check: a scan, not per ping. */
const logBytesBetweenChecks = 1024 * 1024;

const outcomes = new Set<string>(['running', 'success', 'failed', 'unfinished']);

function toRun(row: Row): HeartbeatRunRecord {
  return {
    id: row.id,
    startedAt: row.started_at ?? undefined,
    endedAt: row.ended_at ?? undefined,
    outcome: outcomes.has(row.outcome) ? (row.outcome as StoredRunOutcome) : 'unfinished',
    exitCode: row.exit_code ?? undefined,
    log: row.log ?? undefined,
    logTruncated: row.log_truncated === 1,
  };
}

const queries = {
  insert: 'INSERT INTO heartbeat_runs (heartbeat_seq, started_at, ended_at, outcome, exit_code, log, log_truncated) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
  open: "SELECT * FROM heartbeat_runs WHERE heartbeat_seq = ? AND outcome = 'running' ORDER BY id DESC LIMIT 1",
  // A log sent with the end replaces the start's; without one, the start's stays.
  finish: `UPDATE heartbeat_runs SET ended_at = ?1, outcome = ?2, exit_code = ?3,
     log = CASE WHEN ?4 IS NULL THEN log ELSE ?4 END, log_truncated = CASE WHEN ?4 IS NULL THEN log_truncated ELSE ?5 END
   WHERE id = ?6 RETURNING *`,
  abandon: "UPDATE heartbeat_runs SET outcome = 'unfinished' WHERE heartbeat_seq = ? AND outcome = 'running'",
  // Ordered by the time pages are cut at, ties by insertion, so a page and the next meet exactly (a clock set back
  // could make ids disagree with times).
  before: `SELECT * FROM heartbeat_runs WHERE heartbeat_seq = ? AND coalesce(started_at, ended_at) < ?
   ORDER BY coalesce(started_at, ended_at) DESC, id DESC LIMIT ?`,
  restOfTie: 'SELECT * FROM heartbeat_runs WHERE heartbeat_seq = ? AND coalesce(started_at, ended_at) = ? AND id < ? ORDER BY id DESC',
  pruneBeyond: `DELETE FROM heartbeat_runs WHERE heartbeat_seq = ?1 AND id <= (
     SELECT id FROM heartbeat_runs WHERE heartbeat_seq = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`,
  // The newest run whose log no longer fits the budget once every newer log is counted.
  logBoundary: `SELECT id FROM (SELECT id, sum(length(CAST(log AS BLOB))) OVER (ORDER BY id DESC) AS kept FROM heartbeat_runs WHERE log IS NOT NULL)
   WHERE kept > ? ORDER BY id DESC LIMIT 1`,
  dropLogs: 'UPDATE heartbeat_runs SET log = NULL, log_truncated = 0 WHERE id <= ? AND log IS NOT NULL',
};

export class HeartbeatRunStore extends withStatements(queries) {
  readonly #bounds: RunBounds;
  #unchecked = 0;

  constructor(db: DatabaseSync, bounds: RunBounds = defaultRunBounds) {
    super(db);
    this.#bounds = bounds;
    this.#pruneLogs();
  }

  /** The run a start ping opened and no end has closed yet. */
  #openRun(heartbeatSeq: number): HeartbeatRunRecord | undefined {
    const row = this.sql.open.get(heartbeatSeq) as Row | undefined;
    return row && toRun(row);
  }

  /** A start: a run left open by an earlier start is over, unfinished. */
  start(heartbeatSeq: number, at: number, log: RunLog | undefined): HeartbeatRunRecord {
    this.sql.abandon.run(heartbeatSeq);
    const run = toRun(this.sql.insert.get(heartbeatSeq, at, null, 'running', null, log?.text ?? null, log?.truncated ? 1 : 0) as Row);
    return this.#bounded(heartbeatSeq, run, log);
  }

  /** An end: it closes the open run, or stands alone as a run without a start. */
  end(heartbeatSeq: number, at: number, outcome: 'success' | 'failed', exitCode: number | undefined, log: RunLog | undefined): HeartbeatRunRecord {
    const open = this.#openRun(heartbeatSeq);
    const row =
      open === undefined
        ? this.sql.insert.get(heartbeatSeq, null, at, outcome, exitCode ?? null, log?.text ?? null, log?.truncated ? 1 : 0)
        : this.sql.finish.get(at, outcome, exitCode ?? null, log?.text ?? null, log?.truncated ? 1 : 0, open.id);
    return this.#bounded(heartbeatSeq, toRun(row as Row), log);
  }

  /**
   * Newest first, begun (or, without a start, ended) strictly before `before`: `limit` runs, and then the rest of
   * the runs of the last one's millisecond. The next page asks before that millisecond, so a page that ended inside
   * it would lose the runs it left out; a full page is never shorter than `limit`, so "fewer than asked" still
   * means the end.
   */
  before(heartbeatSeq: number, before: number, limit: number): HeartbeatRunRecord[] {
    const rows = this.sql.before.all(heartbeatSeq, before, limit) as Row[];
    const last = rows.at(-1);
    if (rows.length === limit && last !== undefined) rows.push(...(this.sql.restOfTie.all(heartbeatSeq, last.started_at ?? last.ended_at, last.id) as Row[]));
    return rows.map(toRun);
  }

  /** Keeps the heartbeat's newest runs, and the logs within their budget. */
  #bounded(heartbeatSeq: number, run: HeartbeatRunRecord, log: RunLog | undefined): HeartbeatRunRecord {
    this.sql.pruneBeyond.run(heartbeatSeq, this.#bounds.runsPerHeartbeat);
    this.#unchecked += log === undefined ? 0 : Buffer.byteLength(log.text);
    if (this.#unchecked >= Math.min(logBytesBetweenChecks, this.#bounds.logBytesInAll)) this.#pruneLogs();
    return run;
  }

  /** Drops the oldest logs until those left fit the budget. */
  #pruneLogs(): void {
    this.#unchecked = 0;
    const boundary = this.sql.logBoundary.get(this.#bounds.logBytesInAll) as { id: number } | undefined;
    if (boundary !== undefined) this.sql.dropLogs.run(boundary.id);
  }
}
