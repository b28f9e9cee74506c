// The fields of a heartbeat's create body: every one optional, as in the spec. Beyond the spec's two, Vigil's
// service takes a cron `schedule` (with its `timezone`) instead of `expected_interval`, a per-heartbeat
// `grace_seconds` and a `max_runtime_seconds` (docs/api-decisions.md §16); a server without them ignores them.

import { z } from 'zod';
import { cronScheduleProblem, normalizeCron } from '../schedule/cron-schedule.ts';
import { timeZoneSchema } from '../schedule/weekly-schedule.ts';
import { numberInput, requiredOr, textInput } from './input-fields.ts';
import { expectedIntervalRule, nameRule, secondsRangeRule, type Rule } from './input-rules.ts';

/** Bounds of the heartbeat extension's fields, in seconds. */
export const HEARTBEAT_LIMITS = {
  /** Above the 5-second scan, so "late" never comes before the grace is over; up to a year, like expected_interval. */
  graceSeconds: { min: 10, max: 31_622_400 },
  /** A run may take up to 30 days before it counts as too long. */
  maxRuntimeSeconds: { min: 10, max: 2_592_000 },
  scheduleMaxLength: 200,
} as const;

const timeZoneMessage = 'must be an IANA time zone name, like Europe/Berlin';

/** The zone as the runtime spells it ("europe/berlin" is Europe/Berlin), so it reads back as people write it. */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

const scheduleRule: Rule<string> = (schedule) =>
  schedule.length > HEARTBEAT_LIMITS.scheduleMaxLength ? `must be at most ${HEARTBEAT_LIMITS.scheduleMaxLength} characters` : cronScheduleProblem(schedule);

/** Each field as a person gives it; the heartbeat's field table (heartbeat.ts) makes the create body of them. */
export const heartbeatFieldInputs = {
  name: textInput(nameRule),
  expected_interval: numberInput(expectedIntervalRule),
  schedule: z
    .string({ error: requiredOr('must be text') })
    .superRefine((text, context) => {
      const message = scheduleRule(text);
      if (message !== undefined) context.addIssue({ code: 'custom', message });
    })
    .transform(normalizeCron),
  timezone: z.string({ error: timeZoneMessage }).trim().pipe(timeZoneSchema).transform(canonicalTimeZone),
  grace_seconds: numberInput(secondsRangeRule(HEARTBEAT_LIMITS.graceSeconds)),
  max_runtime_seconds: numberInput(secondsRangeRule(HEARTBEAT_LIMITS.maxRuntimeSeconds)),
};

type ExpectationFields = { expected_interval?: number | undefined; schedule?: string | undefined; timezone?: string | undefined };

/** A heartbeat follows one expectation: a job on a timetable, or one that pings every so often. */
export function oneExpectation(context: z.core.ParsePayload<ExpectationFields>): void {
  const body = context.value;
  if (body.schedule !== undefined && body.expected_interval !== undefined) {
    context.issues.push({ code: 'custom', message: 'must not be given together with expected_interval: give one of the two', path: ['schedule'], input: body.schedule });
  }
  if (body.timezone !== undefined && body.schedule === undefined) {
    context.issues.push({ code: 'custom', message: 'is used only with schedule', path: ['timezone'], input: body.timezone });
  }
}

/** What Vigil's service fills in for absent fields; the client sends only what the user gave. */
export const HEARTBEAT_DEFAULTS = { name: 'Heartbeat', expected_interval: 3600 } as const;
