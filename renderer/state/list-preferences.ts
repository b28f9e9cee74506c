// How each list was last filtered and sorted, remembered across views and restarts (in the page's own storage:
// nothing secret, nothing the core needs).
import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type SortDirection = 'ascending' | 'descending';

export interface ListPreferences {
  search: string;
  /** Filter name → chosen value ('all' when not filtering). */
  filters: Readonly<Record<string, string>>;
  sortBy: string;
  direction: SortDirection;
}

interface ListPreferencesState {
  lists: Readonly<Record<string, ListPreferences>>;
  change(list: string, patch: Partial<ListPreferences>, defaults: ListPreferences): void;
  /** Clears a list's search and filters (keeping its sort), so an item asked for is not hidden by them. */
  reveal(list: string): void;
}

export const useListPreferences = create<ListPreferencesState>()(
  persist(
    (set) => ({
      lists: {},
      change(list, patch, defaults) {
        set(({ lists }) => ({ lists: { ...lists, [list]: { ...defaults, ...lists[list], ...patch } } }));
      },
      reveal(list) {
        set(({ lists }) => {
          const current = lists[list];
          return current === undefined ? { lists } : { lists: { ...lists, [list]: { ...current, search: '', filters: {} } } };
        });
      },
    }),
    { name: 'vigil.lists', version: 1, storage: createJSONStorage(() => localStorage), partialize: ({ lists }) => ({ lists }) },
  ),
);

/** A list's preferences as stored, over its defaults. */
export function listPreferencesOf(stored: ListPreferences | undefined, defaults: ListPreferences): ListPreferences {
  return stored === undefined ? defaults : { ...defaults, ...stored, filters: { ...defaults.filters, ...stored.filters } };
}

/** One list's preferences (the defaults until changed) and the function that changes them. */
export function useListState(list: string, defaults: ListPreferences): [ListPreferences, (patch: Partial<ListPreferences>) => void] {
  const stored = useListPreferences((state) => state.lists[list]);
  const change = useListPreferences((state) => state.change);
  const current = useMemo(() => listPreferencesOf(stored, defaults), [stored, defaults]);
  return [current, (patch) => change(list, patch, defaults)];
}
