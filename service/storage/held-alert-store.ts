// Alerts a maintenance window holds back, one row per item: what its notification handlers were last told, and
// the latest alert held. Written the moment an alert is held (vigil.sqlite is synchronous=FULL), so a restart
// during maintenance neither repeats nor loses what is owed when the window ends.
import { withStatements } from './statements.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';

export interface HeldAlert {
  /** `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`. */
  item: string;
  toldState: string;
  lastAlert: AlertEvent;
}

const queries = {
  all: 'SELECT item, told_state, last_alert FROM held_alerts',
  save: 'INSERT OR REPLACE INTO held_alerts (item, told_state, last_alert) VALUES (?, ?, ?)',
  delete: 'DELETE FROM held_alerts WHERE item = ?',
};

/** A held alert as stored: the alert itself as JSON. */
type Row = { item: string; told_state: string; last_alert: string };

export class HeldAlertStore extends withStatements(queries) {
  all(): HeldAlert[] {
    return (this.sql.all.all() as Row[]).map((row) => ({ item: row.item, toldState: row.told_state, lastAlert: JSON.parse(row.last_alert) as AlertEvent }));
  }

  save(held: HeldAlert): void {
    this.sql.save.run(held.item, held.toldState, JSON.stringify(held.lastAlert));
  }

  delete(item: string): void {
    this.sql.delete.run(item);
  }
}
