// The dependencies extension (docs/api-decisions.md §18) as saved: what each item depends on, and the alerts folded
// under a parent that is down. Folded alerts are written the moment they are folded (vigil.sqlite is
// synchronous=FULL), so a restart while a parent is down neither repeats nor loses what is owed when it recovers.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
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

export class DependencyStore {
  readonly #all: StatementSync;
  readonly #set: StatementSync;
  readonly #delete: StatementSync;
  readonly #foldedAll: StatementSync;
  readonly #foldedSave: StatementSync;
  readonly #foldedDelete: StatementSync;

  constructor(db: DatabaseSync) {
    this.#all = db.prepare('SELECT item, depends_on FROM dependencies');
    this.#set = db.prepare('INSERT OR REPLACE INTO dependencies (item, depends_on) VALUES (?, ?)');
    this.#delete = db.prepare('DELETE FROM dependencies WHERE item = ?');
    this.#foldedAll = db.prepare('SELECT item, parent, told_state, last_alert FROM folded_alerts');
    this.#foldedSave = db.prepare('INSERT OR REPLACE INTO folded_alerts (item, parent, told_state, last_alert) VALUES (?, ?, ?, ?)');
    this.#foldedDelete = db.prepare('DELETE FROM folded_alerts WHERE item = ?');
  }

  /** Child → parent, as saved. */
  all(): Map<string, string> {
    return new Map((this.#all.all() as { item: string; depends_on: string }[]).map((row) => [row.item, row.depends_on]));
  }

  set(item: string, dependsOn: string): void {
    this.#set.run(item, dependsOn);
  }

  delete(item: string): void {
    this.#delete.run(item);
  }

  folded(): FoldedAlert[] {
    return (this.#foldedAll.all() as FoldedRow[]).map((row) => ({ item: row.item, parent: row.parent, toldState: row.told_state, lastAlert: JSON.parse(row.last_alert) as AlertEvent }));
  }

  saveFolded(folded: FoldedAlert): void {
    this.#foldedSave.run(folded.item, folded.parent, folded.toldState, JSON.stringify(folded.lastAlert));
  }

  deleteFolded(item: string): void {
    this.#foldedDelete.run(item);
  }
}
