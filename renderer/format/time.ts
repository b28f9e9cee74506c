// Times as people read them: "3 min ago", "in 2 h", "every 5 min" (pure; `now` is passed in so the UI can
// keep them current from one ticking clock).
import { formatDuration } from '../../common/format/duration.ts';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** "just now", "3 min ago", "in 2 h", "5 days ago"; past and future alike. */
export function relativeTime(at: number, now: number): string {
  const delta = at - now;
  const size = Math.abs(delta);
  if (size < 45 * second) return delta <= 0 ? 'just now' : 'in a few seconds';
  const [amount, unit] = size < hour ? [Math.round(size / minute), 'min'] : size < day ? [Math.round(size / hour), 'h'] : [Math.round(size / day), 'day'];
  const phrase = unit === 'day' ? `${amount} ${amount === 1 ? 'day' : 'days'}` : `${amount} ${unit}`;
  return delta < 0 ? `${phrase} ago` : `in ${phrase}`;
}

export interface DurationUnit {
  id: 'seconds' | 'minutes' | 'hours' | 'days';
  label: string;
  seconds: number;
}

export const DURATION_UNITS: readonly DurationUnit[] = [
  { id: 'seconds', label: 'seconds', seconds: 1 },
  { id: 'minutes', label: 'minutes', seconds: 60 },
  { id: 'hours', label: 'hours', seconds: 3600 },
  { id: 'days', label: 'days', seconds: 86_400 },
];

/** The largest unit that expresses `seconds` exactly: 300 → 5 minutes, 90 → 90 seconds. */
export function durationParts(seconds: number): { amount: number; unit: DurationUnit['id'] } {
  for (const unit of [...DURATION_UNITS].reverse()) {
    if (seconds >= unit.seconds && seconds % unit.seconds === 0) return { amount: seconds / unit.seconds, unit: unit.id };
  }
  return { amount: seconds, unit: 'seconds' };
}

/** "every 5 min", for a period in seconds as the API gives it. */
export function formatFrequency(seconds: number | undefined): string {
  return seconds === undefined ? '—' : `every ${formatDuration(seconds * 1000, 'exact')}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(at: number): string {
  return dateTimeFormat.format(at);
}

/** A calendar date (`YYYY-MM-DD`, as domains carry it) in the reader's format, without shifting the day. */
export function formatCalendarDate(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : dateFormat.format(at);
}

/** Epoch ms of an RFC 3339 time, or undefined. */
export function epochOf(dateTime: string | undefined): number | undefined {
  if (dateTime === undefined) return undefined;
  const at = Date.parse(dateTime);
  return Number.isNaN(at) ? undefined : at;
}
