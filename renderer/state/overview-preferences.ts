// How the overview of several servers was last left: which servers' groups are folded and which server the
// filter shows, remembered across views and restarts (in the page's own storage: nothing secret).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface OverviewPreferencesState {
  /** Connection ids of the folded groups. */
  collapsed: Readonly<Record<string, true>>;
  /** A connection id, or 'all'. */
  server: string;
  toggle(connectionId: string): void;
  showServer(server: string): void;
}

export const useOverviewPreferences = create<OverviewPreferencesState>()(
  persist(
    (set) => ({
      collapsed: {},
      server: 'all',
      toggle(connectionId) {
        set(({ collapsed }) => {
          const { [connectionId]: wasCollapsed, ...others } = collapsed;
          return { collapsed: wasCollapsed === true ? others : { ...others, [connectionId]: true } };
        });
      },
      showServer: (server) => set({ server }),
    }),
    { name: 'vigil.overview', version: 1, storage: createJSONStorage(() => localStorage), partialize: ({ collapsed, server }) => ({ collapsed, server }) },
  ),
);
