// The recorder's memory of each item's latest state. Looked up for every item of every poll, so cheaply: a server
// lists its items in the same order poll after poll, so the entry at the item's place in the last poll is tried
// first (a string comparison); only an item that moved is looked up by id (a hash of a fresh string, which at
// 12,000 items would be most of a poll's recording), and one without an id by its key.
import { parseItemKey } from '../../../common/ipc/item-key.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import { itemId, type ItemAssessment } from '../health/index.ts';

export interface Keyed {
  key: string;
  kind: ItemKind;
  /** The server's id, when the item has one. */
  id: string | undefined;
}

/** The id in an item key (`monitor:<id>`), for entries read back from the record. */
export function idInKey(key: string): string | undefined {
  const ref = parseItemKey(key);
  return ref !== undefined && 'id' in ref ? ref.id : undefined;
}

export class TrackedItems<T extends Keyed> {
  readonly #byKey = new Map<string, T>();
  readonly #byId: Record<ItemKind, Map<string, T>> = { monitor: new Map(), heartbeat: new Map(), domain: new Map(), source: new Map() };
  /** The entry found for each place of the last poll's list. */
  readonly #places: (T | undefined)[] = [];

  /** The entry of an item with an id at `place` in this poll's list. */
  atPlace(kind: ItemKind, id: string, place: number): T | undefined {
    const guess = this.#places[place];
    if (guess !== undefined && guess.id === id && guess.kind === kind) return guess;
    const found = this.#byId[kind].get(id);
    this.#places[place] = found;
    return found;
  }

  /** The entry of an item wherever it is. */
  find(item: ItemAssessment): T | undefined {
    const id = itemId(item);
    return id === undefined ? this.#byKey.get(item.key) : this.#byId[item.kind].get(id);
  }

  byKey(key: string): T | undefined {
    return this.#byKey.get(key);
  }

  set(entry: T): void {
    this.#byKey.set(entry.key, entry);
    if (entry.id !== undefined) this.#byId[entry.kind].set(entry.id, entry);
  }

  /** The list is this long now: places beyond it are forgotten. */
  places(count: number): void {
    if (this.#places.length > count) this.#places.length = count;
  }

  values(): IterableIterator<T> {
    return this.#byKey.values();
  }
}
