// Times as people read them: "3 min ago", "in 2 h", "every 5 min" (pure; `now` is passed in so the UI can
// keep them current from one ticking clock).
import { formatDuration, type DurationUnit } from '../../common/format/duration.ts';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** How far ahead of the page's clock a time may be and still read "just now": the clock ticks every 10 s, so what
 * happened a moment ago (a row just saved) can carry a time the page has not reached yet. */
const aheadStillNow = minute;

/** "just now", "3 min ago", "in 2 h", "5 days ago"; past and future alike. */
export function relativeTime(at: number, now: number): string {
  const delta = at - now;
  const size = Math.abs(delta);
  if (delta <= aheadStillNow && delta > -45 * second) return 'just now';
  const [amount, unit] = size < hour ? [Math.round(size / minute), 'min'] : size < day ? [Math.round(size / hour), 'h'] : [Math.round(size / day), 'day'];
  const phrase = unit === 'day' ? `${amount} ${amount === 1 ? 'day' : 'days'}` : `${amount} ${unit}`;
  return delta < 0 ? `${phrase} ago` : `in ${phrase}`;
}

// The units, shared with the input rules' messages ("between 10 seconds and 366 days").
export { DURATION_UNITS, durationParts, type DurationUnit } from '../../common/format/duration.ts';

/** The unit's name as it reads after the amount typed: "1 minute", "5 minutes", "1.5 hours". */
export function unitLabel(unit: DurationUnit, amount: string): string {
  return Number(amount.trim()) === 1 ? unit.one : unit.many;
}

/** "every 5 min", for a period in seconds as the API gives it. */
export function formatFrequency(seconds: number | undefined): string {
  return seconds === undefined ? '—' : `every ${formatDuration(seconds * 1000, 'exact')}`;
}

// A moment in the browser's locale and zone: the one way (common/format/clock-time.ts).
export { formatDateTime } from '../../common/format/clock-time.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

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
