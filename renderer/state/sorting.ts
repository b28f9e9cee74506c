// Sorting and searching lists (pure).
import type { SortDirection } from './list-preferences.ts';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export type SortValue = string | number | undefined;

/** Sorts by the value `valueOf` picks; missing values go last either way, ties keep their order. */
export function sortRows<T>(rows: readonly T[], valueOf: (row: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === 'descending' ? -1 : 1;
  const keyed = rows.map((row, index) => ({ row, index, value: valueOf(row) }));
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) {
      return a.value === b.value ? a.index - b.index : a.value === undefined ? 1 : -1;
    }
    const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
    return order === 0 ? a.index - b.index : sign * order;
  });
  return keyed.map(({ row }) => row);
}

/** Clicking a column: the same column flips direction, another starts ascending. */
export function nextSort(current: { sortBy: string; direction: SortDirection }, columnId: string): { sortBy: string; direction: SortDirection } {
  if (current.sortBy !== columnId) return { sortBy: columnId, direction: 'ascending' };
  return { sortBy: columnId, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** The text a row is searched by, folded once (lists precompute it, so a keystroke only compares). */
export function searchText(texts: readonly (string | undefined)[]): string {
  return fold(texts.filter((text) => text !== undefined).join(' '));
}

/** The words of a search, folded the same way. */
export function searchWords(search: string): string[] {
  return fold(search).split(/\s+/).filter(Boolean);
}

/** Whether every word appears in the row's search text. */
export function matchesWords(words: readonly string[], text: string): boolean {
  return words.every((word) => text.includes(word));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
