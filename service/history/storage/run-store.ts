// The service's runs: when it started, the last moment it is known to have been running (renewed with every
// history write), and how it ended. Time outside every run was not observed.
import { withStatements } from '../../storage/statements.ts';
import type { Span } from '../observed-status.ts';

export type RunEnding = 'stopped' | 'crashed' | 'unsaved';

/** An observed span and the run it belongs to. */
export interface RunSpan extends Span {
  runId: number;
}

export interface RunRecord {
  id: number;
  startedAt: number;
  aliveAt: number;
  stoppedAt: number | undefined;
}

type Row = { id: number; started_at: number; alive_at: number; stopped_at: number | null };

const queries = {
  open: 'INSERT INTO runs (started_at, alive_at) VALUES (?, ?) RETURNING id',
  alive: 'UPDATE runs SET alive_at = max(alive_at, ?) WHERE id = ?',
  close: 'UPDATE runs SET stopped_at = ?, ending = ? WHERE id = ?',
  unfinished: 'SELECT id, started_at, alive_at, stopped_at FROM runs WHERE stopped_at IS NULL ORDER BY id',
  overlapping: 'SELECT id, started_at, alive_at, stopped_at FROM runs WHERE started_at < ? AND coalesce(stopped_at, alive_at) > ? ORDER BY started_at',
  prune: 'DELETE FROM runs WHERE stopped_at IS NOT NULL AND stopped_at < ?',
};

export class RunStore extends withStatements(queries) {
  open(at: number): number {
    return (this.sql.open.get(at, at) as { id: number }).id;
  }

  alive(id: number, at: number): void {
    this.sql.alive.run(at, id);
  }

  close(id: number, at: number, ending: RunEnding): void {
    this.sql.close.run(at, ending, id);
  }

  /** Runs not closed: the one in progress, or one that ended without a word (a crash, kill -9, power loss). */
  unfinished(): RunRecord[] {
    return (this.sql.unfinished.all() as Row[]).map(toRecord);
  }

  /** The observed spans overlapping [from, to), each ending when it stopped or was last known alive. */
  spans(from: number, to: number): RunSpan[] {
    return (this.sql.overlapping.all(to, from) as Row[]).map((row) => ({ runId: row.id, start: row.started_at, end: row.stopped_at ?? row.alive_at }));
  }

  pruneBefore(cutoff: number): void {
    this.sql.prune.run(cutoff);
  }
}

function toRecord(row: Row): RunRecord {
  return { id: row.id, startedAt: row.started_at, aliveAt: row.alive_at, stoppedAt: row.stopped_at ?? undefined };
}
