// The app's status as the core last reported it (level, every server's part, items, the latest lists), kept
// current by the core's events, plus the one-at-a-time "Refresh now" (of every server, or of one).
import { create } from 'zustand';
import type { StatusItemView, StatusView } from '../../common/ipc/views.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { showError } from './notices-store.ts';

interface StatusState {
  status: StatusView | undefined;
  /** Items by key, for the lists to join their health, state and snooze. */
  itemsByKey: ReadonlyMap<string, StatusItemView>;
  /** Every enabled server's name by connection id, in order; the same map while none changes, so lists that show
   * server names are joined again only when one does. */
  serverNames: ReadonlyMap<string, string>;
  refreshing: boolean;
  loadError: string | undefined;
  load(): Promise<void>;
  receive(status: StatusView): void;
  /** Every enabled server, or only the one given (a server's own "Try again"). */
  refreshNow(connectionId?: string): Promise<void>;
}

export const useStatus = create<StatusState>((set, get) => ({
  status: undefined,
  itemsByKey: new Map(),
  serverNames: new Map(),
  refreshing: false,
  loadError: undefined,
  async load() {
    try {
      get().receive(await vigil().getStatus());
    } catch (error) {
      set({ loadError: callFailureOf(error).message });
    }
  },
  receive(status) {
    const names = new Map(status.servers.map((server) => [server.connection.id, server.connection.name]));
    const serverNames = sameEntries(names, get().serverNames) ? get().serverNames : names;
    set({ status, itemsByKey: new Map(status.items.map((item) => [item.key, item])), serverNames, loadError: undefined });
  },
  async refreshNow(connectionId) {
    if (get().refreshing) return;
    set({ refreshing: true });
    try {
      // No argument at all for every server: over the socket an undefined would arrive as null.
      await (connectionId === undefined ? vigil().refreshNow() : vigil().refreshNow(connectionId));
    } catch (error) {
      showError(`Refreshing failed: ${callFailureOf(error).message}`);
    } finally {
      set({ refreshing: false });
    }
  },
}));

/** Subscribes the store to the core's status events; returns the unsubscribe function. */
export function followStatus(): () => void {
  const stop = vigil().onDidChangeStatus((status) => useStatus.getState().receive(status));
  void useStatus.getState().load();
  return stop;
}

function sameEntries(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  const bEntries = [...b];
  return [...a].every(([key, value], index) => bEntries[index]?.[0] === key && bEntries[index]?.[1] === value);
}

/** More than one server is watched: lists show a Server column and filter, forms ask which server. */
export function useManyServers(): boolean {
  return useStatus((state) => state.serverNames.size > 1);
}
