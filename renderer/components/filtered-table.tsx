// A list view's body once it has rows: search and filters (remembered), an optional note, then the virtualised
// table — or, when nothing matches, a way back to everything.
import type { ReactNode } from 'react';
import type { ListPreferences } from '../state/list-preferences.ts';
import { nextSort } from '../state/sorting.ts';
import { EmptyState } from './empty-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { VirtualTable, type Column } from './virtual-table.tsx';

export interface FilterChoice {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A filter whose first choice, 'all', filters nothing (what "Clear search and filters" goes back to). */
export function filterChoice(id: string, label: string, allLabel: string, options: readonly (readonly [value: string, label: string])[]): FilterChoice {
  return { id, label, options: [{ value: 'all', label: allLabel }, ...options.map(([value, optionLabel]) => ({ value, label: optionLabel }))] };
}

export interface FilteredTableProps<T extends { key: string; saving: boolean }> {
  /** The table's name: "Monitors". */
  label: string;
  /** Singular, lower case: "monitor". */
  noun: string;
  placeholder: string;
  filters: readonly FilterChoice[];
  preferences: ListPreferences;
  change(patch: Partial<ListPreferences>): void;
  /** The list's defaults, which "Clear search and filters" goes back to. */
  defaults: ListPreferences;
  /** The rows the search and filters leave, sorted. */
  visible: readonly T[];
  total: number;
  columns: readonly Column<T>[];
  highlightKey?: string | undefined;
  /** Shown between the toolbar and the table. */
  note?: ReactNode;
}

export function FilteredTable<T extends { key: string; saving: boolean }>(props: FilteredTableProps<T>) {
  const { label, noun, placeholder, filters, preferences, change, defaults, visible, total, columns, highlightKey, note } = props;
  return (
    <>
      <ListToolbar
        placeholder={placeholder}
        noun={noun}
        search={preferences.search}
        onSearch={(value) => change({ search: value })}
        filters={filters.map((filter) => ({ ...filter, value: preferences.filters[filter.id] ?? 'all' }))}
        onFilter={(id, value) => change({ filters: { ...preferences.filters, [id]: value } })}
        shown={visible.length}
        total={total}
      />
      {note}
      {visible.length === 0 ? (
        <EmptyState
          title={`No ${noun}s match`}
          action={
            <button type="button" className="button" onClick={() => change({ search: '', filters: defaults.filters })}>
              Clear search and filters
            </button>
          }
        />
      ) : (
        <VirtualTable
          label={label}
          rows={visible}
          rowKey={(row) => row.key}
          columns={columns}
          sortBy={preferences.sortBy}
          direction={preferences.direction}
          onSort={(column) => change(nextSort(preferences, column))}
          highlightKey={highlightKey}
          rowClassName={(row) => (row.saving ? 'row-saving' : undefined)}
        />
      )}
    </>
  );
}
