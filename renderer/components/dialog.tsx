// A modal dialog on the platform's <dialog>: focus moves in and is held there, Escape closes it, and focus goes
// back to where it was when it closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** "alertdialog" for confirmations. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  /** The id of the text that says what the dialog is about (a confirmation's question). */
  describedBy?: string;
}

export function Dialog({ title, onClose, children, role = 'dialog', wide = false, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    returnFocusTo.current = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      const previous = returnFocusTo.current;
      // The button that opened it may be gone (its row was deleted): the view's content, then, not the page.
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      onCancel={(event) => {
        // Escape: the owner decides (it unmounts the dialog), so React and the element agree on whether it is open.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
