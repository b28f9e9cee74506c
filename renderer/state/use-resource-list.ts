// One list view's state: its collection's rows joined (with the status, where they come from it), sorted and
// filtered as the user last chose, the item the navigation asks to bring into view, and the row whose delete
// waits for confirmation. The joined and sorted rows are kept across the view's mounts (prepared-lists.ts).
import { useMemo, useState } from 'react';
import type { StatusItemView } from '../../common/ipc/views.ts';
import type { Collection, Row } from './collection.ts';
import { useListState, type ListPreferences, type SortDirection } from './list-preferences.ts';
import { SERVER_FILTER, type ListRow } from './list-rows.ts';
import { useNavigation, type ViewId } from './navigation-store.ts';
import { joinedRows, sortContext, sortedRows, useStatusItems } from './prepared-lists.ts';
import { useStatus } from './status-store.ts';

/** A list described once, beside its view (a constant: its joined and sorted rows are remembered under it). `C` is
 * what else the view shows beside its rows and may sort by (the monitors' 24-hour history). */
export interface ResourceListSource<T, R extends ListRow, C = never> {
  collection: Collection<T>;
  /** The view that shows it; its preferences are kept under the same name, which opening an item relies on. */
  view: ViewId;
  defaults: ListPreferences;
  /**
   * `status`: the list comes with every status and is joined with its items. `listing`: it is listed when the
   * view opens (notification handlers), so until that answers the view waits, even over rows added meanwhile.
   */
  from: 'status' | 'listing';
  /** The rows joined with their status items and their servers' names. */
  join(rows: readonly Row<T>[], items: ReadonlyMap<string, StatusItemView>, serverNames: ReadonlyMap<string, string>): R[];
  sort(rows: readonly R[], sortBy: string, direction: SortDirection, context: C | undefined): R[];
  /** The columns whose order comes from the context: only a sort by one of them is redone when it changes. */
  contextSorts?: readonly string[];
  filter(sorted: readonly R[], search: string, filters: ListPreferences['filters']): R[];
  /** The row's item's id; an item the server sent without one cannot be deleted. */
  idOf(row: R): string | undefined;
  /** The call that deletes an item on its server. */
  remove(connectionId: string, id: string): Promise<unknown>;
  /** What to say once a row's item is deleted. */
  deleted(row: R): string;
}

/** What the view's body shows: a wait for the list, the empty list's invitation, or the table. */
type ListPhase = 'waiting' | 'empty' | 'listed';

export interface ResourceList<R extends ListRow> {
  /** More than one server is watched: the list has a Server column and filter. */
  manyServers: boolean;
  /** Every row, joined: what the page's summary counts. */
  rows: readonly R[];
  /** The rows the search and filters leave, in the sort order. */
  visible: readonly R[];
  loaded: boolean;
  phase: ListPhase;
  preferences: ListPreferences;
  change(patch: Partial<ListPreferences>): void;
  defaults: ListPreferences;
  /** The row to scroll to and highlight. */
  focusKey: string | undefined;
  deleting: R | undefined;
  /** Stable across renders, so memoised columns can use it. */
  askToDelete(row: R): void;
  cancelDelete(): void;
  confirmDelete(): void;
}

export function useResourceList<T, R extends ListRow, C = never>(source: ResourceListSource<T, R, C>, context?: C): ResourceList<R> {
  const { collection: useCollection, filter } = source;
  const rows = useCollection((state) => state.rows);
  const loaded = useCollection((state) => state.bases.size > 0);
  const items = useStatusItems(source);
  const serverNames = useStatus((state) => state.serverNames);
  const focusKey = useNavigation((state) => state.focusKey);
  const [preferences, change] = useListState(source.view, source.defaults);
  const [deleting, setDeleting] = useState<R | undefined>();
  const { sortBy, direction } = preferences;
  const sortedBy = sortContext(source, sortBy, context);

  const joined = useMemo(() => joinedRows(source, rows, items, serverNames), [source, rows, items, serverNames]);
  const sorted = useMemo(() => sortedRows(source, joined, sortBy, direction, sortedBy), [source, joined, sortBy, direction, sortedBy]);
  // Sorting happens above, once per list or sort change; a keystroke only filters (10,000 rows in about a
  // millisecond), so the search is followed in the same render rather than deferred.
  const filters = useMemo(() => shownFilters(preferences.filters, serverNames), [preferences.filters, serverNames]);
  const visible = useMemo(() => filter(sorted, preferences.search, filters), [filter, sorted, preferences.search, filters]);

  const waiting = !loaded && (source.from === 'listing' || joined.length === 0);
  return {
    manyServers: serverNames.size > 1,
    rows: joined,
    visible,
    loaded,
    phase: waiting ? 'waiting' : joined.length === 0 ? 'empty' : 'listed',
    preferences,
    change,
    defaults: source.defaults,
    focusKey,
    deleting,
    askToDelete: setDeleting,
    cancelDelete: () => setDeleting(undefined),
    confirmDelete() {
      if (deleting === undefined) return;
      setDeleting(undefined);
      const id = source.idOf(deleting);
      const { connectionId } = deleting;
      if (id !== undefined) useCollection.getState().deleteRow(connectionId, deleting.key, () => source.remove(connectionId, id), source.deleted(deleting));
    },
  };
}

/** The filters as chosen, but a remembered server filter that no control shows (one server left, or the server
 * gone) filters nothing: it would hide rows with no way to see why. */
function shownFilters(chosen: ListPreferences['filters'], serverNames: ReadonlyMap<string, string>): ListPreferences['filters'] {
  const server = chosen[SERVER_FILTER];
  if (server === undefined || server === 'all' || (serverNames.size > 1 && serverNames.has(server))) return chosen;
  return { ...chosen, [SERVER_FILTER]: 'all' };
}
