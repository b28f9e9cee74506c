// The steps every list takes with its rows once they are joined: into the sort order the user chose, then down to
// the ones the search and filters leave (pure). Each list says only what its columns sort by and what its
// filters match. Every list also sorts and filters by server the same way.
import type { Health, StatusItemView } from '../../common/ipc/views.ts';
import type { ListPreferences, SortDirection } from './list-preferences.ts';
import { matchesWords, searchWords, sortRows, type SortValue } from './sorting.ts';

/** What every list's row has: its item's server item key in the collection, its server, whether a change to it is
 * saving, and the folded text it is searched by (see `searchText`). */
export interface ListRow {
  key: string;
  connectionId: string;
  serverName: string;
  saving: boolean;
  search: string;
}

/** The filter every list has once there is more than one server; its value is a connection id. */
export const SERVER_FILTER = 'server';

/** A collection row's server, named (a server no longer listed keeps its id as a name until its rows go). */
export function serverOf(row: { connectionId: string }, serverNames: ReadonlyMap<string, string>): Pick<ListRow, 'connectionId' | 'serverName'> {
  return { connectionId: row.connectionId, serverName: serverNames.get(row.connectionId) ?? row.connectionId };
}

/** Each sortable column's value for a row, by column id. */
export type SortValues<R> = Readonly<Record<string, (row: R) => SortValue>>;

/** The fields of an item whose values sort as they are (text or a number). */
type SortableField<Item> = { [Key in keyof Item]-?: Exclude<Item[Key], undefined> extends string | number ? Key : never }[keyof Item] & string;

/**
 * Sorts by the item's own fields as they are, each under the field's name as its table spells it (common/api/), so a
 * column sorted by a field cannot name one the table does not have.
 */
export function fieldSorts<R, Item, Field extends SortableField<Item>>(itemOf: (row: R) => Item, fields: readonly Field[]): Record<Field, (row: R) => SortValue> {
  return Object.fromEntries(fields.map((field) => [field, (row: R) => itemOf(row)[field] as SortValue])) as Record<Field, (row: R) => SortValue>;
}

/** Each filter's test for a row and the value chosen in it (never 'all'), by filter id. */
export type RowFilters<R> = Readonly<Record<string, (row: R, value: string) => boolean>>;

/**
 * The rows in the list's sort order (done once per list or sort change, not per keystroke). Ties read in the
 * order of the `name` column; a column the list no longer has (a stale preference) sorts by name.
 */
export function sortByColumn<R extends ListRow>(rows: readonly R[], values: SortValues<R>, name: (row: R) => SortValue, sortBy: string, direction: SortDirection): R[] {
  const valueOf = sortBy === SERVER_FILTER ? (row: R) => row.serverName : values[sortBy];
  const byName = sortRows(rows, name, 'ascending');
  return valueOf === undefined ? byName : sortRows(byName, valueOf, direction);
}

const byServer = (row: ListRow, connectionId: string) => row.connectionId === connectionId;

/** The sorted rows that match the search and every filter not set to 'all' (the server's too), in the same order. */
export function filterRows<R extends ListRow>(sorted: readonly R[], search: string, chosen: ListPreferences['filters'], filters: RowFilters<R>): R[] {
  const words = searchWords(search);
  const tests = Object.entries({ ...filters, [SERVER_FILTER]: byServer }).flatMap(([id, matches]) => {
    const value = chosen[id] ?? 'all';
    return value === 'all' ? [] : [(row: R) => matches(row, value)];
  });
  if (words.length === 0 && tests.length === 0) return sorted as R[];
  return sorted.filter((row) => tests.every((matches) => matches(row)) && matchesWords(words, row.search));
}

/** A filter by the state the core judged, with "Snoozed" as one more choice. */
export function stateOrSnoozed<R extends { snoozedUntil: number | 'resumed' | undefined }>(stateOf: (row: R) => string): (row: R, value: string) => boolean {
  return (row, value) => (value === 'snoozed' ? row.snoozedUntil !== undefined : stateOf(row) === value);
}

/** What a row takes from its status item: the core's health and snooze, maintenance, cause and flapping. */
export interface StatusJudgement extends Pick<StatusItemView, 'maintenance' | 'cause' | 'flapping'> {
  health: Health;
  snoozedUntil: number | 'resumed' | undefined;
}

/** The status item's judgement; a row the status has not covered yet (just created) shows `ownHealth`. */
export function judgementOf(item: StatusItemView | undefined, ownHealth: Health): StatusJudgement {
  return { health: item?.health ?? ownHealth, snoozedUntil: item?.snoozedUntil, maintenance: item?.maintenance, cause: item?.cause, flapping: item?.flapping };
}
