// Values kept by item key (`monitor:42`, or `monitor?name=API` for an item the server sent without an id), looked up
// by what an item already carries: its kind and id. Asked of every item of every poll and status build, so an item's
// key, a joined string that a lookup would first copy whole, is looked up only for an item without an id, and a kind
// with nothing kept (the usual case for two of the three) answers without a lookup.
import { parseItemKey, type ItemKind } from '../../../common/ipc/item-key.ts';
import { itemId, type ItemAssessment } from './assess.ts';

export class ItemKeyIndex<T> {
  readonly #byId: Record<ItemKind, Map<string, T>> = { monitor: new Map(), heartbeat: new Map(), domain: new Map(), source: new Map() };
  readonly #byKey = new Map<string, T>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [key, value] of entries) {
      const ref = parseItemKey(key);
      if (ref !== undefined && 'id' in ref) this.#byId[ref.kind].set(ref.id, value);
      else this.#byKey.set(key, value);
    }
  }

  /** The value of the item of this kind with this id, or, when it has no id, with this key. */
  find(kind: ItemKind, id: string | undefined, key: string | undefined): T | undefined {
    if (id !== undefined) {
      const byId = this.#byId[kind];
      return byId.size === 0 ? undefined : byId.get(id);
    }
    return key === undefined || this.#byKey.size === 0 ? undefined : this.#byKey.get(key);
  }

  /** The value of a judged item. */
  of(item: ItemAssessment): T | undefined {
    const id = itemId(item);
    return this.find(item.kind, id, id === undefined ? item.key : undefined);
  }
}
