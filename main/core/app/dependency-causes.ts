// Why a child is in trouble: the parent it depends on, when that one is down too (pure). Asked of every item of every
// server part built, so cheaply: what depends on what is indexed once per dependencies map, by the ids the items
// already carry (item-key-index.ts); the parents are found among the items only once a child is in trouble; and each
// parent's cause is written once for all its children.
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { StatusItemView } from '../../../common/ipc/views.ts';
import { ItemKeyIndex, itemName, type ItemAssessment } from '../health/index.ts';

export type ItemCause = NonNullable<StatusItemView['cause']>;

/** The cause of an item's trouble, when it is its parent's. */
export type CauseOf = (item: ItemAssessment) => ItemCause | undefined;

interface DependencyIndex {
  /** Child → its parent's key. */
  parentOf: ItemKeyIndex<string>;
  /** The parents, each once. */
  parents: ItemKeyIndex<true>;
  /** Whether a parent is a heartbeat or a domain, whose state moves with the clock. */
  parentsMoveWithClock: boolean;
}

const indexes = new WeakMap<ReadonlyMap<string, string>, DependencyIndex>();

/** The dependencies indexed, once per map (a session keeps the same map while the settings hold). */
function indexOf(dependencies: ReadonlyMap<string, string>): DependencyIndex {
  let index = indexes.get(dependencies);
  if (index === undefined) {
    index = {
      parentOf: new ItemKeyIndex(dependencies),
      parents: new ItemKeyIndex([...dependencies.values()].map((parent) => [parent, true] as const)),
      parentsMoveWithClock: [...dependencies.values()].some((parent) => !parent.startsWith('monitor')),
    };
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
    for (const item of assessments) if (index.parents.of(item) === true) found.set(item.key, item);
    return found;
  };
  const told = new Map<ItemAssessment, ItemCause>();
  return (item) => {
    if (item.health === 'ok') return undefined;
    const parentKey = index.parentOf.of(item);
    if (parentKey === undefined) return undefined;
    parents ??= findParents();
    const parent = parents.get(parentKey);
    if (parent === undefined || parent.health !== 'critical') return undefined;
    let cause = told.get(parent);
    if (cause === undefined) told.set(parent, (cause = { key: serverItemKey(connectionId, parent.key), name: itemName(parent) }));
    return cause;
  };
}
