// The heartbeats table's rows: each heartbeat joined with its state and snooze from the status, with its last and
// next expected ping, then searched, filtered and sorted (pure).
import type { Health, Heartbeat, StatusItemView } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { fieldSorts, filterRows, judgementOf, serverOf, sortByColumn, stateOrSnoozed, type ListRow, type RowFilters, type SortValues, type StatusJudgement } from '../../state/list-rows.ts';
import { searchText } from '../../state/sorting.ts';
import { epochOf } from '../../format/time.ts';

/** The states the core judges a heartbeat to be in (main/core/health/heartbeat-health.ts). */
type HeartbeatState = 'waiting' | 'up' | 'late' | 'down' | 'failed' | 'unknown';

export interface HeartbeatRow extends ListRow, StatusJudgement {
  heartbeat: Heartbeat;
  state: HeartbeatState;
  lastPingAt: number | undefined;
  /** When the server expects the next ping, or the last ping plus the expected interval; undefined before the first ping. */
  nextExpectedAt: number | undefined;
}

export const heartbeatListDefaults: ListPreferences = { search: '', filters: { state: 'all' }, sortBy: 'state', direction: 'ascending' };

export const stateLabels: Record<HeartbeatState, string> = { waiting: 'Waiting', up: 'Up', late: 'Late', down: 'Down', failed: 'Failed', unknown: 'Unknown' };
// A failed run first: it says what went wrong, where a missed ping only says nothing came.
const stateRank: Record<HeartbeatState, number> = { failed: 0, down: 1, late: 2, unknown: 3, waiting: 4, up: 5 };
// As the core judges them, for a row the status has not covered yet (just created).
const healthOfState: Record<HeartbeatState, Health> = { waiting: 'ok', up: 'ok', late: 'warning', down: 'critical', failed: 'critical', unknown: 'unknown' };

function stateOf(item: StatusItemView | undefined, heartbeat: Heartbeat): HeartbeatState {
  const state = item?.state;
  if (state !== undefined) return Object.hasOwn(stateLabels, state) ? (state as HeartbeatState) : 'unknown';
  return heartbeat.last_ping === undefined ? 'waiting' : 'unknown';
}

export function heartbeatRows(rows: readonly Row<Heartbeat>[], items: ReadonlyMap<string, StatusItemView>, serverNames: ReadonlyMap<string, string>): HeartbeatRow[] {
  return rows.map((row) => {
    const { key, item, saving } = row;
    const statusItem = items.get(key);
    const state = stateOf(statusItem, item);
    const lastPingAt = epochOf(item.last_ping);
    const interval = item.expected_interval;
    return {
      key,
      ...serverOf(row, serverNames),
      heartbeat: item,
      saving,
      state,
      ...judgementOf(statusItem, healthOfState[state]),
      lastPingAt,
      // The server's own date where it sends one (it knows the schedule), else the last ping plus the interval.
      nextExpectedAt: epochOf(item.next_expected_at) ?? (lastPingAt === undefined || interval === undefined ? undefined : lastPingAt + interval * 1000),
      search: searchText([item.name, item.slug]),
    };
  });
}

const sortValues: SortValues<HeartbeatRow> = {
  ...fieldSorts((row: HeartbeatRow) => row.heartbeat, ['name']),
  interval: (row) => row.heartbeat.expected_interval,
  lastPing: (row) => row.lastPingAt,
  nextExpected: (row) => row.nextExpectedAt,
  state: (row) => stateRank[row.state],
};

const filters: RowFilters<HeartbeatRow> = { state: stateOrSnoozed((row) => row.state) };

/** The rows in the list's sort order; ties (every "Up" heartbeat) read in name order. */
export function sortHeartbeatRows(rows: readonly HeartbeatRow[], sortBy: string, direction: ListPreferences['direction']): HeartbeatRow[] {
  return sortByColumn(rows, sortValues, (row) => row.heartbeat.name, sortBy, direction);
}

/** The sorted rows that match the list's search and state filter, in the same order. */
export function filterHeartbeatRows(sorted: readonly HeartbeatRow[], search: string, chosen: ListPreferences['filters']): HeartbeatRow[] {
  return filterRows(sorted, search, chosen, filters);
}
