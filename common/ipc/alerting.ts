// How calmly Vigil tells (issue "Calm alerts"): quiet hours, maintenance, dependencies, flapping, delays and per-item
// rules as the window edits them and the settings file keeps them. One set of schemas for both sides, so a value the
// window sends is checked exactly as the file is.
import { z } from 'zod';
import { maintenanceReasonSchema, maintenanceRepeatSchema, type MaintenanceRepeat } from '../maintenance/maintenance.ts';
import { weeklyRangesSchema, type WeeklyRange } from '../schedule/weekly-schedule.ts';

export const ALERTING_BOUNDS = {
  /** "Tell me only if down for N minutes". */
  delayMinutes: { min: 0, max: 1_440, default: 0 },
  /** More than `changes` changes of state within `minutes` is flapping; quiet for `minutes` is settled. */
  flappingChanges: { min: 2, max: 50, default: 4 },
  flappingMinutes: { min: 1, max: 1_440, default: 15 },
  /** A maintenance window started "for" a while: at most a year, as `vigil maintenance start --for` allows. */
  maintenanceMinutes: { min: 1, max: 525_600 },
} as const;

function wholeNumber(bounds: { min: number; max: number }, unit: string) {
  const error = `must be a whole number of ${unit} from ${bounds.min} to ${bounds.max}`;
  return z.number({ error }).int({ error }).min(bounds.min, { error }).max(bounds.max, { error });
}

export const delayMinutesSchema = wholeNumber(ALERTING_BOUNDS.delayMinutes, 'minutes');

export const flappingSchema = z.strictObject(
  {
    changes: wholeNumber(ALERTING_BOUNDS.flappingChanges, 'changes'),
    minutes: wholeNumber(ALERTING_BOUNDS.flappingMinutes, 'minutes'),
  },
  { error: 'must be an object with changes and minutes' },
);

/** Every night 22:00–07:00 and all weekend: a fresh install's schedule, off until the user turns it on. */
const DEFAULT_QUIET_RANGES: readonly WeeklyRange[] = Object.freeze([
  { days: [0, 1, 2, 3, 4, 5, 6], start: '22:00', end: '07:00' },
  { days: [0, 6], start: '00:00', end: '00:00' },
]);

export const quietHoursSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be true or false' }),
    /** In the computer's time zone, whatever it is at the moment. */
    ranges: weeklyRangesSchema,
    /** A monitor down or a heartbeat down is told at once, even while quiet. */
    criticalBreaksThrough: z.boolean({ error: 'must be true or false' }),
  },
  { error: 'must be an object with enabled, ranges and criticalBreaksThrough' },
);
export type QuietHours = z.output<typeof quietHoursSchema>;

export const DEFAULT_QUIET_HOURS: QuietHours = Object.freeze({
  enabled: false,
  ranges: DEFAULT_QUIET_RANGES.map((range) => ({ ...range, days: [...range.days] })),
  criticalBreaksThrough: true,
});

export const alertingDefaultsSchema = z.strictObject(
  { delayMinutes: delayMinutesSchema, flapping: flappingSchema },
  { error: 'must be an object with delayMinutes and flapping' },
);
export type AlertingDefaults = z.output<typeof alertingDefaultsSchema>;

export const DEFAULT_ALERTING: AlertingDefaults = Object.freeze({
  delayMinutes: ALERTING_BOUNDS.delayMinutes.default,
  flapping: { changes: ALERTING_BOUNDS.flappingChanges.default, minutes: ALERTING_BOUNDS.flappingMinutes.default },
});

/** The kinds of news an item's rule can turn off (each on unless the item says otherwise). */
export const TELL_KINDS = ['down', 'recovered', 'late', 'expiry'] as const;
export type TellKind = (typeof TELL_KINDS)[number];

export const itemRuleSchema = z.strictObject(
  {
    /** Absent: the default (`alerting.delayMinutes`). */
    delayMinutes: delayMinutesSchema.optional(),
    /** Absent kinds are told. */
    tell: z
      .strictObject(Object.fromEntries(TELL_KINDS.map((kind) => [kind, z.boolean({ error: 'must be true or false' }).optional()])) as Record<TellKind, z.ZodOptional<z.ZodBoolean>>, {
        error: 'must be an object of down, recovered, late and expiry flags',
      })
      .optional(),
  },
  { error: 'must be an object' },
);
export type ItemRule = z.output<typeof itemRuleSchema>;

