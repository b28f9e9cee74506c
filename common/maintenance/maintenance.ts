// The maintenance extension of Vigil's service (docs/api-decisions.md §15): windows in which a server's items, or
// one item, raise no alert and count neither up nor down. The wire shape, read tolerantly; the body a client sends
// to create one, checked by both sides; and which moments a window covers, so the service (its alerts, its uptime)
// and the client (its notifications, its record, the window) agree to the millisecond.
import { z } from 'zod';
import { weeklyRangeSchema, weeklySpans, timeZoneSchema, type Span, type WeeklyRange } from '../schedule/weekly-schedule.ts';
import { dateTimeToEpochMs } from '../api/datetimes.ts';
import { readDateTime, readId, readText, type ItemReader } from '../api/fields.ts';
import { isJsonObject } from '../api/json.ts';

/** The extension's name under `GET /capabilities`. */
export const MAINTENANCE_EXTENSION = 'maintenance';

/** A weekly window: the ranges in a time zone (IANA). */
export interface MaintenanceRepeat extends WeeklyRange {
  timezone: string;
}

/** A window as the service answers it. Every field optional, as everywhere on the response side. */
export type MaintenanceWindow = {
  id?: string | undefined;
  /** `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`; absent: every item of the server. */
  item?: string | undefined;
  item_name?: string | undefined;
  starts_at?: string | undefined;
  /** Absent or null: until someone ends it. For a weekly window, when the series stops. */
  ends_at?: string | undefined;
  repeat?: MaintenanceRepeat | undefined;
  reason?: string | undefined;
  /** Set when it was ended early (by hand); it covers nothing from then on. */
  ended_at?: string | undefined;
  created_at?: string | undefined;
};

function readRepeat(value: unknown): MaintenanceRepeat | undefined {
  if (!isJsonObject(value)) return undefined;
  const parsed = maintenanceRepeatSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const readMaintenanceWindow: ItemReader<MaintenanceWindow> = (object, context) => ({
  id: readId(object, 'id', context),
  item: readText(object, 'item', context),
  item_name: readText(object, 'item_name', context),
  starts_at: readDateTime(object, 'starts_at', context),
  ends_at: readDateTime(object, 'ends_at', context),
  repeat: readRepeat(object.repeat),
  reason: readText(object, 'reason', context),
  ended_at: readDateTime(object, 'ended_at', context),
  created_at: readDateTime(object, 'created_at', context),
});

export const MAINTENANCE_LIMITS = {
  reasonLength: 200,
  /** Windows a server keeps at once, ended ones included (the oldest ended go first). */
  windows: 1_000,
} as const;

export const ITEM_REF_PATTERN = /^(monitor|heartbeat|domain):[^\s]{1,200}$/;

export const maintenanceRepeatSchema = weeklyRangeSchema.extend({ timezone: timeZoneSchema });

/** Why a window is on ("deploy", "router firmware"), as the service keeps it and the app sends it. */
export const maintenanceReasonSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(MAINTENANCE_LIMITS.reasonLength, { error: `must be at most ${MAINTENANCE_LIMITS.reasonLength} characters` });

const dateTime = z
  .string({ error: 'must be a date-time with offset, like 2026-11-24T22:00:00Z' })
  .refine((text) => dateTimeToEpochMs(text) !== undefined, { error: 'must be a date-time with offset, like 2026-11-24T22:00:00Z' });

/**
 * `POST /maintenance`. `starts_at` defaults to now; `ends_at` null (or absent) means "until ended". With `repeat`
 * the window covers only the weekly ranges, between `starts_at` and `ends_at`.
 */
export const maintenanceCreateSchema = z
  .strictObject(
    {
      item: z
        .string({ error: 'must be monitor:<id>, heartbeat:<id> or domain:<id>' })
        .regex(ITEM_REF_PATTERN, { error: 'must be monitor:<id>, heartbeat:<id> or domain:<id>' })
        .optional(),
      starts_at: dateTime.optional(),
      ends_at: dateTime.nullable().optional(),
      repeat: maintenanceRepeatSchema.optional(),
      reason: maintenanceReasonSchema.optional(),
    },
    { error: 'must be a JSON object' },
  )
  .check((context) => {
    const { starts_at: startsAt, ends_at: endsAt } = context.value;
    if (startsAt === undefined || endsAt === undefined || endsAt === null) return;
    if ((dateTimeToEpochMs(endsAt) ?? 0) <= (dateTimeToEpochMs(startsAt) ?? 0)) {
      context.issues.push({ code: 'custom', message: 'must be after starts_at', path: ['ends_at'], input: endsAt });
    }
  });
export type MaintenanceCreateBody = z.input<typeof maintenanceCreateSchema>;

/** What a window covers, in numbers: the one shape both the service and the client reason with. */
export interface MaintenanceRule {
  /** The item's key (`monitor:<id>`); absent: every item. */
  item?: string;
  from: number;
  /** Exclusive; absent: until ended. Ending a window early sets this to the moment it ended. */
  until?: number;
  repeat?: MaintenanceRepeat;
}

/** A window as a rule, or undefined when it cannot cover anything (no usable start). */
export function maintenanceRuleOf(window: MaintenanceWindow): MaintenanceRule | undefined {
  const from = window.starts_at === undefined ? undefined : dateTimeToEpochMs(window.starts_at);
  if (from === undefined) return undefined;
  const epochOf = (text: string | undefined) => (text === undefined ? undefined : dateTimeToEpochMs(text));
  return maintenanceRule({ item: window.item, from, ends: [epochOf(window.ends_at), epochOf(window.ended_at)], repeat: window.repeat });
}

/** A window's parts as a rule, wherever it is kept: it covers until the earliest of its ends (planned, or ended by hand). */
export function maintenanceRule(parts: { item: string | undefined; from: number; ends: readonly (number | undefined)[]; repeat: MaintenanceRepeat | undefined }): MaintenanceRule {
  const rule: MaintenanceRule = { from: parts.from };
  if (parts.item !== undefined) rule.item = parts.item;
  const ends = parts.ends.filter((end) => end !== undefined);
  if (ends.length > 0) rule.until = Math.min(...ends);
  if (parts.repeat !== undefined) rule.repeat = parts.repeat;
  return rule;
}

/** The stretches of [from, to) the rule covers, oldest first, cut to [from, to). */
export function maintenanceSpans(rule: MaintenanceRule, from: number, to: number): Span[] {
  const start = Math.max(from, rule.from);
  const end = Math.min(to, rule.until ?? Number.POSITIVE_INFINITY);
  if (end <= start) return [];
  if (rule.repeat === undefined) return [{ start, end }];
  return weeklySpans([rule.repeat], rule.repeat.timezone, start, end).map((span) => ({
    start: Math.max(span.start, start),
    end: Math.min(span.end, end),
  }));
}

/** Whether the rule covers the item (its key) at `at`. */
export function maintenanceCovers(rule: MaintenanceRule, itemKey: string, at: number): boolean {
  if (rule.item !== undefined && rule.item !== itemKey) return false;
  return maintenanceSpans(rule, at, at + 1).length > 0;
}
