// What every list adds once more than one server is watched: a Server column beside the name, and a filter by
// server before the list's own filters. With one server neither shows (there is nothing to tell apart).
import { SERVER_FILTER, type ListRow } from '../state/list-rows.ts';
import { filterChoice, type FilterChoice } from './filtered-table.tsx';
import type { Column } from './virtual-table.tsx';

const serverColumn: Column<ListRow> = { id: SERVER_FILTER, header: 'Server', sortable: true, width: { min: 110, grow: 0.8 }, cell: (row) => row.serverName };

/** The list's columns with the Server column second, after the name that says what the row is. */
export function withServerColumn<R extends ListRow>(columns: readonly Column<R>[]): Column<R>[] {
  const [first, ...rest] = columns;
  return first === undefined ? [serverColumn] : [first, serverColumn, ...rest];
}

/** "All servers", then each server by name, in the settings' order. */
export function serverFilter(serverNames: ReadonlyMap<string, string>): FilterChoice {
  return filterChoice(SERVER_FILTER, 'Server', 'All servers', [...serverNames]);
}
