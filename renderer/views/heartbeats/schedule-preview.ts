// What the heartbeat form says under its cron field as it is typed (pure): the schedule in words with its zone and
// when it next runs ("every weekday at 02:30, Europe/Berlin — next run Tue 02:30"), or why it is not a schedule,
// in the words the service would answer.
import { cronScheduleProblem, nextCronOccurrences, normalizeCron } from '../../../common/schedule/cron-schedule.ts';
import { describeCron } from '../../../common/schedule/cron-description.ts';
import { isTimeZone } from '../../../common/schedule/weekly-schedule.ts';

export type SchedulePreview = { ok: true; text: string } | { ok: false; problem: string };

const dayMs = 86_400_000;

/** "Tue 02:30" within the coming week, "Tue 2 Dec 02:30" beyond it: a wall time in `timeZone`. */
export function runTime(at: number, timeZone: string, now: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  return at - now < 6 * dayMs ? `${part('weekday')} ${time}` : `${part('weekday')} ${part('day')} ${part('month')} ${time}`;
}

/** The schedule's words (or the expression itself), its zone and next run; the next run on this computer's clock too when its zone differs. */
export function schedulePreview(schedule: string, timeZone: string, now: number, localZone: string): SchedulePreview {
  const problem = cronScheduleProblem(schedule);
  if (problem !== undefined) return { ok: false, problem };
  const words = describeCron(schedule) ?? `“${normalizeCron(schedule)}”`;
  const zone = timeZone.trim();
  if (!isTimeZone(zone)) return { ok: true, text: words };
  const [next] = nextCronOccurrences(schedule, zone, now, 1);
  if (next === undefined) return { ok: true, text: `${words}, ${zone}` };
  const there = runTime(next, zone, now);
  const here = runTime(next, localZone, now);
  return { ok: true, text: `${words}, ${zone} — next run ${there}${here === there ? '' : ` (${here} here)`}` };
}
