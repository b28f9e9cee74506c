// A settings section's form: the core's answer on top, the fields, then the one button that saves them. While
// its fields differ from what is saved, leaving Settings asks first (state/unsaved-changes.ts), and the form says
// so beside its button.
import { useRef, type ReactNode } from 'react';
import { FormError } from '../../components/fields.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import type { FormCheck } from '../../state/form-check.ts';
import { useUnsavedForm } from '../../state/unsaved-changes.ts';

/** Two drafts of plain form data (text, numbers, flags, lists) say the same. */
export function sameDraft(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface SettingsFormProps {
  /** The form's accessible name: "Polling". */
  label: string;
  check: FormCheck;
  save(): Promise<void>;
  /** "Save polling settings". */
  submitLabel: string;
  /** The fields differ from what is saved. */
  dirty: boolean;
  /** Puts the fields back to what is saved. */
  discard(): void;
  children: ReactNode;
}

export function SettingsForm({ label, check, save, submitLabel, dirty, discard, children }: SettingsFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useUnsavedForm(
    `settings:${label}`,
    dirty
      ? {
          label,
          discard,
          async save() {
            const saved = await check.submit(undefined, save);
            // Not saved: the user stays, and sees why at the form's fields.
            if (!saved) form.current?.scrollIntoView({ block: 'nearest' });
            return saved;
          },
        }
      : undefined,
  );
  return (
    <form ref={form} className="form" aria-label={label} noValidate onSubmit={(event) => void check.submit(event, save)}>
      <FormError message={check.failure} />
      {children}
      <div className="form-actions">
        <SubmitButton label={submitLabel} runningLabel="Saving…" running={check.submitting} />
        {dirty && !check.submitting && <span className="form-unsaved">Not saved yet</span>}
      </div>
    </form>
  );
}
