// Writing Vigil's own record: one transaction per poll (the stretch of watching moved on, new items, changed
// states with the item's name then, the alert policy's changes), a stretch's end with its reason, a connection forgotten, the bounds kept.
import type { ItemKind } from '../../../common/ipc/views.ts';
import { transaction } from '../../../common/sqlite-transaction.ts';
import type { GapReason } from './gap-reason.ts';
import { HISTORY_BOUNDS } from './history-bounds.ts';
import type { HistoryDatabase } from './history-database.ts';
import type { RecordedHealth } from './record-types.ts';

/** An item's latest recorded state, as the recorder keeps it in memory between polls. */
export interface LatestState {
  seq: number;
  key: string;
  kind: ItemKind;
  name: string;
  since: number;
  health: RecordedHealth;
  state: string;
  expiresOn: string | undefined;
  maintenance: boolean;
}

/** A change of one item's state in a poll, with its name then (undefined: kept); `seq` is undefined for an item new
 * to the record. */
export interface ItemWrite {
  seq: number | undefined;
  key: string;
  kind: ItemKind;
  name: string | undefined;
  health: RecordedHealth;
  state: string;
  expiresOn: string | undefined;
  maintenance: boolean;
}

export interface RecordedEvent {
  at: number;
  itemKey: string | undefined;
  kind: string;
  severity: string;
  title: string;
}

export interface LastWatch {
  seq: number;
  start: number;
  end: number;
}

export class RecordWrites {
  readonly #database: HistoryDatabase;
  #prunedAt: number | undefined;

  constructor(database: HistoryDatabase) {
    this.#database = database;
  }

  /** Changes when the record had to start afresh in a new file (history-database.ts). */
  get generation(): number {
    return this.#database.generation;
  }

