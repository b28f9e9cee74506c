// How far the rollup has come: buckets of each tier are complete before their mark.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export type RollupTier = 'hourly' | 'daily';

export class RollupMarks {
  readonly #get: StatementSync;
  readonly #set: StatementSync;

  constructor(db: DatabaseSync) {
    this.#get = db.prepare('SELECT complete_until FROM rollup_marks WHERE tier = ?');
    this.#set = db.prepare('INSERT OR REPLACE INTO rollup_marks (tier, complete_until) VALUES (?, ?)');
  }

  get(tier: RollupTier): number | undefined {
    return (this.#get.get(tier) as { complete_until: number } | undefined)?.complete_until;
  }

  set(tier: RollupTier, completeUntil: number): void {
    this.#set.run(tier, completeUntil);
  }
}
