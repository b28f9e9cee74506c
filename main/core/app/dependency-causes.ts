// Why a child is in trouble: the parent it depends on, when that one is down too (pure). Asked of every item of every
// server part built, so cheaply: what depends on what is indexed once per dependencies map, by the ids the items
// already carry (looking an item up by its key, a joined string, would first copy the key whole); the parents are found
// among the items only once a child is in trouble; and each parent's cause is written once for all its children.
import { parseItemKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import type { ItemKind, StatusItemView } from '../../../common/ipc/views.ts';
import { itemId, itemName, type ItemAssessment } from '../health/index.ts';

export type ItemCause = NonNullable<StatusItemView['cause']>;

/** The cause of an item's trouble, when it is its parent's. */
export type CauseOf = (item: ItemAssessment) => ItemCause | undefined;

interface ByIdOrKey<T> {
  /** By kind, then the item's id. */
  byId: Record<ItemKind, Map<string, T>>;
  /** By key, for an item the server sent without an id (`monitor?name=API`). */
  byKey: Map<string, T>;
}

interface DependencyIndex {
  /** Child → its parent's key. */
  parentOf: ByIdOrKey<string>;
  /** The parents, each once. */
  parents: ByIdOrKey<true>;
  /** Whether a parent is a heartbeat or a domain, whose state moves with the clock. */
  parentsMoveWithClock: boolean;
}

const indexes = new WeakMap<ReadonlyMap<string, string>, DependencyIndex>();

function byIdOrKey<T>(): ByIdOrKey<T> {
  return { byId: { monitor: new Map(), heartbeat: new Map(), domain: new Map() }, byKey: new Map() };
}

function put<T>(into: ByIdOrKey<T>, key: string, value: T): void {
  const ref = parseItemKey(key);
  if (ref !== undefined && 'id' in ref) into.byId[ref.kind].set(ref.id, value);
  else into.byKey.set(key, value);
}

function lookUp<T>(from: ByIdOrKey<T>, item: ItemAssessment): T | undefined {
  const id = itemId(item);
  if (id !== undefined) {
    const byId = from.byId[item.kind];
    return byId.size === 0 ? undefined : byId.get(id);
  }
  return from.byKey.size === 0 ? undefined : from.byKey.get(item.key);
}

/** The dependencies indexed, once per map (a session keeps the same map while the settings hold). */
function indexOf(dependencies: ReadonlyMap<string, string>): DependencyIndex {
  let index = indexes.get(dependencies);
  if (index === undefined) {
    index = { parentOf: byIdOrKey(), parents: byIdOrKey(), parentsMoveWithClock: false };
    for (const [child, parent] of dependencies) {
      put(index.parentOf, child, parent);
      put(index.parents, parent, true);
      if (!parent.startsWith('monitor')) index.parentsMoveWithClock = true;
    }
    indexes.set(dependencies, index);
  }
  return index;
}

/** Whether any parent is a heartbeat or a domain, whose state moves with the clock. */
export function parentsMoveWithClock(dependencies: ReadonlyMap<string, string>): boolean {
  return dependencies.size > 0 && indexOf(dependencies).parentsMoveWithClock;
}

/** The causes among one server's items as judged (`assessments`, where the parents are found), on `connectionId`. */
export function causes(dependencies: ReadonlyMap<string, string>, assessments: readonly ItemAssessment[], connectionId: string): CauseOf {
  if (dependencies.size === 0) return () => undefined;
  const index = indexOf(dependencies);
  let parents: Map<string, ItemAssessment> | undefined;
  const findParents = () => {
    const found = new Map<string, ItemAssessment>();
    for (const item of assessments) if (lookUp(index.parents, item) === true) found.set(item.key, item);
    return found;
  };
  const told = new Map<ItemAssessment, ItemCause>();
  return (item) => {
    if (item.health === 'ok') return undefined;
    const parentKey = lookUp(index.parentOf, item);
    if (parentKey === undefined) return undefined;
    parents ??= findParents();
    const parent = parents.get(parentKey);
    if (parent === undefined || parent.health !== 'critical') return undefined;
    let cause = told.get(parent);
    if (cause === undefined) told.set(parent, (cause = { key: serverItemKey(connectionId, parent.key), name: itemName(parent) }));
    return cause;
  };
}
