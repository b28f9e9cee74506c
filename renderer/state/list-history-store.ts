// The monitors list's history columns (24-hour uptime and status bars), from the core's `getListHistory` (every
// enabled server's monitors, by server item key). Fetched once when the first poll has answered, then while the
// list is open: when it opens, every minute, and when a monitor's state changes; what was shown stays while a
// newer answer is on its way, and a failed refresh keeps it. An answer asked for another set of servers than the
// one watched now (one was enabled, disabled or removed meanwhile) is never shown.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { ListHistoryView } from '../../common/ipc/history.ts';
import type { StatusItemView } from '../../common/ipc/views.ts';
import { vigil } from '../api/vigil-api.ts';
import { useStatus } from './status-store.ts';

const refreshEveryMs = 60_000;

interface ListHistoryState {
  history: ListHistoryView | undefined;
  /** The servers the history is of (their connection ids, joined). */
  servers: string | undefined;
  load(): Promise<void>;
}

let latestRequest = 0;

export const useListHistory = create<ListHistoryState>((set) => ({
  history: undefined,
  servers: undefined,
  async load() {
    const request = ++latestRequest;
    const servers = watchedServers(useStatus.getState().serverNames);
    try {
      const history = await vigil().getListHistory();
      if (request === latestRequest && watchedServers(useStatus.getState().serverNames) === servers) set({ history, servers });
    } catch {
      // The columns show "—" until an answer comes; the list itself is unaffected.
    }
  },
}));

function watchedServers(serverNames: ReadonlyMap<string, string>): string {
  return [...serverNames.keys()].join(' ');
}

/** The history of the servers watched now, if it has come. */
export function shownListHistory(state: Pick<ListHistoryState, 'history' | 'servers'>): ListHistoryView | undefined {
  return state.servers === watchedServers(useStatus.getState().serverNames) ? state.history : undefined;
}

export function useShownListHistory(): ListHistoryView | undefined {
  const history = useListHistory((state) => state.history);
  const of = useListHistory((state) => state.servers);
  const servers = useStatus((state) => watchedServers(state.serverNames));
  return of === servers ? history : undefined;
}

/** Asks once, as soon as a server has answered, so the list opens with its bars; returns the stop function. */
export function prefetchListHistory(): () => void {
  const ready = () => useStatus.getState().status?.servers.some((server) => server.lastSuccessfulPollAt !== undefined) === true;
  if (ready()) {
    void useListHistory.getState().load();
    return () => undefined;
  }
  const stop = useStatus.subscribe(() => {
    if (!ready()) return;
    stop();
    void useListHistory.getState().load();
  });
  return stop;
}

/** Whether any monitor's state differs between two statuses' items. */
function monitorStatesChanged(before: ReadonlyMap<string, StatusItemView>, after: ReadonlyMap<string, StatusItemView>): boolean {
  if (before.size !== after.size) return true;
  for (const [key, item] of after) {
    if (item.kind === 'monitor' && before.get(key)?.state !== item.state) return true;
  }
  return false;
}

/** Keeps the history current while the calling view is shown. */
export function useFollowListHistory(): void {
  useEffect(() => {
    const { load } = useListHistory.getState();
    void load();
    const timer = setInterval(() => void load(), refreshEveryMs);
    const stop = useStatus.subscribe((state, previous) => {
      const switched = state.serverNames !== previous.serverNames;
      if (switched) useListHistory.setState({ history: undefined, servers: undefined });
      if (switched || monitorStatesChanged(previous.itemsByKey, state.itemsByKey)) void load();
    });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);
}
