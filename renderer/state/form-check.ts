// A form's errors as the user sees them: its own check's once a save was tried (then as they type), over the
// server's, each until its field changes; and the whole form's failure in the server's words.
import { useState, type FormEvent } from 'react';
import { callFailureOf, type FieldErrors } from '../api/call-error.ts';

export interface FormCheck {
  errors: FieldErrors;
  failure: string | undefined;
  /** A submit of this form runs. (A form whose save outlives it, in a dialog, asks its draft instead.) */
  submitting: boolean;
  /** These fields changed: the server's errors at them no longer apply. */
  forget(...fields: string[]): void;
  /**
   * Sends nothing while the form's own check fails; a refusal lands at its fields and as `failure`. True once
   * saved. Without an event, the save was asked from outside the form (the unsaved-changes prompt).
   */
  submit(event: FormEvent | undefined, save: () => Promise<void>): Promise<boolean>;
}

const asNamed = (fields: FieldErrors) => fields;

/**
 * `ownErrors` is this render's check of what is typed; `serverFields` renames the server's fields to the form's
 * where they differ.
 */
export function useFormCheck(ownErrors: FieldErrors, serverFields: (fields: FieldErrors) => FieldErrors = asNamed): FormCheck {
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  return {
    errors: tried ? { ...ownErrors, ...serverErrors } : serverErrors,
    failure,
    submitting,
    forget(...fields) {
      setServerErrors(Object.fromEntries(Object.entries(serverErrors).filter(([field]) => !fields.includes(field))));
    },
    async submit(event, save) {
      event?.preventDefault();
      setTried(true);
      setFailure(undefined);
      if (Object.keys(ownErrors).length > 0) return false;
      setSubmitting(true);
      try {
        await save();
        // A form that stays open after saving starts over: its own check waits for the next try.
        setTried(false);
        return true;
      } catch (error) {
        const failed = callFailureOf(error);
        setServerErrors(serverFields(failed.fields));
        setFailure(failed.message);
        return false;
      } finally {
        setSubmitting(false);
      }
    },
  };
}
