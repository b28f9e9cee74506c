// A list the user changes optimistically: the server's latest list (the base) with the user's changes laid over
// it. A change shows at once as "saving"; it is rolled back with a visible error if the call fails, and once
// confirmed it stays laid over until a list whose fetch began after the confirmation arrives (so a poll that was
// already running cannot undo it on screen).
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { callFailureOf } from '../api/call-error.ts';
import { showError, showInfo } from './notices-store.ts';
import { tracked } from './pending-writes.ts';

export interface Row<T> {
  key: string;
  item: T;
  saving: boolean;
}

type Change<T> = { kind: 'add' | 'update'; key: string; item: T } | { kind: 'remove'; key: string };

interface Entry<T> {
  change: Change<T>;
  /** This window's clock when the server confirmed it; absent while the call runs. */
  confirmedAt?: number;
}

export interface CollectionState<T> {
  base: readonly T[];
  /** When the fetch of the base began; undefined until the first list arrives. */
  baseAt: number | undefined;
  entries: readonly Entry<T>[];
  rows: readonly Row<T>[];
  setBase(items: readonly T[], fetchedAt: number): void;
  /** Forgets the list and every change laid over it (another server was chosen). */
  reset(): void;
  /** Shows `item` at once, then the server's version; rejects (after rolling back) when the call fails. */
  add(item: T, call: () => Promise<T>): Promise<T>;
  update(key: string, item: T, call: () => Promise<T>): Promise<T>;
  remove(key: string, call: () => Promise<unknown>): Promise<void>;
  /** A delete from a row: says `done` once confirmed; a failure has been shown and the row put back already. */
  deleteRow(key: string, call: () => Promise<unknown>, done: string): void;
}

export type Collection<T> = UseBoundStore<StoreApi<CollectionState<T>>>;

export interface CollectionOptions<T> {
  keyOf(item: T): string;
  /** "monitor", for messages: "The monitor was not deleted: …". */
  noun: string;
  now?: () => number;
}

let nextTemporaryKey = 1;

export function createCollection<T>(options: CollectionOptions<T>): Collection<T> {
  const { keyOf, noun } = options;
  const now = options.now ?? Date.now;

  return create<CollectionState<T>>((set, get) => {
    const apply = (entries: readonly Entry<T>[]) => set({ entries, rows: overlay(get().base, entries, keyOf) });
    const without = (entry: Entry<T>) => get().entries.filter((other) => other !== entry);
    const replace = (entry: Entry<T>, next: Entry<T>) => get().entries.map((other) => (other === entry ? next : other));

    async function run<R>(change: Change<T>, call: () => Promise<R>, confirmed: (result: R) => Change<T>, failed: string): Promise<R> {
      const entry: Entry<T> = { change };
      apply([...get().entries, entry]);
      try {
        const result = await tracked(call);
        apply(replace(entry, { change: confirmed(result), confirmedAt: now() }));
        return result;
      } catch (error) {
        apply(without(entry));
        showError(`${failed}: ${callFailureOf(error).message}`);
        throw error;
      }
    }

    return {
      base: [],
      baseAt: undefined,
      entries: [],
      rows: [],
      setBase(items, fetchedAt) {
        // An answer to an older request than the list shown (a slow retry) is not news.
        const { baseAt } = get();
        if (baseAt !== undefined && fetchedAt < baseAt) return;
        const entries = get().entries.filter((entry) => entry.confirmedAt === undefined || entry.confirmedAt > fetchedAt);
        set({ base: items, baseAt: fetchedAt, entries, rows: overlay(items, entries, keyOf) });
      },
      reset() {
        set({ base: [], baseAt: undefined, entries: [], rows: [] });
      },
      add(item, call) {
        const key = `new:${nextTemporaryKey++}`;
        return run({ kind: 'add', key, item }, call, (saved) => ({ kind: 'add', key: keyOf(saved), item: saved }), `The ${noun} was not created`);
      },
      update(key, item, call) {
        return run({ kind: 'update', key, item }, call, (saved) => ({ kind: 'update', key, item: saved }), `The ${noun} was not saved`);
      },
      async remove(key, call) {
        await run({ kind: 'remove', key }, call, () => ({ kind: 'remove', key }), `The ${noun} was not deleted`);
      },
      deleteRow(key, call, done) {
        get()
          .remove(key, call)
          .then(() => showInfo(done))
          .catch(() => undefined);
      },
    };
  });
}

/** The base with the changes applied in order; rows of unconfirmed changes are marked as saving. */
function overlay<T>(base: readonly T[], entries: readonly Entry<T>[], keyOf: (item: T) => string): Row<T>[] {
  const rows: Row<T>[] = base.map((item) => ({ key: keyOf(item), item, saving: false }));
  if (entries.length === 0) return rows;
  const index = new Map(rows.map((row, position) => [row.key, position]));
  const removed = new Set<string>();
  for (const { change, confirmedAt } of entries) {
    const saving = confirmedAt === undefined;
    const position = index.get(change.key);
    if (change.kind === 'remove') {
      removed.add(change.key);
      continue;
    }
    removed.delete(change.key);
    const row = { key: change.key, item: change.item, saving };
    if (position === undefined) {
      index.set(change.key, rows.length);
      rows.push(row);
    } else {
      rows[position] = row;
    }
  }
  return removed.size === 0 ? rows : rows.filter((row) => !removed.has(row.key));
}
