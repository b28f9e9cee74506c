// "Save your changes to Quiet hours?": asked when the user moves away from a form with unsaved edits
// (state/unsaved-changes.ts). Keep editing is first and focused, so Enter or Escape right after it opens loses
// nothing; Discard throws the edits away and moves on; Save saves them and moves on, or stays where a save failed.
import { useId } from 'react';
import { discardAndLeave, keepEditing, saveAndLeave, useUnsavedChanges } from '../state/unsaved-changes.ts';
import { Dialog } from './dialog.tsx';

/** "Quiet hours", "Quiet hours and Polling", "Polling, Quiet hours and Email server". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export function UnsavedChangesPrompt() {
  const leaving = useUnsavedChanges((state) => state.leaving);
  const forms = useUnsavedChanges((state) => state.forms);
  const saving = useUnsavedChanges((state) => state.saving);
  const bodyId = useId();
  if (leaving === undefined || forms.size === 0) return null;
  const names = listOfNames([...forms.values()].map((form) => form.label));
  return (
    <Dialog title={`Save your changes to ${names}?`} onClose={keepEditing} role="alertdialog" describedBy={bodyId}>
      <div id={bodyId} className="dialog-body">
        <p>They are not saved yet; leaving without saving loses them.</p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={keepEditing} autoFocus disabled={saving}>
          Keep editing
        </button>
        <button type="button" className="button button-danger" onClick={discardAndLeave} disabled={saving}>
          Discard
        </button>
        <button type="button" className="button button-primary" onClick={() => void saveAndLeave()} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </Dialog>
  );
}
