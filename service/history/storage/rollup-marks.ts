// How far the rollup has come: buckets of each tier are complete before their mark.
import { withStatements } from '../../storage/statements.ts';

export type RollupTier = 'hourly' | 'daily';

const queries = {
  get: 'SELECT complete_until FROM rollup_marks WHERE tier = ?',
  set: 'INSERT OR REPLACE INTO rollup_marks (tier, complete_until) VALUES (?, ?)',
};

export class RollupMarks extends withStatements(queries) {
  get(tier: RollupTier): number | undefined {
    return (this.sql.get.get(tier) as { complete_until: number } | undefined)?.complete_until;
  }

  set(tier: RollupTier, completeUntil: number): void {
    this.sql.set.run(tier, completeUntil);
  }
}