/** What `setItemRules` changes: `null` puts a field back to the default (no delay of its own, no parent). */
export const itemRulesPatchSchema = z.strictObject(
  {
    delayMinutes: delayMinutesSchema.nullable().optional(),
    tell: itemRuleSchema.shape.tell.unwrap().nullable().optional(),
    /** The server item key of the item this one depends on (same server). */
    dependsOn: z.string({ error: 'must be a server item key' }).min(3).max(600).nullable().optional(),
  },
  { error: 'must be an object' },
);
export type ItemRulesPatch = z.input<typeof itemRulesPatchSchema>;

export interface ItemRulesView {
  itemKey: string;
  /** Its own delay; absent: the default below applies. */
  delayMinutes?: number;
  defaultDelayMinutes: number;
  tell: Record<TellKind, boolean>;
  dependsOn?: { itemKey: string; name: string };
  /** Items that depend on this one. */
  dependents: number;
  /** The server keeps what it depends on (its own email and webhooks fold too), or Vigil does (only its notifications fold). */
  dependenciesKeptBy: 'server' | 'vigil';
}

/** Where a maintenance window applies: everything watched, one server, or one item (a server item key). */
export const maintenanceTargetSchema = z.discriminatedUnion(
  'scope',
  [
    z.strictObject({ scope: z.literal('everything') }),
    z.strictObject({ scope: z.literal('server'), connectionId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { error: 'must be the id of a connection' }) }),
    z.strictObject({ scope: z.literal('item'), itemKey: z.string().min(3).max(600) }),
  ],
  { error: 'must say the scope: everything, server (with connectionId) or item (with itemKey)' },
);
export type MaintenanceTarget = z.output<typeof maintenanceTargetSchema>;

const epochMs = z.number({ error: 'must be a time in epoch milliseconds' }).int().min(0).max(8_640_000_000_000_000);

/**
 * When a window covers: from `startsAt` (default now) for `forMinutes`, or until `endsAt` (null: until ended); with
 * `repeat`, only the weekly ranges (time zone default: the computer's).
 */
export const maintenanceTimingSchema = z
  .strictObject(
    {
      startsAt: epochMs.optional(),
      forMinutes: wholeNumber(ALERTING_BOUNDS.maintenanceMinutes, 'minutes').optional(),
      endsAt: epochMs.nullable().optional(),
      repeat: maintenanceRepeatSchema.partial({ timezone: true }).optional(),
      reason: maintenanceReasonSchema.optional(),
    },
    { error: 'must be an object' },
  )
  .check((context) => {
    const { forMinutes, endsAt, startsAt, repeat } = context.value;
    if (forMinutes !== undefined && endsAt !== undefined) {
      context.issues.push({ code: 'custom', message: 'give either forMinutes or endsAt, not both', path: ['forMinutes'], input: forMinutes });
    }
    if (forMinutes === undefined && endsAt === undefined && repeat === undefined) {
      context.issues.push({ code: 'custom', message: 'say how long: forMinutes, endsAt (null: until ended) or repeat', path: ['forMinutes'], input: forMinutes });
    }
    if (typeof endsAt === 'number' && startsAt !== undefined && endsAt <= startsAt) {
      context.issues.push({ code: 'custom', message: 'must be after startsAt', path: ['endsAt'], input: endsAt });
    }
  });
export type MaintenanceTiming = z.input<typeof maintenanceTimingSchema>;

/** Which windows `endMaintenance` ends: one by its id, or every active window of a target. */
export const maintenanceSelectorSchema = z.union([z.strictObject({ id: z.string().min(1).max(700) }), maintenanceTargetSchema], {
  error: 'must be { id } or a target',
});
export type MaintenanceSelector = z.output<typeof maintenanceSelectorSchema>;

/** A maintenance window as the window shows it, on whichever side it is kept. */
export interface MaintenanceView {
  /** `<connectionId>/<window id>`: unique over every server. */
  id: string;
  connectionId: string;
  serverName: string;
  /** The server item key; absent: every item of the server. */
  itemKey?: string;
  itemName?: string;
  startsAt: number;
  /** Absent: until ended. */
  endsAt?: number;
  repeat?: MaintenanceRepeat;
  reason?: string;
  /** Covers now. */
  active: boolean;
  /** A weekly window's next occurrence, when it is not active now. */
  nextStart?: number;
  /** The server keeps it (its own email and webhooks respect it), Vigil does (only its notifications do), or a
   * read-only source says its item is in maintenance (it ends when the source says so). */
  keptBy: 'server' | 'vigil' | 'source';
}
