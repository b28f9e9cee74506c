// A form in a dialog: the server's answer on top, the fields (locked while the save runs), then Cancel, which
// throws the draft away, and the submit button.
import type { ReactNode } from 'react';
import type { FormDraft } from '../state/drafts-store.ts';
import type { FormCheck } from '../state/form-check.ts';
import { Dialog } from './dialog.tsx';
import { FormError } from './fields.tsx';
import { FormActions } from './form-actions.tsx';

export interface DialogFormProps {
  title: string;
  /** The form's draft: whether its save runs (also when the dialog was opened again meanwhile), and Cancel's discard. */
  draft: Pick<FormDraft<unknown>, 'saving' | 'discard'>;
  check: FormCheck;
  save(): Promise<void>;
  /** "Create monitor". */
  submitLabel: string;
  /** "Creating…". */
  savingLabel: string;
  onClose(): void;
  children: ReactNode;
}

export function DialogForm({ title, draft, check, save, submitLabel, savingLabel, onClose, children }: DialogFormProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void check.submit(event, save)}>
        <FormError message={check.failure} />
        <fieldset className="form-fields" disabled={draft.saving}>
          {children}
        </fieldset>
        <FormActions
          saving={draft.saving}
          submitLabel={submitLabel}
          savingLabel={savingLabel}
          onCancel={() => {
            draft.discard();
            onClose();
          }}
        />
      </form>
    </Dialog>
  );
}
