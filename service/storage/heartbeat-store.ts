// Heartbeat monitors: what the user made (an interval or a cron schedule), where their pings have left them, and
// which alert is outstanding. Times of the extension's columns are epoch ms; `last_ping` and `created_at` stay the
// ISO strings of the first schema.
import type { DatabaseSync } from 'node:sqlite';
import { resourceStore } from './statements.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import { HeartbeatRunStore, type RunBounds } from './heartbeat-run-store.ts';

/** The alert that is out and awaits recovery. */
export type HeartbeatProblem = 'late' | 'failed';

export type RunOutcome = 'success' | 'failed';

export interface HeartbeatRecord {
  seq: number;
  id: string;
  name: string;
  slug: string;
  /** Seconds; with a schedule, the longest gap between its occurrences (what a spec-only client judges by). */
  expectedInterval: number;
  /** The latest success, ISO. */
  lastPing: string | undefined;
  createdAt: string;
  schedule: string | undefined;
  timezone: string | undefined;
  graceSeconds: number | undefined;
  maxRuntimeSeconds: number | undefined;
  /** When the next success is due (before the grace). */
  nextExpectedAt: number;
  lastStart: number | undefined;
  /** The latest success or failure. */
  lastEnd: number | undefined;
  lastDurationMs: number | undefined;
  lastExitCode: number | undefined;
  lastOutcome: RunOutcome | undefined;
  problem: HeartbeatProblem | undefined;
}

export interface HeartbeatFields {
  name: string;
  expectedInterval: number;
  schedule: string | undefined;
  timezone: string | undefined;
  graceSeconds: number | undefined;
  maxRuntimeSeconds: number | undefined;
  nextExpectedAt: number;
}

/** What a ping changes: a start, or an end (success or failure). */
export type PingChange =
  | { kind: 'start'; at: number }
  | { kind: 'end'; at: number; outcome: RunOutcome; exitCode: number | undefined; durationMs: number | undefined; nextExpectedAt: number | undefined };

interface HeartbeatRow {
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
  next_expected_at: number | null;
  last_start: number | null;
  last_end: number | null;
  last_duration_ms: number | null;
  last_exit_code: number | null;
  last_outcome: string | null;
  problem: string | null;
}

function toRecord(row: HeartbeatRow): HeartbeatRecord {
  return {
    seq: row.seq,
    id: row.id,
    name: row.name,
    slug: row.slug,
    expectedInterval: row.expected_interval,
    lastPing: row.last_ping ?? undefined,
    createdAt: row.created_at,
    schedule: row.schedule ?? undefined,
    timezone: row.timezone ?? undefined,
    graceSeconds: row.grace_seconds ?? undefined,
    maxRuntimeSeconds: row.max_runtime_seconds ?? undefined,
    // Filled for every row by migration 4 and on every write since; the interval rule is the fallback.
    nextExpectedAt: row.next_expected_at ?? Date.parse(row.last_ping ?? row.created_at) + row.expected_interval * 1000,
    lastStart: row.last_start ?? undefined,
    lastEnd: row.last_end ?? undefined,
    lastDurationMs: row.last_duration_ms ?? undefined,
    lastExitCode: row.last_exit_code ?? undefined,
    lastOutcome: row.last_outcome === 'success' || row.last_outcome === 'failed' ? row.last_outcome : undefined,
    problem: row.problem === 'late' || row.problem === 'failed' ? row.problem : undefined,
  };
}

const queries = {
  insert: `INSERT INTO heartbeats (id, name, slug, expected_interval, created_at, schedule, timezone, grace_seconds, max_runtime_seconds, next_expected_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  bySlug: 'SELECT * FROM heartbeats WHERE slug = ?',
  start: 'UPDATE heartbeats SET last_start = ? WHERE seq = ? RETURNING *',
  end: `UPDATE heartbeats SET last_end = ?1, last_outcome = ?2, last_exit_code = ?3, last_duration_ms = ?4,
     last_ping = coalesce(?5, last_ping), next_expected_at = coalesce(?6, next_expected_at)
   WHERE seq = ?7 RETURNING *`,
  setProblem: 'UPDATE heartbeats SET problem = ? WHERE seq = ?',
};

export class HeartbeatStore extends resourceStore('heartbeats', 'seq', toRecord, queries) {
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
    const row = this.sql.insert.get(
      id,
      fields.name,
      slug,
      fields.expectedInterval,
      now,
      fields.schedule ?? null,
      fields.timezone ?? null,
      fields.graceSeconds ?? null,
      fields.maxRuntimeSeconds ?? null,
      fields.nextExpectedAt,
    );
    return toRecord(row as unknown as HeartbeatRow);
  }

  bySlug(slug: string): HeartbeatRecord | undefined {
    return this.item(this.sql.bySlug.get(slug));
  }

  /** Records what a ping did to the heartbeat; a success also moves `last_ping` and the next expected time. */
  applyPing(seq: number, change: PingChange): HeartbeatRecord {
    if (change.kind === 'start') return toRecord(this.sql.start.get(change.at, seq) as unknown as HeartbeatRow);
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
    return toRecord(row as unknown as HeartbeatRow);
  }

  setProblem(seq: number, problem: HeartbeatProblem | undefined): void {
    this.sql.setProblem.run(problem ?? null, seq);
  }
}
