// A length of time typed as an amount and a unit ("5" "minutes"), stored as seconds: what people think in, and
// what the API takes. The API takes whole seconds, so an amount that does not come to whole seconds (9.5 seconds,
// 1.01 minutes) is refused with a message that says so in the unit typed, never rounded behind the person's back.
import type { FieldErrors } from '../api/call-error.ts';
import { FieldNotes, useFieldIds } from './fields.tsx';
import { DURATION_UNITS, durationParts, unitLabel, type DurationUnit } from '../format/time.ts';

export interface DurationDraft {
  amount: string;
  unit: DurationUnit['id'];
}

export function durationDraft(seconds: number): DurationDraft {
  const { amount, unit } = durationParts(seconds);
  return { amount: String(amount), unit };
}

const unitOf = (draft: DurationDraft) => DURATION_UNITS.find((candidate) => candidate.id === draft.unit) ?? DURATION_UNITS[0];

/** The amount typed, a decimal comma read as a point ("1,5" is 1.5); NaN when it is no plain number. */
function amountOf(draft: DurationDraft): number {
  const text = draft.amount.trim().replace(',', '.');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Seconds, exactly as typed: a fraction of a second stays (the form's check refuses it), binary rounding does not
 * (1.1 minutes is 66 seconds, not 66.00000000000001). NaN when the amount is not a number.
 */
export function draftSeconds(draft: DurationDraft): number {
  const seconds = amountOf(draft) * (unitOf(draft)?.seconds ?? Number.NaN);
  const whole = Math.round(seconds);
  return Math.abs(seconds - whole) < 1e-6 ? whole : seconds;
}

/**
 * What is wrong with the amounts themselves, in the unit each was typed in; the bounds are the input rules' (which
 * say them in words a person reads). Only the fields given are checked: an optional one left empty is not sent.
 */
export function durationErrors(fields: Readonly<Record<string, DurationDraft | undefined>>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const [field, draft] of Object.entries(fields)) {
    if (draft === undefined) continue;
    const unit = unitOf(draft);
    const seconds = draftSeconds(draft);
    if (draft.amount.trim() === '') errors[field] = 'must not be empty';
    else if (Number.isNaN(seconds) || unit === undefined) errors[field] = 'must be a number, like 5 or 1.5';
    else if (!Number.isInteger(seconds)) {
      errors[field] =
        unit.id === 'seconds'
          ? 'must be a whole number of seconds'
          : `must come to whole seconds: ${draft.amount.trim()} ${unitLabel(unit, draft.amount)} is ${seconds.toLocaleString('en', { maximumFractionDigits: 3 })} seconds`;
    }
  }
  return errors;
}

export interface DurationFieldProps {
  label: string;
  value: DurationDraft;
  onChange(value: DurationDraft): void;
  error?: string | undefined;
  hint?: string;
  units?: readonly DurationUnit['id'][];
}

export function DurationField({ label, value, onChange, error, hint, units }: DurationFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  // The draft's own unit is always offered: a saved "1 day" must not show as "1 seconds" in a field without days.
  const choices = DURATION_UNITS.filter((unit) => units === undefined || units.includes(unit.id) || unit.id === value.unit);
  return (
    <fieldset className="field field-duration">
      <legend>{label}</legend>
      <div className="duration-inputs">
        <input
          id={`${id}-amount`}
          aria-label={`${label}: amount`}
          inputMode="decimal"
          value={value.amount}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ ...value, amount: event.target.value })}
        />
        <select aria-label={`${label}: unit`} value={value.unit} onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit['id'] })}>
          {choices.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unitLabel(unit, value.amount)}
            </option>
          ))}
        </select>
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
