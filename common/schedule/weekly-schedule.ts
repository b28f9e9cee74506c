// A weekly schedule of wall-clock ranges in one time zone ("22:00–07:00 every night, all weekend"): quiet hours and
// recurring maintenance windows both use it, in the core, the service and the window. Ranges are kept as wall
// times, not durations, so a night that loses or gains an hour to daylight saving still ends at 07:00; turning
// a wall time into a moment is left to @date-fns/tz (docs/toolchain.md).
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

/** 0 is Sunday, as JavaScript's `getDay()` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * From `start` on each of `days` until the next `end` (the next day when `end` is not after `start`; a full day
 * when they are equal). "22:00–07:00 on Friday" runs from Friday 22:00 to Saturday 07:00.
 */
export interface WeeklyRange {
  days: Weekday[];
  /** "HH:MM", 24-hour. */
  start: string;
  end: string;
}

/** A stretch of time: epoch ms, `start` included, `end` not. */
export interface Span {
  start: number;
  end: number;
}

const wallTime = /^([01]\d|2[0-3]):([0-5]\d)$/;
const timeError = 'must be a time of day as HH:MM, from 00:00 to 23:59';

const wallTimeSchema = z.string({ error: timeError }).regex(wallTime, { error: timeError });

export const weeklyRangeSchema = z.strictObject(
  {
    days: z
      .array(z.number({ error: 'must list weekdays as numbers from 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6), {
        error: 'must list weekdays as numbers from 0 (Sunday) to 6 (Saturday)',
      })
      .min(1, { error: 'must name at least one day' })
      .max(7, { error: 'must name each day at most once' })
      .refine((days) => new Set(days).size === days.length, { error: 'must name each day at most once' })
      .transform((days) => [...days].sort((a, b) => a - b) as Weekday[]),
    start: wallTimeSchema,
    end: wallTimeSchema,
  },
  { error: 'must be an object with days, start and end' },
);

/** At most this many ranges in one schedule: a week has room for every sensible pattern well below it. */
export const MAX_WEEKLY_RANGES = 14;

export const weeklyRangesSchema = z
  .array(weeklyRangeSchema, { error: 'must be a list of ranges' })
  .max(MAX_WEEKLY_RANGES, { error: `must hold at most ${MAX_WEEKLY_RANGES} ranges` });

/** Whether `timeZone` is an IANA name this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'must be an IANA time zone name, like Europe/Berlin' })
  .min(1, { error: 'must be an IANA time zone name, like Europe/Berlin' })
  .max(64, { error: 'must be an IANA time zone name, like Europe/Berlin' })
  .refine(isTimeZone, { error: 'must be an IANA time zone name this computer knows, like Europe/Berlin' });

/** The time zone the computer is set to (the runtime's own). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function minutesOf(time: string): [number, number] {
  const match = wallTime.exec(time);
  return match === null ? [0, 0] : [Number(match[1]), Number(match[2])];
}

const dayMs = 86_400_000;

/**
 * The schedule's stretches that overlap [from, to), oldest first, with touching or overlapping ones merged (Friday
 * 22:00–07:00 and all of Saturday are one stretch). A stretch is cut at neither end, so it may begin before
 * `from` or end after `to`, except that a schedule covering every moment is cut a week either side.
 *
 * A wall time that daylight saving skips (02:30 on the spring-forward night) is taken as the moment after the
 * gap (03:30); one that happens twice is one of its two moments.
 */
export function weeklySpans(ranges: readonly WeeklyRange[], timeZone: string, from: number, to: number): Span[] {
  if (ranges.length === 0 || to <= from) return [];
  const spans: Span[] = [];
  // A range starts at most a day before it ends, and days are at most 25 hours: begin two days early; merging
  // needs a week more on each side for stretches that run across days.
  const first = new TZDate(from - 9 * dayMs, timeZone);
  const last = to + 8 * dayMs;
  for (let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), timeZone); day.getTime() < last; ) {
    const year = day.getFullYear();
    const month = day.getMonth();
    const date = day.getDate();
    const weekday = day.getDay() as Weekday;
    for (const range of ranges) {
      if (!range.days.includes(weekday)) continue;
      const [startHour, startMinute] = minutesOf(range.start);
      const [endHour, endMinute] = minutesOf(range.end);
      const nextDay = endHour * 60 + endMinute <= startHour * 60 + startMinute ? 1 : 0;
      const start = new TZDate(year, month, date, startHour, startMinute, timeZone).getTime();
      const end = new TZDate(year, month, date + nextDay, endHour, endMinute, timeZone).getTime();
      if (end > start) spans.push({ start, end });
    }
    day = new TZDate(year, month, date + 1, timeZone);
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous !== undefined && span.start <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged.filter((span) => span.end > from && span.start < to);
}

/** Where the schedule stands at `at`: inside a stretch (and until when) or outside (and until the next starts). */
export interface WeeklyState {
  active: boolean;
  /** The stretch `at` is in, when active. */
  span?: Span;
  /** When this state ends: the stretch's end when active, the next stretch's start otherwise (undefined: not within
   * the next week — an empty schedule, or one that covers every moment). */
  until?: number;
}

export function weeklyStateAt(ranges: readonly WeeklyRange[], timeZone: string, at: number): WeeklyState {
  const lookAhead = at + 8 * dayMs;
  const spans = weeklySpans(ranges, timeZone, at, lookAhead);
  const current = spans.find((span) => span.start <= at && at < span.end);
  if (current !== undefined) return current.end >= lookAhead ? { active: true, span: current } : { active: true, span: current, until: current.end };
  const next = spans.find((span) => span.start > at);
  return next === undefined ? { active: false } : { active: false, until: next.start };
}

/** "Weekdays", "Saturday and Sunday", "Monday, Wednesday and Friday", "Every day". */
function describeDays(days: readonly Weekday[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'Every day';
  if (set.size === 5 && [1, 2, 3, 4, 5].every((day) => set.has(day as Weekday))) return 'Weekdays';
  if (set.size === 2 && set.has(0) && set.has(6)) return 'Weekends';
  const names = [1, 2, 3, 4, 5, 6, 0].filter((day) => set.has(day as Weekday)).map((day) => WEEKDAY_NAMES[day] ?? '');
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** "Weekdays 22:00–07:00", "Weekends all day". */
export function describeRange(range: WeeklyRange): string {
  const hours = range.start === range.end ? (range.start === '00:00' ? 'all day' : `${range.start} for 24 h`) : `${range.start}–${range.end}`;
  return `${describeDays(range.days)} ${hours}`;
}
