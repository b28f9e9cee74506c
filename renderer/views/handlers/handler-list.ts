// The notification handlers table's rows, searched, filtered by type and sorted (pure). Handlers belong to their
// server (it delivers its own items' alerts), so each server's are shown together, under it.
import type { NotificationHandler } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { fieldSorts, filterRows, SERVER_FILTER, serverOf, sortByColumn, type ListRow, type RowFilters, type SortValues } from '../../state/list-rows.ts';
import { searchText } from '../../state/sorting.ts';

export interface HandlerRow extends ListRow {
  handler: NotificationHandler;
}

export const handlerListDefaults: ListPreferences = { search: '', filters: { type: 'all' }, sortBy: 'name', direction: 'ascending' };

export function handlerRows(rows: readonly Row<NotificationHandler>[], serverNames: ReadonlyMap<string, string>): HandlerRow[] {
  return rows.map((row) => ({ key: row.key, ...serverOf(row, serverNames), handler: row.item, saving: row.saving, search: searchText([row.item.name, row.item.type, row.item.destination]) }));
}

const sortValues: SortValues<HandlerRow> = fieldSorts((row: HandlerRow) => row.handler, ['name', 'type', 'destination']);

const filters: RowFilters<HandlerRow> = { type: (row, type) => row.handler.type === type };

/**
 * The rows in the list's sort order, ties in name order, each server's together in the servers' order (the order
 * the rows come in); sorted by server, in the servers' names' order.
 */
export function sortHandlerRows(rows: readonly HandlerRow[], sortBy: string, direction: ListPreferences['direction']): HandlerRow[] {
  const sorted = sortByColumn(rows, sortValues, (row) => row.handler.name, sortBy, direction);
  const serverOrder = new Map<string, number>();
  for (const row of rows) if (!serverOrder.has(row.connectionId)) serverOrder.set(row.connectionId, serverOrder.size);
  if (sortBy === SERVER_FILTER || serverOrder.size < 2) return sorted;
  // A stable sort: within each server, the order chosen stays.
  return sorted.sort((a, b) => (serverOrder.get(a.connectionId) ?? 0) - (serverOrder.get(b.connectionId) ?? 0));
}

/** The sorted rows that match the list's search and type filter, in the same order. */
export function filterHandlerRows(sorted: readonly HandlerRow[], search: string, chosen: ListPreferences['filters']): HandlerRow[] {
  return filterRows(sorted, search, chosen, filters);
}
