// The monitors table's rows: each monitor joined with its health and snooze from the status, then searched,
// filtered and sorted (pure).
import { monitorStatusOf, monitorTypeOf, type MonitorStatus } from '../../../common/api/index.ts';
import type { Health, Monitor, StatusItemView } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { matchesWords, searchText, searchWords, sortRows, type SortValue } from '../../state/sorting.ts';
import { epochOf } from '../../format/time.ts';

export interface MonitorRow {
  key: string;
  monitor: Monitor;
  saving: boolean;
  status: MonitorStatus;
  health: Health;
  snoozedUntil: number | 'resumed' | undefined;
  updatedAt: number | undefined;
  search: string;
}

export const monitorListDefaults: ListPreferences = { search: '', filters: { status: 'all', type: 'all' }, sortBy: 'status', direction: 'ascending' };

/** The four types by name; a type a remote server adds is shown as it is. */
export const monitorTypeLabels: Readonly<Record<string, string>> = { http: 'HTTP(S)', tcp: 'TCP', udp: 'UDP', ping: 'Ping' };

export const statusLabels: Record<MonitorStatus, string> = { down: 'Down', up: 'Up', unknown: 'Unknown' };
const statusRank: Record<MonitorStatus, number> = { down: 0, unknown: 1, up: 2 };
const healthOfStatus: Record<MonitorStatus, Health> = { down: 'critical', unknown: 'unknown', up: 'ok' };

export function monitorRows(rows: readonly Row<Monitor>[], items: ReadonlyMap<string, StatusItemView>): MonitorRow[] {
  return rows.map(({ key, item, saving }) => {
    const status = monitorStatusOf(item);
    const statusItem = items.get(key);
    return {
      key,
      monitor: item,
      saving,
      status,
      health: statusItem?.health ?? healthOfStatus[status],
      snoozedUntil: statusItem?.snoozedUntil,
      updatedAt: epochOf(item.updated_at),
      search: searchText([item.name, item.url, item.type]),
    };
  });
}

const sortValues: Record<string, (row: MonitorRow) => SortValue> = {
  name: (row) => row.monitor.name,
  type: (row) => row.monitor.type,
  target: (row) => row.monitor.url,
  frequency: (row) => row.monitor.frequency,
  status: (row) => statusRank[row.status],
  updated: (row) => row.updatedAt,
};

/** The rows in the list's sort order (done once per list or sort change, not per keystroke). */
export function sortMonitorRows(rows: readonly MonitorRow[], sortBy: string, direction: ListPreferences['direction']): MonitorRow[] {
  const valueOf = sortValues[sortBy] ?? sortValues['name'];
  // Ties (every "Up" monitor) read in name order.
  const byName = sortRows(rows, (row) => row.monitor.name, 'ascending');
  return valueOf === undefined ? byName : sortRows(byName, valueOf, direction);
}

/** The sorted rows that match the list's search and filters, in the same order. */
export function filterMonitorRows(sorted: readonly MonitorRow[], search: string, filters: ListPreferences['filters']): MonitorRow[] {
  const words = searchWords(search);
  const status = filters['status'] ?? 'all';
  const type = filters['type'] ?? 'all';
  if (words.length === 0 && status === 'all' && type === 'all') return sorted as MonitorRow[];
  return sorted.filter(
    (row) =>
      (status === 'all' || (status === 'snoozed' ? row.snoozedUntil !== undefined : row.status === status)) &&
      (type === 'all' || monitorTypeOf(row.monitor) === type || (type === 'other' && monitorTypeOf(row.monitor) === 'unknown')) &&
      matchesWords(words, row.search),
  );
}
