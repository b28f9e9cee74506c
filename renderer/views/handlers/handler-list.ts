// The notification handlers table's rows, searched, filtered by type and sorted (pure).
import type { NotificationHandler } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { matchesWords, searchText, searchWords, sortRows, type SortValue } from '../../state/sorting.ts';

export interface HandlerRow {
  key: string;
  handler: NotificationHandler;
  saving: boolean;
  search: string;
}

export const handlerListDefaults: ListPreferences = { search: '', filters: { type: 'all' }, sortBy: 'name', direction: 'ascending' };

export function handlerRows(rows: readonly Row<NotificationHandler>[]): HandlerRow[] {
  return rows.map(({ key, item, saving }) => ({ key, handler: item, saving, search: searchText([item.name, item.type, item.destination]) }));
}

const sortValues: Record<string, (row: HandlerRow) => SortValue> = {
  name: (row) => row.handler.name,
  type: (row) => row.handler.type,
  destination: (row) => row.handler.destination,
};

/** The rows in the list's sort order (done once per list or sort change, not per keystroke). */
export function sortHandlerRows(rows: readonly HandlerRow[], sortBy: string, direction: ListPreferences['direction']): HandlerRow[] {
  const valueOf = sortValues[sortBy];
  const byName = sortRows(rows, (row) => row.handler.name, 'ascending');
  return valueOf === undefined ? byName : sortRows(byName, valueOf, direction);
}

/** The sorted rows that match the list's search and type filter, in the same order. */
export function filterHandlerRows(sorted: readonly HandlerRow[], search: string, filters: ListPreferences['filters']): HandlerRow[] {
  const words = searchWords(search);
  const type = filters['type'] ?? 'all';
  if (words.length === 0 && type === 'all') return sorted as HandlerRow[];
  return sorted.filter((row) => (type === 'all' || row.handler.type === type) && matchesWords(words, row.search));
}
