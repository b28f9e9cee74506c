// One range of quiet hours: its days as chips, from and to, what it means in words, and "Remove".
import type { WeeklyRange } from '../../../common/schedule/weekly-schedule.ts';
import { describeRange } from '../../../common/schedule/weekly-schedule.ts';
import type { FieldErrors } from '../../api/call-error.ts';
import { DayChips } from '../../components/day-chips.tsx';
import { TextField } from '../../components/fields.tsx';

export interface QuietRangeFieldsProps {
  index: number;
  range: WeeklyRange;
  /** This range's errors by field: days, start, end. */
  errors: FieldErrors;
  canRemove: boolean;
  onChange(range: WeeklyRange, field: string): void;
  onRemove(): void;
}

export function QuietRangeFields({ index, range, errors, canRemove, onChange, onRemove }: QuietRangeFieldsProps) {
  const number = index + 1;
  const complete = range.days.length > 0 && errors['start'] === undefined && errors['end'] === undefined;
  return (
    <fieldset className="quiet-range">
      <legend>Range {number}</legend>
      <DayChips label="Days" days={range.days} error={errors['days']} onChange={(days) => onChange({ ...range, days }, 'days')} />
      <div className="quiet-range-times">
        <TextField label="From" type="time" value={range.start} error={errors['start']} onChange={(event) => onChange({ ...range, start: event.target.value }, 'start')} />
        <TextField label="To" type="time" value={range.end} error={errors['end']} onChange={(event) => onChange({ ...range, end: event.target.value }, 'end')} />
        {canRemove && (
          <button type="button" className="button button-small button-danger-quiet" aria-label={`Remove range ${number}`} onClick={onRemove}>
            Remove
          </button>
        )}
      </div>
      {complete && <p className="field-hint">{describeRange(range)}{range.end <= range.start && range.start !== range.end ? ' (to the next morning)' : ''}</p>}
    </fieldset>
  );
}
