// A list the user changes optimistically, over every server at once: each server's latest list (its base) with
// the user's changes laid over it. Rows are keyed by server item key (`work/monitor:42`), so two servers holding
// the same id never collide. A change shows at once as "saving"; it is rolled back with a visible error if the
// call fails, and once confirmed it stays laid over until a list of *its* server whose fetch began after the
// confirmation arrives (so a poll that was already running cannot undo it on screen). Servers poll apart, so
// each base has its own time.
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { serverItemKey } from '../../common/ipc/item-key.ts';
import { callFailureOf } from '../api/call-error.ts';
import { showError, showInfo } from './notices-store.ts';
import { tracked } from './pending-writes.ts';

export interface Row<T> {
  /** The server item key; a temporary one while a new item is being created. */
  key: string;
  connectionId: string;
  item: T;
  saving: boolean;
}

type Change<T> = { kind: 'add' | 'update'; key: string; item: T } | { kind: 'remove'; key: string };

interface Entry<T> {
  connectionId: string;
  change: Change<T>;
  /** This window's clock when the server confirmed it; absent while the call runs. */
  confirmedAt?: number;
}

/** One server's latest list, as rows made once (a poll of another server does not remake them). */
export interface ServerBase<T> {
  /** When the fetch of the list began. */
  at: number;
  rows: readonly Row<T>[];
}

export interface CollectionState<T> {
  /** By connection id, in the order the servers are listed. */
  bases: ReadonlyMap<string, ServerBase<T>>;
  entries: readonly Entry<T>[];
  rows: readonly Row<T>[];
  setBase(connectionId: string, items: readonly T[], fetchedAt: number): void;
  /** Forgets the servers not named (disabled or removed) with every change laid over their lists, and lists the rest in this order. */
  keepServers(connectionIds: readonly string[]): void;
  /** Forgets every list and every change laid over them. */
  reset(): void;
  /** Shows `item` at once, then the server's version; rejects (after rolling back) when the call fails. */
  add(connectionId: string, item: T, call: () => Promise<T>): Promise<T>;
  update(connectionId: string, key: string, item: T, call: () => Promise<T>): Promise<T>;
  remove(connectionId: string, key: string, call: () => Promise<unknown>): Promise<void>;
  /** A delete from a row: says `done` once confirmed; a failure has been shown and the row put back already. */
  deleteRow(connectionId: string, key: string, call: () => Promise<unknown>, done: string): void;
}

export type Collection<T> = UseBoundStore<StoreApi<CollectionState<T>>>;

export interface CollectionOptions<T> {
  /** The item's key within its server (`monitor:42`). */
  keyOf(item: T): string;
  /** "monitor", for messages: "The monitor was not deleted: …". */
  noun: string;
  now?: () => number;
}

let nextTemporaryKey = 1;

export function createCollection<T>(options: CollectionOptions<T>): Collection<T> {
  const { keyOf, noun } = options;
  const now = options.now ?? Date.now;
  const rowsOf = (connectionId: string, items: readonly T[]): Row<T>[] =>
    items.map((item) => ({ key: serverItemKey(connectionId, keyOf(item)), connectionId, item, saving: false }));

  return create<CollectionState<T>>((set, get) => {
    const show = (bases: ReadonlyMap<string, ServerBase<T>>, entries: readonly Entry<T>[]) => set({ bases, entries, rows: overlay(bases, entries) });
    const apply = (entries: readonly Entry<T>[]) => show(get().bases, entries);
    const without = (entry: Entry<T>) => get().entries.filter((other) => other !== entry);
    const replace = (entry: Entry<T>, next: Entry<T>) => get().entries.map((other) => (other === entry ? next : other));

    async function run<R>(connectionId: string, change: Change<T>, call: () => Promise<R>, confirmed: (result: R) => Change<T>, failed: string): Promise<R> {
      const entry: Entry<T> = { connectionId, change };
      apply([...get().entries, entry]);
      try {
        const result = await tracked(call);
        apply(replace(entry, { connectionId, change: confirmed(result), confirmedAt: now() }));
        return result;
      } catch (error) {
        apply(without(entry));
        showError(`${failed}: ${callFailureOf(error).message}`);
        throw error;
      }
    }

    return {
      bases: new Map(),
      entries: [],
      rows: [],
      setBase(connectionId, items, fetchedAt) {
        // An answer to an older request than the list shown (a slow retry) is not news.
        const shown = get().bases.get(connectionId);
        if (shown !== undefined && fetchedAt < shown.at) return;
        const bases = new Map(get().bases).set(connectionId, { at: fetchedAt, rows: rowsOf(connectionId, items) });
        const entries = get().entries.filter((entry) => entry.connectionId !== connectionId || entry.confirmedAt === undefined || entry.confirmedAt > fetchedAt);
        show(bases, entries);
      },
      keepServers(connectionIds) {
        const { bases, entries } = get();
        const kept = new Map<string, ServerBase<T>>();
        for (const id of connectionIds) {
          const base = bases.get(id);
          if (base !== undefined) kept.set(id, base);
        }
        const sameOrder = kept.size === bases.size && [...kept.keys()].every((id, index) => [...bases.keys()][index] === id);
        const keptEntries = entries.filter((entry) => connectionIds.includes(entry.connectionId));
        if (sameOrder && keptEntries.length === entries.length) return;
        show(kept, keptEntries);
      },
      reset() {
        set({ bases: new Map(), entries: [], rows: [] });
      },
      add(connectionId, item, call) {
        const key = `new:${nextTemporaryKey++}`;
        const saved = (result: T): Change<T> => ({ kind: 'add', key: serverItemKey(connectionId, keyOf(result)), item: result });
        return run(connectionId, { kind: 'add', key, item }, call, saved, `The ${noun} was not created`);
      },
      update(connectionId, key, item, call) {
        return run(connectionId, { kind: 'update', key, item }, call, (saved) => ({ kind: 'update', key, item: saved }), `The ${noun} was not saved`);
      },
      async remove(connectionId, key, call) {
        await run(connectionId, { kind: 'remove', key }, call, () => ({ kind: 'remove', key }), `The ${noun} was not deleted`);
      },
      deleteRow(connectionId, key, call, done) {
        get()
          .remove(connectionId, key, call)
          .then(() => showInfo(done))
          .catch(() => undefined);
      },
    };
  });
}

/** Every server's base, in order, with the changes applied in order; rows of unconfirmed changes are marked as saving. */
function overlay<T>(bases: ReadonlyMap<string, ServerBase<T>>, entries: readonly Entry<T>[]): Row<T>[] {
  const rows: Row<T>[] = [...bases.values()].flatMap((base) => base.rows);
  if (entries.length === 0) return rows;
  const index = new Map(rows.map((row, position) => [row.key, position]));
  const removed = new Set<string>();
  for (const { connectionId, change, confirmedAt } of entries) {
    const saving = confirmedAt === undefined;
    const position = index.get(change.key);
    if (change.kind === 'remove') {
      removed.add(change.key);
      continue;
    }
    removed.delete(change.key);
    const row = { key: change.key, connectionId, item: change.item, saving };
    if (position === undefined) {
      index.set(change.key, rows.length);
      rows.push(row);
    } else {
      rows[position] = row;
    }
  }
  return removed.size === 0 ? rows : rows.filter((row) => !removed.has(row.key));
}
