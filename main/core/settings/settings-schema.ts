// The one schema for Vigil's settings (version 2: every enabled connection is watched at once; a version-1 file is
// upgraded on read by settings-upgrade.ts). Every field has a default, so a partial or empty file reads as complete
// settings. There is no field for a token or password: tokens live only in the secret store, and unknown keys
// (a `token` on a connection included) are dropped before anything is written.
import { z } from 'zod';
import { requiredOr } from '../../../common/api/input-fields.ts';
import { CONNECTION_KINDS, KUMA_SLUG } from '../../../common/ipc/connection-kinds.ts';
import { keptValuesSchema } from '../../../common/api/item-fields.ts';
import {
  domainThresholdsSchema,
  heartbeatGraceSecondsSchema,
  NOTIFICATION_DEFAULTS,
  pollIntervalSecondsSchema,
  SETTINGS_BOUNDS,
  type NotificationPreference,
} from '../../../common/ipc/settings.ts';
import { maintenanceRepeatSchema, MAINTENANCE_LIMITS } from '../../../common/maintenance/maintenance.ts';
import { alertingDefaultsSchema, DEFAULT_ALERTING, DEFAULT_QUIET_HOURS, itemRuleSchema, quietHoursSchema } from '../../../common/ipc/alerting.ts';
import { apiBaseUrlProblem, withoutTrailingSlash } from './api-base-url.ts';

/** The bounds the window checks too (common/ipc/settings.ts), and the file's own. */
export const SETTINGS_LIMITS = {
  ...SETTINGS_BOUNDS,
  connections: 100,
  snoozes: 10_000,
  acknowledgements: 10_000,
  /** A server item key: a connection id (64 at most), "/", and an item key (500 at most). */
  snoozeKeyLength: 600,
  /** Windows Vigil keeps itself, for servers without the maintenance extension (ended ones included). */
  maintenance: 1_000,
  dependencies: 10_000,
  itemRules: 10_000,
  keptFields: 10_000,
} as const;

/** Latest time JavaScript's Date can hold (epoch ms). */
const maxEpochMs = 8_640_000_000_000_000;
const idPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function flag(value: boolean) {
  return z.boolean({ error: 'must be true or false' }).default(value);
}

const untilError = 'must be a time in epoch milliseconds or "resumed"';
const epochMs = z
  .number({ error: untilError })
  .int({ error: untilError })
  .min(0, { error: untilError })
  .max(maxEpochMs, { error: untilError });
const untilTime = z.union([epochMs, z.literal('resumed')], { error: untilError });

/** Letters, digits, "-" and "_" (a UUID fits); it also names the connection's token in the OS keychain. */
export const connectionIdSchema = z
  .string({ error: requiredOr('must be text') })
  .regex(idPattern, { error: 'must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit' });

