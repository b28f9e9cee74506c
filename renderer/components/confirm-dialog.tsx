// "Delete monitor API?": a question with the destructive answer named on its button; Escape or Cancel says no.
import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog title={title} onClose={onCancel} role="alertdialog" describedBy={bodyId}>
      <div id={bodyId} className="dialog-body">
        {children}
      </div>
      <div className="dialog-actions">
        {/* Cancel first and focused: Enter right after opening does not delete anything. */}
        <button type="button" className="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
