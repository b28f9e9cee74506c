// Each list's joined and sorted rows, remembered per list across its view's mounts, and prepared while the window
// is idle: opening a view of 10,000 rows then only renders the rows in view, instead of joining and sorting them
// all first. Each step is redone only when what it is made from changes.
import type { StatusItemView } from '../../common/ipc/views.ts';
import type { Row } from './collection.ts';
import { listPreferencesOf, useListPreferences, type SortDirection } from './list-preferences.ts';
import type { ListRow } from './list-rows.ts';
import { useStatus } from './status-store.ts';
import type { ResourceListSource } from './use-resource-list.ts';

interface Joined {
  rows: readonly unknown[];
  items: ReadonlyMap<string, StatusItemView>;
  serverNames: ReadonlyMap<string, string>;
  joined: unknown[];
}

interface Sorted {
  joined: readonly unknown[];
  sortBy: string;
  direction: SortDirection;
  context: unknown;
  sorted: unknown[];
}

const joins = new WeakMap<object, Joined>();
const sorts = new WeakMap<object, Sorted>();
const noItems: ReadonlyMap<string, StatusItemView> = new Map();

/** The status items a list joins (a listed list has none, so a new status need not join it again). */
export function useStatusItems(source: { from: 'status' | 'listing' }): ReadonlyMap<string, StatusItemView> {
  return useStatus((state) => (source.from === 'status' ? state.itemsByKey : noItems));
}

export function joinedRows<T, R extends ListRow, C>(
  source: ResourceListSource<T, R, C>,
  rows: readonly Row<T>[],
  items: ReadonlyMap<string, StatusItemView>,
  serverNames: ReadonlyMap<string, string>,
): R[] {
  const last = joins.get(source);
  if (last !== undefined && last.rows === rows && last.items === items && last.serverNames === serverNames) return last.joined as R[];
  const joined = source.join(rows, items, serverNames);
  joins.set(source, { rows, items, serverNames, joined });
  return joined;
}

/** The context a sort depends on: only a sort by one of the list's context columns does. */
export function sortContext<C>(source: { contextSorts?: readonly string[] }, sortBy: string, context: C | undefined): C | undefined {
  return source.contextSorts?.includes(sortBy) === true ? context : undefined;
}

export function sortedRows<T, R extends ListRow, C>(source: ResourceListSource<T, R, C>, joined: readonly R[], sortBy: string, direction: SortDirection, context: C | undefined): R[] {
  const last = sorts.get(source);
  if (last !== undefined && last.joined === joined && last.sortBy === sortBy && last.direction === direction && last.context === context) return last.sorted as R[];
  const sorted = source.sort(joined, sortBy, direction, context);
  sorts.set(source, { joined, sortBy, direction, context, sorted });
  return sorted;
}

/** Joins and sorts a list as its view would now, so the view finds the rows ready. */
export function prepareList<T, R extends ListRow, C>(source: ResourceListSource<T, R, C>, context?: C): void {
  const rows = source.collection.getState().rows;
  const items = source.from === 'status' ? useStatus.getState().itemsByKey : noItems;
  const { sortBy, direction } = listPreferencesOf(useListPreferences.getState().lists[source.view], source.defaults);
  sortedRows(source, joinedRows(source, rows, items, useStatus.getState().serverNames), sortBy, direction, sortContext(source, sortBy, context));
}

type Subscribable = { subscribe(listener: () => void): () => void };

/** Runs `prepare` when the window is next idle after any of `stores` changed; returns the stop function. */
export function prepareWhenIdle(prepare: () => void, stores: readonly Subscribable[]): () => void {
  let pending: number | undefined;
  const idle = typeof requestIdleCallback === 'function' ? (run: () => void) => requestIdleCallback(run, { timeout: 5000 }) : (run: () => void) => window.setTimeout(run, 200);
  const cancel = typeof cancelIdleCallback === 'function' ? cancelIdleCallback : window.clearTimeout;
  const schedule = () => {
    if (pending !== undefined) return;
    pending = idle(() => {
      pending = undefined;
      prepare();
    });
  };
  const stops = stores.map((store) => store.subscribe(schedule));
  schedule();
  return () => {
    for (const stop of stops) stop();
    if (pending !== undefined) cancel(pending);
  };
}