export const connectionSchema = z.object(
  {
    id: connectionIdSchema,
    name: z
      .string({ error: requiredOr('must be text') })
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(SETTINGS_LIMITS.connectionNameLength, {
        error: `must be at most ${SETTINGS_LIMITS.connectionNameLength} characters`,
      }),
    baseUrl: z
      .string({ error: requiredOr('must be text') })
      .trim()
      .check((context) => {
        const problem = apiBaseUrlProblem(context.value);
        if (problem !== undefined) context.issues.push({ code: 'custom', message: problem, input: context.value });
      })
      .transform(withoutTrailingSlash),
    kind: z.enum(['local', 'remote'], { error: requiredOr('must be "local" or "remote"') }),
    /** What answers there: a Vigil server (the monitoring API), or a source read read-only through its own API. */
    sourceKind: z.enum(CONNECTION_KINDS, { error: `must be one of ${CONNECTION_KINDS.map((kind) => `"${kind}"`).join(', ')}` }).default('vigil'),
    /** Uptime Kuma read without a key: its public status page's slug (`/status/<slug>`). */
    page: z
      .string({ error: 'must be text' })
      .regex(KUMA_SLUG, { error: 'must be a status page slug: letters, digits and single "-" between them' })
      .max(255, { error: 'must be at most 255 characters' })
      .optional(),
    /** Watched (polled); a disabled connection keeps its token but is not polled. */
    enabled: flag(true),
    /**
     * When `vigil login` last kept its token or key: a running app cannot see the keychain change, so it reads the
     * secret again when this does (a token that had expired works again without a restart).
     */
    signedInAt: z.number({ error: 'must be a time in milliseconds' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).optional(),
  },
  { error: 'must be an object' },
).check((context) => {
  // This computer's connection is its own service; a status page slug means something to Uptime Kuma only.
  const { kind, sourceKind, page } = context.value;
  if (kind === 'local' && sourceKind !== 'vigil') context.issues.push({ code: 'custom', message: 'must be "vigil" for this computer\'s own service', path: ['sourceKind'], input: sourceKind });
  if (page !== undefined && sourceKind !== 'uptime-kuma') context.issues.push({ code: 'custom', message: 'belongs to an Uptime Kuma source only', path: ['page'], input: page });
});

const connections = z
  .array(connectionSchema, { error: 'must be a list' })
  .max(SETTINGS_LIMITS.connections, { error: `must hold at most ${SETTINGS_LIMITS.connections} connections` })
  .check((context) => {
    const seen = new Set<string>();
    for (const [index, connection] of context.value.entries()) {
      if (seen.has(connection.id)) {
        context.issues.push({
          code: 'custom',
          message: 'must be unique: another connection already uses this id',
          path: [index, 'id'],
          input: connection.id,
        });
      }
      seen.add(connection.id);
    }
  })
  .default(() => []);

const domainThresholds = domainThresholdsSchema.default(() => [...SETTINGS_LIMITS.domainThresholdDays.default]);

const snoozes = z
  .array(
    z.object(
      {
        key: z
          .string({ error: requiredOr('must be text') })
          .min(1, { error: 'must not be empty' })
          .max(SETTINGS_LIMITS.snoozeKeyLength, {
            error: `must be at most ${SETTINGS_LIMITS.snoozeKeyLength} characters`,
          }),
        until: untilTime,
      },
      { error: 'must be an object' },
    ),
    { error: 'must be a list' },
  )
  .max(SETTINGS_LIMITS.snoozes, { error: `must hold at most ${SETTINGS_LIMITS.snoozes} snoozes` })
  .check((context) => {
    const seen = new Set<string>();
    for (const [index, snooze] of context.value.entries()) {
      if (seen.has(snooze.key)) {
        context.issues.push({ code: 'custom', message: 'must be unique', path: [index, 'key'], input: snooze.key });
      }
      seen.add(snooze.key);
    }
  })
  .default(() => []);

const notifications = z
  .object(
    Object.fromEntries(Object.entries(NOTIFICATION_DEFAULTS).map(([name, value]) => [name, flag(value)])) as Record<NotificationPreference, ReturnType<typeof flag>>,
    { error: 'must be an object' },
  )
  .prefault({});

const serverItemKeySchema = z
  .string({ error: requiredOr('must be text') })
  .min(1, { error: 'must not be empty' })
  .max(SETTINGS_LIMITS.snoozeKeyLength, { error: `must be at most ${SETTINGS_LIMITS.snoozeKeyLength} characters` });

function boundedRecord<T extends z.ZodType>(value: T, max: number, what: string) {
  return z
    .record(serverItemKeySchema, value, { error: 'must be an object' })
    .refine((record) => Object.keys(record).length <= max, { error: `must hold at most ${max} ${what}` })
    .default(() => ({}));
}

/**
 * A maintenance window Vigil keeps itself, for a server without the maintenance extension: only Vigil's own
 * notifications respect it (a server with the extension keeps its windows, and its handlers respect them too).
 */
const momentError = 'must be a time in epoch milliseconds';
const moment = z.number({ error: momentError }).int({ error: momentError }).min(0, { error: momentError }).max(maxEpochMs, { error: momentError });

/** "I'm on it": by server item key, with when it was given (acknowledgement.ts); each ends as its item recovers. */
const acknowledgements = z
  .array(z.object({ key: serverItemKeySchema, at: moment }, { error: 'must be an object' }), { error: 'must be a list' })
  .max(SETTINGS_LIMITS.acknowledgements, { error: `must hold at most ${SETTINGS_LIMITS.acknowledgements} acknowledgements` })
  .check((context) => {
    const seen = new Set<string>();
    for (const [index, acknowledgement] of context.value.entries()) {
      if (seen.has(acknowledgement.key)) context.issues.push({ code: 'custom', message: 'must be unique', path: [index, 'key'], input: acknowledgement.key });
      seen.add(acknowledgement.key);
    }
  })
  .default(() => []);

const keptMaintenanceSchema = z.object(
  {
    id: z.string({ error: requiredOr('must be text') }).regex(idPattern, { error: 'must be 1 to 64 letters, digits, "-" or "_"' }),
    connectionId: connectionIdSchema,
    /** The connection's own item key (`monitor:42`); absent: every item of the server. */
    item: z.string({ error: 'must be text' }).min(1).max(500).optional(),
    startsAt: moment,
    /** Absent: until ended. */
    endsAt: moment.optional(),
    endedAt: moment.optional(),
    repeat: maintenanceRepeatSchema.optional(),
    reason: z.string({ error: 'must be text' }).max(MAINTENANCE_LIMITS.reasonLength).optional(),
    createdAt: moment,
  },
  { error: 'must be an object' },
);
export type KeptMaintenance = z.output<typeof keptMaintenanceSchema>;

const maintenance = z
  .array(keptMaintenanceSchema, { error: 'must be a list' })
  .max(SETTINGS_LIMITS.maintenance, { error: `must hold at most ${SETTINGS_LIMITS.maintenance} windows` })
  .default(() => []);

const { pollIntervalSeconds: poll, heartbeatGraceSeconds: grace } = SETTINGS_LIMITS;

/** The version this schema reads and writes; an older file is upgraded first (settings-upgrade.ts). */
export const SETTINGS_VERSION = 3;

export const settingsSchema = z.object(
  {
    connections,
    pollIntervalSeconds: pollIntervalSecondsSchema.default(poll.default),
    domainThresholds,
    heartbeatGraceSeconds: heartbeatGraceSecondsSchema.default(grace.default),
    notifications,
    /** By server item key (`<connectionId>/monitor:42`). */
    snoozes,
    /** By server item key, like snoozes. */
    acknowledgements,
    pausedUntil: untilTime.optional(),
    quietHours: quietHoursSchema.default(() => structuredClone(DEFAULT_QUIET_HOURS)),
    /** The defaults items follow unless their own rule says otherwise. */
    alerting: alertingDefaultsSchema.default(() => structuredClone(DEFAULT_ALERTING)),
    maintenance,
    /** Child server item key → the server item key of the item it depends on (same server; no cycles). */
    dependencies: boundedRecord(serverItemKeySchema, SETTINGS_LIMITS.dependencies, 'dependencies'),
    /** By server item key. */
    itemRules: boundedRecord(itemRuleSchema, SETTINGS_LIMITS.itemRules, 'item rules'),
    /**
     * By server item key: the values of the fields Vigil keeps itself for a server without their extension
     * (`keptByVigil` in the field tables, common/api/item-fields.ts), so what a person wrote is not dropped.
     */
    keptFields: boundedRecord(keptValuesSchema, SETTINGS_LIMITS.keptFields, 'items with fields Vigil keeps'),
    launchAtLogin: flag(false),
    /**
     * The port browser mode took on its first start, kept so its address (and what the browser keeps for that
     * origin: notification permission, the lists' filters) stays the same from one launch to the next.
     */
    browserModePort: z
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be between 1 and 65535' })
      .max(65_535, { error: 'must be between 1 and 65535' })
      .optional(),
    version: z.literal(SETTINGS_VERSION, { error: `must be ${SETTINGS_VERSION}` }).default(SETTINGS_VERSION),
  },
  { error: 'must be a JSON object' },
);

export type Settings = z.output<typeof settingsSchema>;
export type Connection = Settings['connections'][number];
export type NotificationSettings = Settings['notifications'];
export type Snooze = Settings['snoozes'][number];
export type Acknowledgement = Settings['acknowledgements'][number];

/** The settings of a fresh install (frozen: copy it before changing it). */
export const defaultSettings: Readonly<Settings> = deepFreeze(settingsSchema.parse({}));

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
