// The SMTP server alerts are sent through, as read from the service's config.
import { z } from 'zod';
import { isEmailAddress } from '../../common/api/email-address.ts';
import { isLoopbackAddress } from './loopback-address.ts';

export const smtpSettingsSchema = z
  .strictObject({
    host: z.string().trim().min(1, 'must not be empty'),
    port: z.int().min(1).max(65_535),
    /** tls: TLS from the first byte (usually port 465); starttls: upgrade required (587); none: loopback only. */
    security: z.enum(['tls', 'starttls', 'none']),
    user: z.string().min(1).optional(),
    password: z.string().min(1).optional(),
    from: z.string().refine(isEmailAddress, 'must be a single email address, like vigil@example.com'),
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
    // Never let mail or a password cross a network in clear text.
    if (settings.security === 'none' && !isLoopbackAddress(settings.host)) {
      context.issues.push({
        code: 'custom',
        input: undefined,
        path: ['security'],
        message: `"none" is allowed only for a loopback IP address (127.0.0.1 or ::1), not for ${settings.host}; use "tls" or "starttls"`,
      });
    }
  });

export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** Throws an error naming every invalid field; the message never contains the password. */
export function parseSmtpSettings(input: unknown): SmtpSettings {
  const result = smtpSettingsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
  throw new Error(`Invalid SMTP settings: ${problems.join('; ')}`);
}
