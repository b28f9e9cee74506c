// The SMTP server alerts are sent through, as read from the service's config (the fields and the loopback rule
// are the ones the app's settings window checks, from common/smtp).
import { z } from 'zod';
import { checkPlainText, smtpServerFields } from '../../common/smtp/smtp-server.ts';

export const smtpSettingsSchema = z
  .strictObject({
    ...smtpServerFields,
    user: z.string().min(1).optional(),
    password: z.string().min(1).optional(),
  })
  .check((context) => {
    const settings = context.value;
    if ((settings.user === undefined) !== (settings.password === undefined)) {
      context.issues.push({
        code: 'custom',
        input: undefined,
        path: ['password'],
        message: 'user and password must be set together',
      });
    }
  })
  // Never let mail or a password cross a network in clear text.
  .check(checkPlainText);

export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** Throws an error naming every invalid field; the message never contains the password. */
export function parseSmtpSettings(input: unknown): SmtpSettings {
  const result = smtpSettingsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
  throw new Error(`Invalid SMTP settings: ${problems.join('; ')}`);
}

/** The password the desktop app keeps in the OS keychain and passes to the service's process this way. */
export const smtpPasswordVariable = 'VIGIL_SMTP_PASSWORD';

/** The config names a user but there is no password for it, in the config or the environment. */
export function lacksPassword(smtp: unknown, envPassword: string | undefined): boolean {
  if (typeof smtp !== 'object' || smtp === null) return false;
  const raw = smtp as Record<string, unknown>;
  return raw.user !== undefined && raw.password === undefined && !envPassword;
}

/**
 * The config's `smtp` with the password from the environment when the config names a user (a password without a
 * user would make the settings invalid). Undefined when there is no `smtp`; throws like parseSmtpSettings.
 */
export function smtpSettingsFrom(smtp: unknown, envPassword: string | undefined): SmtpSettings | undefined {
  if (smtp === undefined) return undefined;
  const withPassword = envPassword && typeof smtp === 'object' && smtp !== null && (smtp as Record<string, unknown>).user !== undefined;
  return parseSmtpSettings(withPassword ? { ...smtp, password: envPassword } : smtp);
}
