// Search and filters above a list, with how many rows they leave ("12 of 340").
import { useId } from 'react';
import { countOf } from '../format/count.ts';

export interface ListFilter {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}

export interface ListToolbarProps {
  /** What is listed, lower case and singular: "monitor". */
  noun: string;
  search: string;
  onSearch(value: string): void;
  /** What the search looks in, e.g. "Name or target". */
  placeholder?: string;
  filters?: readonly ListFilter[];
  onFilter?(id: string, value: string): void;
  shown: number;
  total: number;
}

export function ListToolbar({ noun, search, onSearch, placeholder, filters = [], onFilter, shown, total }: ListToolbarProps) {
  const id = useId();
  return (
    <div className="toolbar" role="search" aria-label={`Search ${noun}s`}>
      <div className="toolbar-field toolbar-search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" value={search} placeholder={placeholder} onChange={(event) => onSearch(event.target.value)} />
      </div>
      {filters.map((filter) => (
        <div key={filter.id} className="toolbar-field">
          <label htmlFor={`${id}-${filter.id}`}>{filter.label}</label>
          <select id={`${id}-${filter.id}`} value={filter.value} onChange={(event) => onFilter?.(filter.id, event.target.value)}>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <p className="toolbar-count" role="status">
        {shown === total ? countOf(total, noun) : `${shown.toLocaleString('en')} of ${countOf(total, noun)}`}
      </p>
    </div>
  );
}
