// Cron schedules of heartbeats ("30 2 * * *" in Europe/Berlin): whether a text is a five-field cron expression, and
// when it next fires. Pure, so the service (lateness) and the window (a preview of the next runs) agree. Parsing and
// time zones are croner's (docs/toolchain.md); this file pins down the dialect Vigil accepts.
//
// Daylight saving follows Vixie cron, as croner does: a job at a fixed time that the clocks skip (02:30 on the
// spring-forward night) runs at the first moment after the gap; one at a time that happens twice runs once; a job
// with a wildcard or step in its minute or hour runs on every real occurrence.
import { Cron } from 'croner';

/** Vixie cron's shorthands; `@reboot` has no moment, so it is not one. */
const SHORTHANDS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

const CRON_HINT = 'like "30 2 * * *" (minute, hour, day of month, month, day of week)';

/** Single spaces between the fields, so equal schedules are equal texts. */
export function normalizeCron(text: string): string {
  const spaced = text.trim().split(/\s+/).join(' ');
  return spaced.startsWith('@') ? spaced.toLowerCase() : spaced;
}

function cronOf(schedule: string, timeZone: string): Cron {
  // No job function: the object only answers questions, it never starts a timer.
  return new Cron(normalizeCron(schedule), { timezone: timeZone, mode: '5-part' });
}

/**
 * Why `schedule` is not a cron expression Vigil runs on, as a phrase for a field error ("must …", "has …"), or
 * undefined when it is one: exactly five fields (seconds and years are refused), or one of the shorthands.
 */
export function cronScheduleProblem(schedule: string): string | undefined {
  const text = normalizeCron(schedule);
  if (text === '') return `must not be empty: give a cron expression ${CRON_HINT}`;
  const shorthand = text.startsWith('@');
  if (shorthand && !SHORTHANDS.has(text)) return `must be a cron expression ${CRON_HINT}, or one of ${[...SHORTHANDS].join(', ')}`;
  const fields = text.split(' ').length;
  if (!shorthand && fields !== 5) {
    const extra = fields > 5 ? ' (seconds and years are not supported)' : '';
    return `must have 5 fields, not ${fields}${extra}: ${CRON_HINT}`;
  }
  let cron: Cron;
  try {
    cron = cronOf(text, 'UTC');
  } catch (error) {
    return `is not a valid cron expression: ${cronErrorText(error)}; write it ${CRON_HINT}`;
  }
  // Croner looks a few years ahead; "0 0 30 2 *" (30 February) never comes.
  if (cron.nextRun(new Date(0)) === null) return 'never fires: no date matches it';
  return undefined;
}

function cronErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^CronPattern:\s*/, '').replace(/\.$/, '');
}

/** The first time the schedule fires strictly after `afterMs`, as epoch ms; undefined when it never does. */
export function nextCronOccurrence(schedule: string, timeZone: string, afterMs: number): number | undefined {
  return cronOf(schedule, timeZone).nextRun(new Date(afterMs))?.getTime();
}

/** The next `count` times the schedule fires after `afterMs`, for a preview. */
export function nextCronOccurrences(schedule: string, timeZone: string, afterMs: number, count: number): number[] {
  return cronOf(schedule, timeZone)
    .nextRuns(count, new Date(afterMs))
    .map((date) => date.getTime());
}

const minuteMs = 60_000;
const dayMs = 86_400_000;
/** How far ahead `longestCronGap` looks: a year and a bit, so yearly and daylight-saving pauses are seen. */
const gapHorizonMs = 400 * dayMs;
/** Probes spaced by the longest pause found so far, before the daily ones take over. */
const gapLatticeProbes = 500;

/**
 * The longest wait, in seconds, from `fromMs` to the first occurrence and between consecutive occurrences over the
 * next 400 days: what a client that judges by an interval must allow so it never calls the job late early.
 * Undefined when the schedule never fires.
 *
 * Rather than walk every occurrence (half a million for "every minute"), it probes: the pause around a moment is
 * from the occurrence before it to the one after. Any pause longer than the longest found so far holds a probe when
 * probes are spaced by that longest, so they are, growing as it grows; a schedule dense at first (every minute on
 * weekdays) is then probed once a day, which finds any pause of a day or more later on.
 */
export function longestCronGap(schedule: string, timeZone: string, fromMs: number): number | undefined {
  const cron = cronOf(schedule, timeZone);
  const first = cron.nextRun(new Date(fromMs));
  if (first === null) return undefined;
  const end = fromMs + gapHorizonMs;
  let longest = first.getTime() - fromMs;
  const probe = (at: number) => {
    // The occurrence at or before `at` (croner counts one in the same second), and the first after it.
    const before = cron.previousRuns(1, new Date(at + 1))[0];
    const after = cron.nextRun(new Date(at));
    if (before !== undefined && after !== null) longest = Math.max(longest, after.getTime() - before.getTime());
    // No occurrence after: the schedule ends within croner's reach; the wait from the last one is unbounded here.
    if (after === null) longest = Math.max(longest, end - at);
  };
  let at = first.getTime();
  for (let probes = 0; at < end && probes < gapLatticeProbes; probes++, at += Math.max(minuteMs, longest)) probe(at);
  if (longest < dayMs) for (; at < end; at += dayMs) probe(at);
  return Math.ceil(longest / 1000);
}
