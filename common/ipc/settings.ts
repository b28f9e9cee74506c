// The settings the window may read and change, and the local service's SMTP server: schemas with the bounds the
// core's settings file uses, so a value the window sends is checked the same way on both sides.
import { z } from 'zod';
import { defaultExpiryThresholds } from '../api/domain.ts';
import { alertingDefaultsSchema, quietHoursSchema, type AlertingDefaults, type QuietHours } from './alerting.ts';
import { isEmailAddress } from '../api/email-address.ts';
import { numberInput } from '../api/input-fields.ts';
import { secondsRangeRule } from '../api/input-rules.ts';
import { checkPlainText, smtpServerFields, type SmtpSecurity } from '../smtp/smtp-server.ts';

export { isLoopbackIp, SMTP_SECURITY, type SmtpSecurity } from '../smtp/smtp-server.ts';

export const SETTINGS_BOUNDS = {
  pollIntervalSeconds: { min: 10, max: 3600, default: 60 },
  heartbeatGraceSeconds: { min: 0, max: 86_400, default: 300 },
  domainThresholdDays: { min: 1, max: 365, maxCount: 8, default: defaultExpiryThresholds },
  /** A connection's name, as the add-server form, the contract and settings.json all limit it. */
  connectionNameLength: 100,
} as const;

function wholeNumber(min: number, max: number, unit: string) {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const { pollIntervalSeconds: poll, heartbeatGraceSeconds: grace, domainThresholdDays: days } = SETTINGS_BOUNDS;

// Typed in seconds, minutes or hours: said with the monitors' and heartbeats' rule, in those units.
export const pollIntervalSecondsSchema = numberInput(secondsRangeRule(poll));
export const heartbeatGraceSecondsSchema = numberInput(secondsRangeRule(grace));

export const domainThresholdsSchema = z
  .array(wholeNumber(days.min, days.max, 'days'), { error: 'must be a list of days' })
  .min(1, { error: 'must hold at least one threshold' })
  .max(days.maxCount, { error: `must hold at most ${days.maxCount} thresholds` })
  .check((context) => {
    if (context.value.some((value, index) => index > 0 && value >= (context.value[index - 1] ?? Infinity))) {
      context.issues.push({
        code: 'custom',
        message: 'must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1',
        input: context.value,
      });
    }
  });

/** What a fresh install tells about: every kind of news, one notification each. */
export const NOTIFICATION_TOPIC_DEFAULTS = Object.freeze({
  monitorDown: true,
  monitorRecovered: true,
  heartbeatLate: true,
  heartbeatRecovered: true,
  domainExpiring: true,
  connection: true,
  token: true,
});
export type NotificationTopic = keyof typeof NOTIFICATION_TOPIC_DEFAULTS;

/**
 * How news arrives: a sound per level (problems that need you now, warnings, good news such as a recovery — quiet
 * by default), and summaries at low urgency and silent when `quietSummary` is on.
 */
const NOTIFICATION_MANNER_DEFAULTS = Object.freeze({
  soundCritical: true,
  soundWarning: true,
  soundInfo: false,
  quietSummary: false,
});

export const NOTIFICATION_DEFAULTS = Object.freeze({ ...NOTIFICATION_TOPIC_DEFAULTS, ...NOTIFICATION_MANNER_DEFAULTS });
export type NotificationPreference = keyof typeof NOTIFICATION_DEFAULTS;
export type NotificationPreferences = Record<NotificationPreference, boolean>;
const NOTIFICATION_PREFERENCES = Object.keys(NOTIFICATION_DEFAULTS) as NotificationPreference[];

const flag = z.boolean({ error: 'must be true or false' });

/** What `updateSettings` takes: any subset of the fields; notifications may name only the flags that change. */
export const settingsPatchSchema = z.strictObject({
  pollIntervalSeconds: pollIntervalSecondsSchema.optional(),
  domainThresholds: domainThresholdsSchema.optional(),
  heartbeatGraceSeconds: heartbeatGraceSecondsSchema.optional(),
  notifications: z
    .strictObject(
      Object.fromEntries(NOTIFICATION_PREFERENCES.map((name) => [name, flag.optional()])) as Record<NotificationPreference, z.ZodOptional<typeof flag>>,
      { error: 'must be an object' },
    )
    .optional(),
  launchAtLogin: flag.optional(),
  quietHours: quietHoursSchema.optional(),
  alerting: alertingDefaultsSchema.optional(),
});
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export interface SettingsView {
  pollIntervalSeconds: number;
  domainThresholds: number[];
  heartbeatGraceSeconds: number;
  notifications: NotificationPreferences;
  quietHours: QuietHours;
  alerting: AlertingDefaults;
  /** The computer's time zone, in which quiet hours are kept. */
  timeZone: string;
  launchAtLogin: boolean;
  /** Where tokens and the SMTP password are kept, so the window never claims the keychain when it is not used. */
  secrets: SecretsView;
  about: AboutView;
}

/**
 * `keychain`: the OS keychain (named, e.g. "Secret Service"), kept across restarts. `session`: the keychain cannot
 * be used (`reason`), so secrets last only until Vigil quits; never a file, as a token is never on disk in plain text.
 */
export type SecretsView = { where: 'keychain'; keychainName: string } | { where: 'session'; keychainName: string; reason: string };

export interface AboutView {
  version: string;
  /** Where the app writes its log, when it writes one. */
  logFile?: string;
  /** `desktop` in the app window, `browser` when served by `vigil web`. */
  shell: 'desktop' | 'browser';
}

/**
 * The local service's SMTP server as the window sends it. `password` is write-only: absent keeps the saved one,
 * `null` removes it. The password goes to the keychain, never to a file.
 */
export const smtpInputSchema = z
  .strictObject({
    ...smtpServerFields,
    /** An empty user name means none. */
    user: z
      .string({ error: 'must be text' })
      .trim()
      .max(320, { error: 'must be at most 320 characters' })
      .transform((user) => (user === '' ? undefined : user))
      .optional(),
    password: z
      .string({ error: 'must be text' })
      .min(1, { error: 'must not be empty' })
      .max(1024, { error: 'must be at most 1024 characters' })
      .nullable()
      .optional(),
  })
  .check(checkPlainText);
export type SmtpInput = z.input<typeof smtpInputSchema>;

export interface SmtpView {
  host: string;
  port: number;
  security: SmtpSecurity;
  user?: string;
  from: string;
  /** Whether a password is saved in the keychain; the password itself never crosses. */
  passwordSaved: boolean;
}

export interface LocalServiceView {
  /** False when this shell runs no local service (then the SMTP settings do not apply). */
  available: boolean;
  smtp?: SmtpView;
  /** Why the saved SMTP server cannot be shown (or only in part), in one sentence; saving a new one may fix it. */
  problem?: string;
}

export const testEmailSchema = z.strictObject({
  to: z
    .string({ error: 'must be text' })
    .trim()
    .refine(isEmailAddress, { error: 'must be a single email address, like you@example.com' }),
});

export interface TestEmailView {
  ok: boolean;
  /** What the SMTP server answered, in one sentence. */
  message: string;
}
