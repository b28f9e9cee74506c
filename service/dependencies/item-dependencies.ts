// What each item depends on (docs/api-decisions.md §18): kept in memory from the store, checked before it is saved
// (both items exist, no cycle), and followed by the fold (dependency-fold.ts) whenever it changes, so the alerts
// folded under a parent are settled when that parent is no longer the item's.
import { cycleThrough } from '../../common/api/dependencies.ts';
import { notFound, validationFailed } from '../http/api-error.ts';
import type { MaintenanceItems } from '../maintenance/maintenance-items.ts';
import type { DependencyStore } from '../storage/dependency-store.ts';

export interface ItemDependenciesOptions {
  store: DependencyStore;
  items: MaintenanceItems;
  /** A child's parent changed or went (the fold settles what it holds for it). */
  onChanged(): void;
}

export class ItemDependencies {
  readonly #options: ItemDependenciesOptions;
  readonly #parentOf: Map<string, string>;

  constructor(options: ItemDependenciesOptions) {
    this.#options = options;
    this.#parentOf = options.store.all();
  }

  /** Child → parent, in the order they were first set. */
  all(): ReadonlyMap<string, string> {
    return this.#parentOf;
  }

  parentOf(item: string): string | undefined {
    return this.#parentOf.get(item);
  }

  /** `item` now depends on `dependsOn`: both must exist, and the parent must not already depend on the item. */
  set(item: string, dependsOn: string): void {
    const { items, store } = this.#options;
    if (items.nameOf(item) === undefined) throw notFound('Item');
    const refuse = (message: string) => validationFailed([{ field: 'depends_on', message }]);
    if (items.nameOf(dependsOn) === undefined) throw refuse('names no monitor, heartbeat or domain of this service');
    const cycle = cycleThrough((child) => this.#parentOf.get(child), item, dependsOn);
    if (cycle?.length === 1) throw refuse('must name another item: an item cannot depend on itself');
    if (cycle !== undefined) {
      const names = [item, ...cycle].map((key) => `“${items.nameOf(key) ?? key}”`);
      throw refuse(`would close a cycle: ${names.join(' → ')}`);
    }
    if (this.#parentOf.get(item) === dependsOn) return;
    store.set(item, dependsOn);
    this.#parentOf.set(item, dependsOn);
    this.#options.onChanged();
  }

  /** The item depends on nothing any more; 404 when there is no such item. */
  delete(item: string): void {
    if (this.#options.items.nameOf(item) === undefined) throw notFound('Item');
    this.#drop(item);
  }

  /** A deleted item: what it depended on, and what depended on it, go with it. */
  forgetItem(item: string): void {
    this.#drop(item);
    for (const [child, parent] of this.#parentOf) if (parent === item) this.#drop(child);
  }

  #drop(item: string): void {
    if (!this.#parentOf.has(item)) return;
    this.#options.store.delete(item);
    this.#parentOf.delete(item);
    this.#options.onChanged();
  }
}
