// The monitors table's rows: each monitor joined with its health and snooze from the status, then searched,
// filtered and sorted (pure).
import { domainNameForPeople, monitorStatusOf, monitorTypeOf, type MonitorStatus } from '../../../common/api/index.ts';
import type { ListHistoryView } from '../../../common/ipc/history.ts';
import type { Health, Monitor, StatusItemView } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { fieldSorts, filterRows, judgementOf, serverOf, sortByColumn, stateOrSnoozed, type ListRow, type RowFilters, type SortValues, type StatusJudgement } from '../../state/list-rows.ts';
import { searchText } from '../../state/sorting.ts';
import { epochOf } from '../../format/time.ts';

export interface MonitorRow extends ListRow, StatusJudgement {
  monitor: Monitor;
  status: MonitorStatus;
  updatedAt: number | undefined;
}

export const monitorListDefaults: ListPreferences = { search: '', filters: { status: 'all', type: 'all' }, sortBy: 'status', direction: 'ascending' };

/** The known types by name; a type a remote server adds is shown as it is. */
export const monitorTypeLabels: Readonly<Record<string, string>> = { http: 'HTTP(S)', tcp: 'TCP', udp: 'UDP', ping: 'Ping', dns: 'DNS' };

/** A target as people read it: its host's labels in their own script (`bücher.de`, not the `xn--bcher-kva.de`
 * checked and sent), whether it is an address, a host:port or a host. */
export function targetForPeople(url: string): string {
  return url.replace(/^(https?:\/\/)?([^/:?#\s]+)/i, (_, scheme: string | undefined, host: string) => `${scheme ?? ''}${domainNameForPeople(host)}`);
}

/** A target as the list shows it under the name: an http(s) address without its scheme, so it starts with the host. */
export function shownTarget(url: string): string {
  return targetForPeople(url).replace(/^https?:\/\//i, '');
}

/** The list's Type: an http monitor's says its scheme ("HTTPS", "HTTP"), which its target (`shownTarget`) leaves out. */
export function listTypeLabel(type: string | undefined, url: string | undefined): string {
  if (type === undefined) return '—';
  if (type === 'http') return /^https:/i.test(url ?? '') ? 'HTTPS' : 'HTTP';
  return monitorTypeLabels[type] ?? type;
}

export const statusLabels: Record<MonitorStatus, string> = { down: 'Down', up: 'Up', unknown: 'Unknown' };
const statusRank: Record<MonitorStatus, number> = { down: 0, unknown: 1, up: 2 };
const healthOfStatus: Record<MonitorStatus, Health> = { down: 'critical', unknown: 'unknown', up: 'ok' };

export function monitorRows(rows: readonly Row<Monitor>[], items: ReadonlyMap<string, StatusItemView>, serverNames: ReadonlyMap<string, string>): MonitorRow[] {
  return rows.map((row) => {
    const { key, item, saving } = row;
    const status = monitorStatusOf(item);
    return {
      key,
      ...serverOf(row, serverNames),
      monitor: item,
      saving,
      status,
      ...judgementOf(items.get(key), healthOfStatus[status]),
      updatedAt: epochOf(item.updated_at),
      search: searchText([item.name, item.url, item.url === undefined ? undefined : targetForPeople(item.url), item.type, item.last_error]),
    };
  });
}

const sortValues: SortValues<MonitorRow> = {
  ...fieldSorts((row: MonitorRow) => row.monitor, ['name']),
  // As the cells read: HTTP and HTTPS apart.
  type: (row) => listTypeLabel(row.monitor.type, row.monitor.url),
  status: (row) => statusRank[row.status],
  updated: (row) => row.updatedAt,
};

const filters: RowFilters<MonitorRow> = {
  status: stateOrSnoozed((row) => row.status),
  type: (row, type) => monitorTypeOf(row.monitor) === type || (type === 'other' && monitorTypeOf(row.monitor) === 'unknown'),
};

/** The columns sorted by the 24-hour history rather than the monitor. */
export const historySorts = ['uptime'] as const;

/** The rows in the list's sort order; ties (every "Up" monitor) read in name order. Uptime, worst first, comes
 * from the 24-hour history; a monitor without a figure goes last. */
export function sortMonitorRows(rows: readonly MonitorRow[], sortBy: string, direction: ListPreferences['direction'], history?: ListHistoryView): MonitorRow[] {
  const values: SortValues<MonitorRow> = sortBy === 'uptime' ? { uptime: (row) => history?.items[row.key]?.uptime } : sortValues;
  return sortByColumn(rows, values, (row) => row.monitor.name, sortBy, direction);
}

/** The sorted rows that match the list's search and its status and type filters, in the same order. */
export function filterMonitorRows(sorted: readonly MonitorRow[], search: string, chosen: ListPreferences['filters']): MonitorRow[] {
  return filterRows(sorted, search, chosen, filters);
}
