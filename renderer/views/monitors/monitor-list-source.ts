// The monitors list as its view shows it (rows from the status, joined, sorted, filtered, deleted through the
// contract), and its preparation while the window is idle, so the view of 10,000 monitors opens at once.
import type { ListHistoryView } from '../../../common/ipc/history.ts';
import type { Monitor } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { shownListHistory, useListHistory } from '../../state/list-history-store.ts';
import { useListPreferences } from '../../state/list-preferences.ts';
import { prepareList, prepareWhenIdle } from '../../state/prepared-lists.ts';
import { useMonitors } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import type { ResourceListSource } from '../../state/use-resource-list.ts';
import { filterMonitorRows, historySorts, monitorListDefaults, monitorRows, sortMonitorRows, type MonitorRow } from './monitor-list.ts';

export const monitorList: ResourceListSource<Monitor, MonitorRow, ListHistoryView> = {
  collection: useMonitors, view: 'monitors', from: 'status', defaults: monitorListDefaults,
  join: monitorRows, sort: sortMonitorRows, contextSorts: historySorts, filter: filterMonitorRows,
  idOf: ({ monitor }) => monitor.id, remove: (connectionId, id) => vigil().deleteMonitor(connectionId, id), deleted: ({ monitor }) => `Monitor ${monitor.name ?? ''} deleted.`,
};

/** Keeps the monitors list joined and sorted for its view whenever the window is idle; returns the stop function. */
export function prepareMonitorListWhenIdle(): () => void {
  return prepareWhenIdle(() => prepareList(monitorList, shownListHistory(useListHistory.getState())), [useMonitors, useStatus, useListHistory, useListPreferences]);
}
