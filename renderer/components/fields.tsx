// Labelled form controls: each has a visible label, its hint and its error tied to it (aria-describedby), and
// says when it is invalid, so people and tests find it by role and name.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A control's id, and those of its hint and error for `aria-describedby` (error first). */
export function useFieldIds(hint: unknown, error: string | undefined) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [errorId, hintId].filter((part) => part !== undefined).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A control's error and hint below it, under the ids `useFieldIds` gave. */
export function FieldNotes({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string | undefined; error?: string | undefined; errorId?: string | undefined }) {
  return (
    <>
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {sentence(error)}
        </p>
      )}
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    /** Machine text (an address, a host, a type name): no spelling check, no automatic capitals. */
    verbatim?: boolean;
  };

export function TextField({ label, hint, error, className, verbatim = false, ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  const machineText = verbatim ? ({ spellCheck: false, autoCapitalize: 'off' } as const) : {};
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy} {...machineText} {...input} />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** Machine text over several lines (a request body, one value a line): no spelling check. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy} spellCheck={false} autoCapitalize="off" {...textarea} />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options: readonly { value: string; label: string }[] };

export function SelectField({ label, hint, error, options, className, ...select }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  error?: string | undefined;
  disabled?: boolean;
}

export function CheckboxField({ label, checked, onChange, hint, error, disabled }: CheckboxFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The error of a whole form (what the core or server answered), announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** "must not be empty" → "Must not be empty." */
export function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
