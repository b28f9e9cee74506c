// The quiet hours form's own checks (pure), by field as the form names them ("ranges.0.start"), and the core's
// field names made the form's ("quietHours.ranges.0.start" → "ranges.0.start").
import type { QuietHours } from '../../../common/ipc/alerting.ts';
import type { FieldErrors } from '../../api/call-error.ts';

const wallTime = /^([01]\d|2[0-3]):[0-5]\d$/;

export function quietHoursErrors(quietHours: QuietHours): FieldErrors {
  const errors: Record<string, string> = {};
  if (!quietHours.enabled) return errors;
  quietHours.ranges.forEach((range, index) => {
    if (range.days.length === 0) errors[`ranges.${index}.days`] = 'choose at least one day';
    if (!wallTime.test(range.start)) errors[`ranges.${index}.start`] = 'must be a time such as 22:00';
    if (!wallTime.test(range.end)) errors[`ranges.${index}.end`] = 'must be a time such as 07:00';
  });
  return errors;
}

export function quietHoursFieldsOf(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field.replace(/^quietHours\./, ''), message]));
}

/** One range's errors, by its own field names (days, start, end). */
export function rangeErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `ranges.${index}.`;
  return Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (field.startsWith(prefix) ? [[field.slice(prefix.length), message]] : [])));
}
