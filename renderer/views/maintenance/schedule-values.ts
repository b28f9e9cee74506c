// The "Schedule…" form's values (pure): what is typed, the form's own checks in words, and the timing the core
// is asked for. A one-off window has a start and an end; a weekly one has days, times and a time zone.
import type { MaintenanceTiming } from '../../../common/ipc/alerting.ts';
import { MAINTENANCE_LIMITS } from '../../../common/maintenance/maintenance.ts';
import { isTimeZone, type Weekday } from '../../../common/schedule/weekly-schedule.ts';
import type { FieldErrors } from '../../api/call-error.ts';
import { fromLocalInput } from '../../format/local-date-time.ts';

export interface ScheduleDraft {
  repeats: boolean;
  startsAt: string;
  endsAt: string;
  days: Weekday[];
  start: string;
  end: string;
  timeZone: string;
  reason: string;
}

const wallTime = /^([01]\d|2[0-3]):[0-5]\d$/;

export function scheduleErrors(draft: ScheduleDraft, now: number): FieldErrors {
  const errors: Record<string, string> = {};
  if (draft.reason.trim().length > MAINTENANCE_LIMITS.reasonLength) errors['reason'] = `must be at most ${MAINTENANCE_LIMITS.reasonLength} characters`;
  if (draft.repeats) {
    if (draft.days.length === 0) errors['days'] = 'choose at least one day';
    if (!wallTime.test(draft.start)) errors['start'] = 'must be a time such as 02:00';
    if (!wallTime.test(draft.end)) errors['end'] = 'must be a time such as 04:00';
    if (!isTimeZone(draft.timeZone.trim())) errors['timeZone'] = 'must be a time zone such as Europe/Berlin';
    return errors;
  }
  const startsAt = fromLocalInput(draft.startsAt);
  const endsAt = fromLocalInput(draft.endsAt);
  if (startsAt === undefined) errors['startsAt'] = 'must be a date and time';
  if (endsAt === undefined) errors['endsAt'] = 'must be a date and time';
  else if (endsAt <= now) errors['endsAt'] = 'must be in the future';
  else if (startsAt !== undefined && endsAt <= startsAt) errors['endsAt'] = 'must be after the start';
  return errors;
}

/** What the core is asked for; only called once `scheduleErrors` found nothing. */
export function scheduleTiming(draft: ScheduleDraft): MaintenanceTiming {
  const reason = draft.reason.trim() === '' ? {} : { reason: draft.reason.trim() };
  if (draft.repeats) return { endsAt: null, repeat: { days: draft.days, start: draft.start, end: draft.end, timezone: draft.timeZone.trim() }, ...reason };
  return { startsAt: fromLocalInput(draft.startsAt) ?? 0, endsAt: fromLocalInput(draft.endsAt) ?? 0, ...reason };
}

/** The core names the timing's fields; the form names its own. */
export function scheduleFieldsOf(fields: FieldErrors): FieldErrors {
  const names: Record<string, string> = { 'repeat.days': 'days', 'repeat.start': 'start', 'repeat.end': 'end', 'repeat.timezone': 'timeZone', 'repeat': 'days' };
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [names[field] ?? field, message]));
}
