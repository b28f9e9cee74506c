// A dialog form's buttons: Cancel, which throws the draft away, and the submit button, which says what it does
// and, while the save runs, that it is running.
import { SubmitButton } from './submit-button.tsx';

export interface FormActionsProps {
  saving: boolean;
  /** "Create monitor". */
  submitLabel: string;
  /** "Creating…". */
  savingLabel: string;
  onCancel(): void;
}

export function FormActions({ saving, submitLabel, savingLabel, onCancel }: FormActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <SubmitButton label={submitLabel} runningLabel={savingLabel} running={saving} />
    </div>
  );
}
