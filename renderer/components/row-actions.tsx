// The last column of a list: what can be done to that row's item, each button named with the item so a screen
// reader says which row it acts on.
import type { ReactNode } from 'react';
import type { Column } from './virtual-table.tsx';

export function actionsColumn<R>(width: number, cell: (row: R) => ReactNode): Column<R> {
  return { id: 'actions', className: 'row-actions', header: 'Actions', width, cell };
}

export interface DeleteButtonProps {
  /** The item's name: the button is "Delete API" to assistive technology. */
  name: string;
  disabled: boolean;
  onClick(): void;
}

export function DeleteButton({ name, disabled, onClick }: DeleteButtonProps) {
  return (
    <button type="button" className="button button-small button-danger-quiet" disabled={disabled} aria-label={`Delete ${name}`} onClick={onClick}>
      Delete
    </button>
  );
}
