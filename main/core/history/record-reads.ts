// Reading Vigil's own record for the history views: an item's state rows, a connection's stretches of watching,
// the events, and every monitor's rows for the list's bars. A record that cannot be read answers nothing, never an
// error: the views then say what they lack.
import type { ItemKind } from '../../../common/ipc/views.ts';
import { gapReasonOf } from './gap-reason.ts';
import type { HistoryDatabase } from './history-database.ts';
import type { RecordedHealth, StateRow, WatchPeriod } from './record-types.ts';

export interface RecordedItem {
  seq: number;
  kind: ItemKind;
  name: string;
}

export interface StoredEvent {
  seq: number;
  connectionId: string;
  at: number;
  itemKey: string | undefined;
  kind: string;
  severity: string;
  title: string;
}

interface StateRecord {
  since: number;
  health: RecordedHealth;
  state: string;
  expires_on: string | null;
  maintenance: number;
}

const stateRowOf = (row: StateRecord): StateRow => ({ since: row.since, health: row.health, state: row.state, expiresOn: row.expires_on ?? undefined, maintenance: row.maintenance === 1 });

export class RecordReads {
  readonly #database: HistoryDatabase;

  constructor(database: HistoryDatabase) {
    this.#database = database;
  }

  /** Sentences about the record itself (moved aside, kept in memory), for the views' notes. */
  get notes(): readonly string[] {
    return this.#database.notes;
  }

  item(connectionId: string, key: string): RecordedItem | undefined {
    return this.#database.use(
      'read an item',
      () => this.#database.statement('SELECT seq, kind, name FROM items WHERE connection_id = ? AND item_key = ?').get(connectionId, key) as RecordedItem | undefined,
      undefined,
    );
  }

  /** The item's rows within [from, to], led by the one in force at `from`; oldest first. */
  stateRows(itemSeq: number, from: number, to: number): StateRow[] {
    return this.#database.use(
      "read an item's states",
      () =>
        (
          this.#database
            .statement(
              `SELECT since, health, state, expires_on, maintenance FROM states WHERE item_seq = ?
               AND since >= coalesce((SELECT max(since) FROM states WHERE item_seq = ? AND since <= ?), 0) AND since <= ?
               ORDER BY since, rowid`,
            )
            .all(itemSeq, itemSeq, from, to) as unknown as StateRecord[]
        ).map(stateRowOf),
      [],
    );
  }

  /** The stretches of watching that reach into [from, to], oldest first. */
  watchPeriods(connectionId: string, from: number, to: number): WatchPeriod[] {
    return this.#database.use(
      'read the stretches of watching',
      () =>
        (
          this.#database.statement('SELECT started, ended, end_reason FROM watches WHERE connection_id = ? AND ended >= ? AND started <= ? ORDER BY started, seq').all(connectionId, from, to) as unknown as {
            started: number;
            ended: number;
            end_reason: string | null;
          }[]
        ).map((row) => ({ start: row.started, end: row.ended, endReason: gapReasonOf(row.end_reason) })),
      [],
    );
  }

  /** Whether Vigil has ever watched this connection (within the record's bounds). */
  hasWatched(connectionId: string): boolean {
    return this.#database.use('read the stretches of watching', () => this.#database.statement('SELECT 1 FROM watches WHERE connection_id = ? LIMIT 1').get(connectionId) !== undefined, false);
  }

  /** Events at or after `since`, newest first: every connection's, or one connection's (and one item's). */
  events(query: { since: number; connectionId?: string | undefined; itemKey?: string | undefined; limit: number }): StoredEvent[] {
    const { since, connectionId, itemKey, limit } = query;
    const where = ['at >= ?', ...(connectionId === undefined ? [] : ['connection_id = ?']), ...(itemKey === undefined ? [] : ['item_key = ?'])].join(' AND ');
    const parameters = [since, ...(connectionId === undefined ? [] : [connectionId]), ...(itemKey === undefined ? [] : [itemKey]), limit];
    return this.#database.use(
      'read events',
      () =>
        (
          this.#database.statement(`SELECT seq, connection_id, at, item_key, kind, severity, title FROM events WHERE ${where} ORDER BY at DESC, seq DESC LIMIT ?`).all(...parameters) as unknown as {
            seq: number;
            connection_id: string;
            at: number;
            item_key: string | null;
            kind: string;
            severity: string;
            title: string;
          }[]
        ).map((row) => ({ seq: row.seq, connectionId: row.connection_id, at: row.at, itemKey: row.item_key ?? undefined, kind: row.kind, severity: row.severity, title: row.title })),
      [],
    );
  }

  /** Every monitor's rows from the one in force at `from` on, by item key (the list's bars). */
  monitorRows(connectionId: string, from: number): Map<string, StateRow[]> {
    return this.#database.use(
      "read the monitors' states",
      () => {
        const rows = this.#database
          .statement(
            `SELECT i.item_key, s.since, s.health, s.state, s.expires_on, s.maintenance FROM items i JOIN states s ON s.item_seq = i.seq
             WHERE i.connection_id = ? AND i.kind = 'monitor'
             AND s.since >= coalesce((SELECT max(since) FROM states WHERE item_seq = i.seq AND since <= ?), 0)
             ORDER BY i.seq, s.since, s.rowid`,
          )
          .all(connectionId, from) as unknown as (StateRecord & { item_key: string })[];
        const byKey = new Map<string, StateRow[]>();
        for (const row of rows) {
          let list = byKey.get(row.item_key);
          if (list === undefined) byKey.set(row.item_key, (list = []));
          list.push(stateRowOf(row));
        }
        return byKey;
      },
      new Map(),
    );
  }
}
