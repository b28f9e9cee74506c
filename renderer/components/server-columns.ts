// What every list adds once more than one server is watched: a Server column beside the name (as wide as the
// longest server name, within reason), and a filter by server before the list's own filters. With one server
// neither shows (there is nothing to tell apart).
import { createElement } from 'react';
import { SERVER_FILTER, type ListRow } from '../state/list-rows.ts';
import { fittedColumnWidth } from './column-fit.ts';
import { filterChoice, type FilterChoice } from './filtered-table.tsx';
import type { Column } from './virtual-table.tsx';

/** The header "Server" with its sort arrow; the column is never narrower. */
const serverHeaderWidth = 84;
/** A longer name is cut (with an ellipsis, the whole name its title) rather than squeezing the list's own columns:
 * "This computer" fits, and the monitors list has no more room at 1280 pixels. */
const serverColumnMaxWidth = 128;

/**
 * The list's columns with the Server column second, after the name that says what the row is; `replaces` is a
 * column the table has no room for beside it (the monitors' Updated, at 1280 pixels).
 */
export function withServerColumn<R extends ListRow>(columns: readonly Column<R>[], serverNames: ReadonlyMap<string, string>, replaces?: string): Column<R>[] {
  const width = Math.min(serverColumnMaxWidth, fittedColumnWidth(serverNames.values(), serverHeaderWidth));
  const serverColumn: Column<R> = { id: SERVER_FILTER, header: 'Server', sortable: true, width, cell: (row) => createElement('span', { title: row.serverName }, row.serverName) };
  const [first, ...rest] = columns.filter((column) => column.id !== replaces);
  return first === undefined ? [serverColumn] : [first, serverColumn, ...rest];
}

/** "All servers", then each server by name, in the settings' order. */
export function serverFilter(serverNames: ReadonlyMap<string, string>): FilterChoice {
  return filterChoice(SERVER_FILTER, 'Server', 'All servers', [...serverNames]);
}
