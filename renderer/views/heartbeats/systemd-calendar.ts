// A cron schedule as a systemd timer's OnCalendar= (pure), for the ready-made timer: "30 2 * * 1-5" in
// Europe/Berlin is "Mon..Fri *-*-* 02:30:00 Europe/Berlin". Only what means the same in both: numbers, ranges,
// lists and steps, names of days, `L` for the last day of the month. A schedule with both day fields restricted
// (cron fires on either, systemd on both), `W`, `#` or named months has no OnCalendar here (undefined).
import { cronFields, daysOfWeek } from '../../../common/schedule/cron-description.ts';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** One field of numbers (`5`, `1-5`, `*\/15`, `0-30/10`, lists of them) in systemd's spelling; undefined otherwise. */
function calendarField(field: string, min: number, max: number): string | undefined {
  if (field === '*') return '*';
  const parts = field.split(',').map((part) => {
    const match = /^(\*|\d{1,2})(?:-(\d{1,2}))?(?:\/(\d{1,2}))?$/.exec(part);
    if (match === null) return undefined;
    const [, from = '', to, step] = match;
    const stepText = step === undefined ? '' : `/${Number(step)}`;
    if (step !== undefined && Number(step) < 1) return undefined;
    if (from === '*') return to === undefined ? (step === undefined ? '*' : `${pad(min)}${stepText}`) : undefined;
    const first = Number(from);
    const last = to === undefined ? undefined : Number(to);
    if (first < min || first > max || (last !== undefined && (last < first || last > max))) return undefined;
    return `${pad(first)}${last === undefined ? '' : `..${pad(last)}`}${stepText}`;
  });
  return parts.every((part) => part !== undefined) ? parts.join(',') : undefined;
}

/** "Mon..Fri", "Mon,Wed,Fri", "Sat..Sun": runs of three or more days as ranges. */
function daysField(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run !== undefined && (run.at(-1) ?? -1) % 7 === (day + 6) % 7) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${DAY_NAMES[run[0] ?? 0]}..${DAY_NAMES[run.at(-1) ?? 0]}`] : run.map((day) => DAY_NAMES[day] ?? '')))
    .join(',');
}

/** OnCalendar= for the schedule in `timeZone` (none: the computer's), or undefined when it cannot say the same. */
export function onCalendarOf(schedule: string, timeZone: string | undefined): string | undefined {
  const fields = cronFields(schedule);
  if (fields === undefined) return undefined;
  const [minuteField = '', hourField = '', dayField = '', monthField = '', weekField = ''] = fields;
  const minute = calendarField(minuteField, 0, 59);
  const hour = calendarField(hourField, 0, 23);
  const month = calendarField(monthField, 1, 12);
  const lastDay = dayField.toUpperCase() === 'L';
  const day = lastDay ? '~01' : calendarField(dayField, 1, 31);
  if (minute === undefined || hour === undefined || month === undefined || day === undefined) return undefined;
  if (weekField !== '*' && dayField !== '*') return undefined;
  const days = weekField === '*' ? undefined : daysOfWeek(weekField);
  if (weekField !== '*' && days === undefined) return undefined;
  const weekdays = days === undefined || days.length === 7 ? '' : `${daysField(days)} `;
  const date = lastDay ? `*-${month}~01` : `*-${month}-${day}`;
  return `${weekdays}${date} ${hour}:${minute}:00${timeZone === undefined ? '' : ` ${timeZone}`}`;
}
