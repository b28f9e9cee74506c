// A dialog form's buttons: Cancel, which throws the draft away, and the submit button, which says what it does
// and, while the save runs, that it is running.
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
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? savingLabel : submitLabel}
      </button>
    </div>
  );
}
