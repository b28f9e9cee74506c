// The app's status as the core last reported it (level, items, the latest lists), kept current by the core's
// events, plus the one-at-a-time "Refresh now".
import { create } from 'zustand';
import type { StatusItemView, StatusView } from '../../common/ipc/views.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { showError } from './notices-store.ts';

interface StatusState {
  status: StatusView | undefined;
  /** Items by key, for the lists to join their health, state and snooze. */
  itemsByKey: ReadonlyMap<string, StatusItemView>;
  refreshing: boolean;
  loadError: string | undefined;
  load(): Promise<void>;
  receive(status: StatusView): void;
  refreshNow(): Promise<void>;
}

export const useStatus = create<StatusState>((set, get) => ({
  status: undefined,
  itemsByKey: new Map(),
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
    set({ status, itemsByKey: new Map(status.items.map((item) => [item.key, item])), loadError: undefined });
  },
  async refreshNow() {
    if (get().refreshing) return;
    set({ refreshing: true });
    try {
      await vigil().refreshNow();
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
