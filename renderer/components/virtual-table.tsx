// A table that renders only the rows in view (plus a margin), so 10,000 rows scroll as smoothly as 10. Rows have
// one fixed height; spacer rows above and below keep the scroll height right, and aria-rowcount/aria-rowindex
// tell screen readers where they are in the whole list.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { SortDirection } from '../state/list-preferences.ts';

export interface Column<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** CSS class of the column's cells (widths, alignment). */
  className?: string;
}

export interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  columns: readonly Column<T>[];
  sortBy?: string;
  direction?: SortDirection;
  onSort?(columnId: string): void;
  /** The row to scroll to and highlight. */
  highlightKey?: string | undefined;
  rowClassName?(row: T): string | undefined;
  rowHeight?: number;
}

const overscanRows = 8;
const fallbackViewportHeight = 800;

/** Which rows to render for a scroll position: [first, end) plus the overscan. */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscanRows);
  const end = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscanRows);
  return [first, Math.max(first, end)];
}

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { label, rows, rowKey, columns, sortBy, direction, onSort, highlightKey, rowClassName, rowHeight = 44 } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(fallbackViewportHeight);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const measure = () => setViewportHeight(element.clientHeight || fallbackViewportHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Bring the highlighted row into view (a notification or the overview asked for it).
  const highlightIndex = highlightKey === undefined ? -1 : rows.findIndex((row) => rowKey(row) === highlightKey);
  useEffect(() => {
    const element = scroller.current;
    if (element === null || highlightIndex < 0) return;
    const top = highlightIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight - rowHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 3);
      setScrollTop(element.scrollTop);
    }
  }, [highlightIndex, rowHeight]);

  const [first, end] = visibleRange(scrollTop, viewportHeight, rowHeight, rows.length);
  const above = first * rowHeight;
  const below = (rows.length - end) * rowHeight;

  return (
    <div ref={scroller} className="table-scroller" role="region" aria-label={label} tabIndex={0} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <table className="table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={column.className}
                aria-sort={column.id === sortBy ? (direction ?? 'ascending') : undefined}
              >
                {column.sortable === true && onSort !== undefined ? (
                  <button type="button" className="sort-button" onClick={() => onSort(column.id)}>
                    {column.header}
                    <span aria-hidden="true" className="sort-arrow">
                      {column.id === sortBy ? (direction === 'descending' ? '▼' : '▲') : ''}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 && <tr aria-hidden="true" className="spacer" style={{ height: above }} />}
          {rows.slice(first, end).map((row, offset) => {
            const key = rowKey(row);
            const extra = rowClassName?.(row);
            const classes = [key === highlightKey ? 'row-highlight' : undefined, extra].filter(Boolean).join(' ');
            return (
              <tr key={key} aria-rowindex={first + offset + 2} className={classes || undefined} style={{ height: rowHeight }} data-key={key}>
                {columns.map((column) => (
                  <td key={column.id} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {below > 0 && <tr aria-hidden="true" className="spacer" style={{ height: below }} />}
        </tbody>
      </table>
    </div>
  );
}
