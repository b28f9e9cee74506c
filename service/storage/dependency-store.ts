// The dependencies extension (docs/api-decisions.md §18) as saved: what each item depends on, and the alerts folded
// under a parent that is down. Folded alerts are written the moment they are folded (vigil.sqlite is
// synchronous=FULL), so a restart while a parent is down neither repeats nor loses what is owed when it recovers.
import { withStatements } from './statements.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';

export interface FoldedAlert {
  /** The child: `monitor:<id>` or `heartbeat:<id>`. */
  item: string;
  /** The parent it was folded under. */
  parent: string;
  /** What the child's handlers were told before it (in the terms of maintenance/held-alert-states.ts). */
  toldState: string;
  lastAlert: AlertEvent;
}

type FoldedRow = { item: string; parent: string; told_state: string; last_alert: string };

const queries = {
  all: 'SELECT item, depends_on FROM dependencies',
  set: 'INSERT OR REPLACE INTO dependencies (item, depends_on) VALUES (?, ?)',
  delete: 'DELETE FROM dependencies WHERE item = ?',
  foldedAll: 'SELECT item, parent, told_state, last_alert FROM folded_alerts',
  foldedSave: 'INSERT OR REPLACE INTO folded_alerts (item, parent, told_state, last_alert) VALUES (?, ?, ?, ?)',
  foldedDelete: 'DELETE FROM folded_alerts WHERE item = ?',
};

export class DependencyStore extends withStatements(queries) {
  /** Child → parent, as saved. */
  all(): Map<string, string> {
    return new Map((this.sql.all.all() as { item: string; depends_on: string }[]).map((row) => [row.item, row.depends_on]));
  }

  set(item: string, dependsOn: string): void {
    this.sql.set.run(item, dependsOn);
  }

  delete(item: string): void {
    this.sql.delete.run(item);
  }

  folded(): FoldedAlert[] {
    return (this.sql.foldedAll.all() as FoldedRow[]).map((row) => ({ item: row.item, parent: row.parent, toldState: row.told_state, lastAlert: JSON.parse(row.last_alert) as AlertEvent }));
  }

  saveFolded(folded: FoldedAlert): void {
    this.sql.foldedSave.run(folded.item, folded.parent, folded.toldState, JSON.stringify(folded.lastAlert));
  }

  deleteFolded(item: string): void {
    this.sql.foldedDelete.run(item);
  }
}
