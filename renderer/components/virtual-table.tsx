// A table that renders only the rows in view (plus a margin), so 10,000 rows scroll as smoothly as 10. Rows have
// one fixed height and are placed absolutely in a body as tall as all of them: a row coming into view is laid
// out on its own, never the whole table. ARIA table roles (with aria-rowcount/aria-rowindex) tell screen
// readers it is a table and where each row sits in the whole list.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { SortDirection } from '../state/list-preferences.ts';

export interface Column<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** Pixels, or a minimum that grows with the window in proportion to `grow`; an equal share by default. */
  width?: number | { min: number; grow: number };
  /** CSS class of the column's body cells (weight, typeface); the header keeps the header's look. */
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
  /** Sizes the table to its rows, up to this many (then it scrolls), instead of filling the space given. */
  fitRowsUpTo?: number;
}

const overscanRows = 4;
/** A table fitted to a few rows (the overview's) scrolls a short way: one row of margin is enough, and a page of
 * such tables (ten servers' groups) renders a third fewer rows. */
const fittedOverscanRows = 1;
const fallbackViewportHeight = 800;
const headerHeight = 37;

/** Which rows to render for a scroll position: [first, end) plus the overscan. */
function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan: number): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return [first, Math.max(first, end)];
}

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { label, rows, rowKey, columns, sortBy, direction, onSort, highlightKey, rowClassName, rowHeight = 44, fitRowsUpTo } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // A table fitted to its rows knows its height before it is laid out (its client area, as measured below): its
  // first render draws only the rows it shows, not a window's worth that the measurement would then take back.
  const [viewportHeight, setViewportHeight] = useState(() => (fitRowsUpTo === undefined ? fallbackViewportHeight : Math.min(rows.length, fitRowsUpTo) * rowHeight + headerHeight));

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

  // Bring the highlighted row into view (a notification or the overview asked for it), once: after that the
  // user scrolls where they like, even when a poll moves the row.
  const highlightIndex = highlightKey === undefined ? -1 : rows.findIndex((row) => rowKey(row) === highlightKey);
  const broughtIntoView = useRef<string | undefined>(undefined);
  useEffect(() => {
    const element = scroller.current;
    if (element === null || highlightIndex < 0 || broughtIntoView.current === highlightKey) return;
    broughtIntoView.current = highlightKey;
    const top = highlightIndex * rowHeight;
    const visibleHeight = element.clientHeight - headerHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + visibleHeight) {
      element.scrollTop = Math.max(0, top - visibleHeight / 3);
      setScrollTop(element.scrollTop);
    }
  }, [highlightIndex, highlightKey, rowHeight]);

  const [first, end] = visibleRange(scrollTop, viewportHeight, rowHeight, rows.length, fitRowsUpTo === undefined ? overscanRows : fittedOverscanRows);
  // One style object per column, shared by every row's cell: rows are flex lines (cheaper to lay out than grids).
  const cellStyles = useMemo(() => columns.map((column) => cellStyle(column.width)), [columns]);
  // Narrower than its columns' minimums, the table scrolls sideways rather than squeezing them.
  const minWidth = useMemo(() => columns.reduce((sum, { width }) => sum + (width === undefined ? 0 : typeof width === 'number' ? width : width.min), 0), [columns]);
  const tableStyle: CSSProperties = {};
  if (fitRowsUpTo !== undefined) tableStyle.height = Math.min(rows.length, fitRowsUpTo) * rowHeight + headerHeight + 2;

  return (
    <div
      ref={scroller}
      className={fitRowsUpTo === undefined ? 'table' : 'table table-fitted'}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      style={tableStyle}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div role="rowgroup" className="table-head" style={{ minWidth }}>
        <div role="row" aria-rowindex={1} className="table-row">
          {columns.map((column, index) => (
            <div key={column.id} role="columnheader" style={cellStyles[index]} aria-sort={column.id === sortBy ? (direction ?? 'ascending') : undefined}>
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
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="table-body" style={{ height: rows.length * rowHeight, minWidth }}>
        {rows.slice(first, end).map((row, offset) => {
          const key = rowKey(row);
          const index = first + offset;
          return (
            <TableRow
              key={key}
              rowKey={key}
              row={row}
              columns={columns}
              cellStyles={cellStyles}
              rowIndex={index + 2}
              top={index * rowHeight}
              height={rowHeight}
              highlighted={key === highlightKey}
              className={rowClassName?.(row)}
            />
          );
        })}
      </div>
    </div>
  );
}

interface TableRowProps<T> {
  row: T;
  rowKey: string;
  columns: readonly Column<T>[];
  cellStyles: readonly CSSProperties[];
  rowIndex: number;
  top: number;
  height: number;
  highlighted: boolean;
  className: string | undefined;
}

function TableRowCells<T>({ row, rowKey, columns, cellStyles, rowIndex, top, height, highlighted, className }: TableRowProps<T>) {
  const classes = ['table-row', highlighted ? 'row-highlight' : undefined, className].filter(Boolean).join(' ');
  return (
    <div role="row" aria-rowindex={rowIndex} className={classes} style={{ transform: `translateY(${top}px)`, height }} data-key={rowKey}>
      {columns.map((column, index) => (
        <div key={column.id} role="cell" className={column.className} style={cellStyles[index]}>
          {column.cell(row)}
        </div>
      ))}
    </div>
  );
}

/** Scrolling renders only the rows that come into view; the others are unchanged and skipped. */
const TableRow = memo(TableRowCells) as typeof TableRowCells;

function cellStyle(width: Column<unknown>['width']): CSSProperties {
  if (width === undefined) return { flex: '1 1 0', minWidth: 0 };
  if (typeof width === 'number') return { flex: `0 0 ${width}px` };
  return { flex: `${width.grow} 1 0`, minWidth: width.min };
}
