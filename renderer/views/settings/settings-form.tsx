// A settings section's form: the core's answer on top, the fields, then the one button that saves them.
import type { ReactNode } from 'react';
import { FormError } from '../../components/fields.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import type { FormCheck } from '../../state/form-check.ts';

export interface SettingsFormProps {
  /** The form's accessible name: "Polling". */
  label: string;
  check: FormCheck;
  save(): Promise<void>;
  /** "Save polling settings". */
  submitLabel: string;
  children: ReactNode;
}

export function SettingsForm({ label, check, save, submitLabel, children }: SettingsFormProps) {
  return (
    <form className="form" aria-label={label} noValidate onSubmit={(event) => void check.submit(event, save)}>
      <FormError message={check.failure} />
      {children}
      <div className="form-actions">
        <SubmitButton label={submitLabel} runningLabel="Saving…" running={check.submitting} />
      </div>
    </form>
  );
}