  /** Each item's latest state on this connection (gone items included), to carry on from after a restart. */
  latestStates(connectionId: string): LatestState[] {
    return this.#database.use(
      'read the latest states',
      () =>
        (
          this.#database
            .statement(
              `SELECT i.seq, i.item_key, i.kind, i.name, s.since, s.health, s.state, s.expires_on, s.maintenance FROM items i
               JOIN states s ON s.rowid = (SELECT rowid FROM states WHERE item_seq = i.seq ORDER BY since DESC, rowid DESC LIMIT 1)
               WHERE i.connection_id = ?`,
            )
            .all(connectionId) as unknown as LatestRow[]
        ).map(latestOf),
      [],
    );
  }

  lastWatch(connectionId: string): LastWatch | undefined {
    return this.#database.use(
      'read the latest stretch of watching',
      () => {
        const row = this.#database.statement('SELECT seq, started, ended FROM watches WHERE connection_id = ? ORDER BY started DESC, seq DESC LIMIT 1').get(connectionId) as
          | { seq: number; started: number; ended: number }
          | undefined;
        return row === undefined ? undefined : { seq: row.seq, start: row.started, end: row.ended };
      },
      undefined,
    );
  }

  /**
   * One poll's writes, together: the stretch of watching `watchSeq` moved on to `at` (or a new one begun when it is
   * undefined), the items' changes, the events. Answers the stretch and each new item's seq, or undefined when
   * nothing could be written (the caller tries again next poll).
   */
  writePoll(connectionId: string, at: number, watchSeq: number | undefined, items: readonly ItemWrite[], events: readonly RecordedEvent[]): { watchSeq: number; seqs: Map<string, number> } | undefined {
    const database = this.#database;
    return database.use(
      'save a poll',
      (db) =>
        transaction(db, () => {
          let seq = watchSeq;
          if (seq === undefined) seq = Number(database.statement('INSERT INTO watches (connection_id, started, ended) VALUES (?, ?, ?)').run(connectionId, at, at).lastInsertRowid);
          else database.statement('UPDATE watches SET ended = ? WHERE seq = ?').run(at, seq);
          const seqs = new Map<string, number>();
          for (const item of items) {
            let itemSeq = item.seq;
            if (itemSeq === undefined) {
              itemSeq = Number(
                database
                  .statement('INSERT INTO items (connection_id, item_key, kind, name) VALUES (?, ?, ?, ?) ON CONFLICT (connection_id, item_key) DO UPDATE SET name = excluded.name RETURNING seq')
                  .get(connectionId, item.key, item.kind, item.name ?? item.key)?.seq,
              );
              seqs.set(item.key, itemSeq);
            } else if (item.name !== undefined) {
              database.statement('UPDATE items SET name = ? WHERE seq = ?').run(item.name, itemSeq);
            }
            database
              .statement('INSERT INTO states (item_seq, since, health, state, expires_on, maintenance) VALUES (?, ?, ?, ?, ?, ?)')
              .run(itemSeq, at, item.health, item.state, item.expiresOn ?? null, item.maintenance ? 1 : 0);
          }
          this.#insertEvents(connectionId, events);
          return { watchSeq: seq, seqs };
        }),
      undefined,
    );
  }

  /** Events of a poll that brought no snapshot (the server could not be reached, say). */
  writeEvents(connectionId: string, events: readonly RecordedEvent[]): void {
    if (events.length === 0) return;
    const database = this.#database;
    database.use('save events', (db) => transaction(db, () => this.#insertEvents(connectionId, events)), undefined);
  }

  endWatch(watchSeq: number, reason: GapReason): void {
    this.#database.use('save the end of a stretch of watching', () => this.#database.statement('UPDATE watches SET end_reason = ? WHERE seq = ?').run(reason, watchSeq), undefined);
  }

  /** A removed connection leaves nothing behind. */
  forget(connectionId: string): void {
    const database = this.#database;
    database.use(
      "forget a connection's record",
      (db) =>
        transaction(db, () => {
          for (const table of ['items', 'watches', 'events']) database.statement(`DELETE FROM ${table} WHERE connection_id = ?`).run(connectionId);
        }),
      undefined,
    );
  }

  /**
   * Prunes the record (`prune`) on the first poll of any server after `pruneEveryMs` has passed: the record is one
   * file for every server, so ten servers prune it once an hour, not ten times.
   */
  pruneWhenDue(now: number): void {
    if (this.#prunedAt !== undefined && now - this.#prunedAt < HISTORY_BOUNDS.pruneEveryMs) return;
    this.#prunedAt = now;
    this.prune(now);
  }

  /** Keeps the bounds of history-bounds.ts: what is older than the retention goes, then the oldest beyond each cap. */
  prune(now: number): void {
    const database = this.#database;
    const cutoff = now - HISTORY_BOUNDS.retentionDays * 86_400_000;
    database.use(
      'prune',
      (db) =>
        transaction(db, () => {
          database.statement('DELETE FROM watches WHERE ended < ?').run(cutoff);
          database.statement('DELETE FROM events WHERE at < ?').run(cutoff);
          // An item's last state before the cutoff is its state at the cutoff: it stays.
          database.statement(`DELETE FROM states WHERE since < ? AND rowid NOT IN (SELECT rowid FROM (${latestPerItem} WHERE since < ? GROUP BY item_seq))`).run(cutoff, cutoff);
          database.statement(`DELETE FROM items WHERE seq IN (SELECT item_seq FROM (${latestPerItem} GROUP BY item_seq) WHERE health = 'gone' AND since < ?)`).run(cutoff);
          overCap(database, 'watches', 'started', HISTORY_BOUNDS.maxWatchPeriods, '');
          overCap(database, 'events', 'at', HISTORY_BOUNDS.maxEvents, '');
          overCap(database, 'states', 'since', HISTORY_BOUNDS.maxStateRows, `AND rowid NOT IN (SELECT rowid FROM (${latestPerItem} GROUP BY item_seq))`);
        }),
      undefined,
    );
  }

  #insertEvents(connectionId: string, events: readonly RecordedEvent[]): void {
    const insert = this.#database.statement('INSERT INTO events (connection_id, at, item_key, kind, severity, title) VALUES (?, ?, ?, ?, ?, ?)');
    for (const event of events) insert.run(connectionId, event.at, event.itemKey ?? null, event.kind, event.severity, event.title);
  }
}

/** Each item's latest state (SQLite gives the bare columns of the row holding max(since)). */
const latestPerItem = 'SELECT rowid, item_seq, health, max(since) AS since FROM states';

/** Deletes the oldest rows by `time` beyond `cap` (rows matching `keep` excepted). */
function overCap(database: HistoryDatabase, table: string, time: string, cap: number, keep: string): void {
  const { count } = database.statement(`SELECT count(*) AS count FROM ${table}`).get() as { count: number };
  if (count <= cap) return;
  database.statement(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE 1 ${keep} ORDER BY ${time}, rowid LIMIT ?)`).run(count - cap);
}

interface LatestRow {
  seq: number;
  item_key: string;
  kind: ItemKind;
  name: string;
  since: number;
  health: RecordedHealth;
  state: string;
  expires_on: string | null;
  maintenance: number;
}

function latestOf(row: LatestRow): LatestState {
  return { seq: row.seq, key: row.item_key, kind: row.kind, name: row.name, since: row.since, health: row.health, state: row.state, expiresOn: row.expires_on ?? undefined, maintenance: row.maintenance === 1 };
}
