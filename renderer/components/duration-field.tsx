// A length of time typed as an amount and a unit ("5" "minutes"), stored as seconds: what people think in, and
// what the API takes.
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

/** Seconds, or NaN when the amount is not a number (the form's check says so). */
export function draftSeconds(draft: DurationDraft): number {
  const unit = DURATION_UNITS.find((candidate) => candidate.id === draft.unit) ?? DURATION_UNITS[0];
  const amount = draft.amount.trim() === '' ? Number.NaN : Number(draft.amount);
  return unit === undefined ? Number.NaN : Math.round(amount * unit.seconds);
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
          inputMode="numeric"
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
