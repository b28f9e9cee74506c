// The days of a weekly schedule as toggle chips, Monday first: each a button that says whether it is in
// (aria-pressed), in a labelled group whose error is read with it.
import { useId } from 'react';
import { WEEKDAY_NAMES, type Weekday } from '../../common/schedule/weekly-schedule.ts';
import { sentence } from './fields.tsx';

const weekOrder: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export interface DayChipsProps {
  /** "Days": the group's name (a screen reader says "Days, group"). */
  label: string;
  days: readonly Weekday[];
  onChange(days: Weekday[]): void;
  error?: string | undefined;
}

export function DayChips({ label, days, onChange, error }: DayChipsProps) {
  const labelId = useId();
  const errorId = useId();
  const chosen = new Set(days);
  const toggle = (day: Weekday) => onChange(weekOrder.filter((each) => (each === day ? !chosen.has(each) : chosen.has(each))));
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} aria-describedby={error === undefined ? undefined : errorId} className="day-chips">
        {weekOrder.map((day) => (
          <button key={day} type="button" className="day-chip" aria-pressed={chosen.has(day)} aria-label={WEEKDAY_NAMES[day]} onClick={() => toggle(day)}>
            {WEEKDAY_NAMES[day].slice(0, 3)}
          </button>
        ))}
      </div>
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {sentence(error)}
        </p>
      )}
    </div>
  );
}
