// Cron schedules in words, for the shapes jobs usually have: "every 15 minutes", "hourly at :05", "daily at 02:30",
// "every weekday at 02:30", "weekly on Tuesday at 02:30", "monthly on day 1 at 04:00". Any other schedule has no
// words here (undefined), and is shown as written. Pure; no time zone: the words are the schedule's own wall time.
//
// Hand-written rather than a library: none that describes cron is installed (cronstrue would be the one), nothing
// may be added now, and the usual shapes are few. The dialect is cron-schedule.ts's (names, 0 and 7 for Sunday).
import { normalizeCron } from './cron-schedule.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const DAY_NUMBERS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const MONTH_NUMBERS: Record<string, number> = Object.fromEntries(MONTHS.map((name, index) => [name.slice(0, 3).toLowerCase(), index + 1]));

/** What the shorthands stand for (Vixie cron's). */
const SHORTHANDS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The five fields (minute, hour, day of month, month, day of week), shorthands spelt out; undefined if not five. */
export function cronFields(schedule: string): string[] | undefined {
  const text = normalizeCron(schedule);
  const fields = (SHORTHANDS[text] ?? text).split(' ');
  return fields.length === 5 ? fields : undefined;
}

function numberIn(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function dayNumber(text: string): number | undefined {
  const named = DAY_NUMBERS[text.toLowerCase()];
  if (named !== undefined) return named;
  const value = numberIn(text, 0, 7);
  return value === 7 ? 0 : value;
}

/** The days of a day-of-week field of numbers, names, ranges and lists, Monday first; undefined for other forms. */
export function daysOfWeek(field: string): number[] | undefined {
  const days = new Set<number>();
  for (const part of field.split(',')) {
    const [from, to, extra] = part.split('-');
    const first = from === undefined ? undefined : dayNumber(from);
    if (first === undefined || extra !== undefined) return undefined;
    // "5-7" is Friday to Sunday: 7 is Sunday at the end of a range.
    const last = to === undefined ? first : to === '7' ? 7 : dayNumber(to);
    if (last === undefined || last < first) return undefined;
    for (let day = first; day <= last; day += 1) days.add(day % 7);
  }
  return [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "Monday, Wednesday and Friday". */
function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** "02:30", "02:30 and 14:30" for one minute and a list of hours; undefined for anything else. */
function timesOf(minuteField: string, hourField: string): string | undefined {
  const minute = numberIn(minuteField, 0, 59);
  const hours = hourField.split(',').map((hour) => numberIn(hour, 0, 23));
  if (minute === undefined || hours.some((hour) => hour === undefined)) return undefined;
  return listed(hours.map((hour) => `${pad(hour ?? 0)}:${pad(minute)}`));
}

function daysPhrase(days: readonly number[]): string {
  if (days.length === 5 && [1, 2, 3, 4, 5].every((day) => days.includes(day))) return 'every weekday';
  if (days.length === 7) return 'daily';
  if (days.length === 1) return `weekly on ${WEEKDAYS[days[0] ?? 0]}`;
  return `every ${listed(days.map((day) => WEEKDAYS[day] ?? ''))}`;
}

function monthNumber(text: string): number | undefined {
  return MONTH_NUMBERS[text.toLowerCase()] ?? numberIn(text, 1, 12);
}

/** The schedule in words, or undefined when it has a shape this does not put into words. */
export function describeCron(schedule: string): string | undefined {
  const fields = cronFields(schedule);
  if (fields === undefined) return undefined;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  const everyDay = dayOfMonth === '*' && month === '*' && dayOfWeek === '*';

  if (everyDay && hour === '*') {
    if (minute === '*') return 'every minute';
    const step = /^\*\/(\d{1,2})$/.exec(minute)?.[1];
    if (step !== undefined && Number(step) >= 1) return Number(step) === 1 ? 'every minute' : `every ${Number(step)} minutes`;
    const at = numberIn(minute, 0, 59);
    return at === undefined ? undefined : `hourly at :${pad(at)}`;
  }
  const hourStep = /^\*\/(\d{1,2})$/.exec(hour)?.[1];
  const atMinute = numberIn(minute, 0, 59);
  if (everyDay && hourStep !== undefined && atMinute !== undefined && Number(hourStep) >= 1) {
    return Number(hourStep) === 1 ? `hourly at :${pad(atMinute)}` : `every ${Number(hourStep)} hours at :${pad(atMinute)}`;
  }

  const times = timesOf(minute, hour);
  if (times === undefined) return undefined;
  if (everyDay) return `daily at ${times}`;
  if (dayOfMonth === '*' && month === '*') {
    const days = daysOfWeek(dayOfWeek);
    return days === undefined ? undefined : `${daysPhrase(days)} at ${times}`;
  }
  if (dayOfWeek !== '*') return undefined;
  const day = dayOfMonth.toUpperCase() === 'L' ? 'the last day' : numberIn(dayOfMonth, 1, 31);
  if (day === undefined) return undefined;
  if (month === '*') return `monthly on ${typeof day === 'number' ? `day ${day}` : day} at ${times}`;
  const monthIndex = monthNumber(month);
  if (monthIndex === undefined) return undefined;
  const monthName = MONTHS[monthIndex - 1] ?? '';
  return `yearly on ${typeof day === 'number' ? `${day} ${monthName}` : `the last day of ${monthName}`} at ${times}`;
}
