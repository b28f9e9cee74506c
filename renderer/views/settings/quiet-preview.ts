// Quiet hours in words (pure): where the schedule stands now in the settings' time zone — "Quiet now until 07:00",
// "Next quiet hours: today 22:00" — with the times as the ranges are written (24-hour clock).
import { weeklyStateAt, type WeeklyRange } from '../../../common/schedule/weekly-schedule.ts';

const dayMs = 86_400_000;

function formatters(timeZone: string) {
  return {
    day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
    weekday: new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone }),
    time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  };
}

/** "today 22:00", "tomorrow 07:00", "Saturday 00:00" (within the week ahead, which is all a schedule spans). */
export function dayAndTime(at: number, now: number, timeZone: string): string {
  const { day, weekday, time } = formatters(timeZone);
  const date = day.format(at);
  const when = date === day.format(now) ? 'today' : date === day.format(now + dayMs) ? 'tomorrow' : weekday.format(at);
  return `${when} ${time.format(at)}`;
}

export function quietStateText(ranges: readonly WeeklyRange[], timeZone: string, now: number): string {
  if (ranges.length === 0) return 'No quiet hours: add a range.';
  const state = weeklyStateAt(ranges, timeZone, now);
  if (state.until === undefined) return state.active ? 'Quiet all the time.' : 'No quiet hours in the week ahead.';
  // "until 07:00" when it ends today; the day too when it does not.
  const until = dayAndTime(state.until, now, timeZone).replace(/^today /, '');
  return state.active ? `Quiet now until ${until}.` : `Next quiet hours: ${dayAndTime(state.until, now, timeZone)}.`;
}
