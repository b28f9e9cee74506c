// The SMTP server alerts go through, field by field, as both sides check it: the window's form (common/ipc) and
// the service's config.json (service/alerts). Plain zod and string checks, so it runs anywhere.
import { z } from 'zod';
import { isEmailAddress } from '../api/email-address.ts';
import { isHostname, isIPv4, isIPv6 } from '../api/hostnames.ts';

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** "[::1]" → "::1": nodemailer and the loopback rule take IPv6 addresses without brackets. */
function withoutBrackets(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}

/** A loopback IP literal: the only host mail may go to without TLS (a name could resolve anywhere). */
export function isLoopbackIp(host: string): boolean {
  if (isIPv4(host)) return host.startsWith('127.');
  const inner = withoutBrackets(host);
  return isIPv6(inner) && /^(?:::0{0,3}1|(?:0{1,4}:){7}0{0,3}1)$/.test(inner);
}

/** Why `security` is refused for `host`, or undefined when the pair is allowed. */
function plainTextProblem(security: SmtpSecurity, host: string): string | undefined {
  if (security !== 'none' || isLoopbackIp(host)) return undefined;
  return '"none" is allowed only for a loopback IP address (127.0.0.1 or ::1); use "tls" or "starttls"';
}

const portError = 'must be a whole number from 1 to 65535';

/** The fields every form of the SMTP server shares; the password is each side's own business. */
export const smtpServerFields = {
  host: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty', abort: true })
    .max(253, { error: 'must be at most 253 characters', abort: true })
    .refine((host) => isHostname(host) || isIPv4(host) || isIPv6(withoutBrackets(host)), {
      error: 'must be a host name or an IP address, like smtp.example.com',
    })
    .transform(withoutBrackets),
  port: z.number({ error: portError }).int({ error: portError }).min(1, { error: portError }).max(65_535, { error: portError }),
  /** tls: TLS from the first byte (usually port 465); starttls: upgrade required (587); none: loopback only. */
  security: z.enum(SMTP_SECURITY, { error: 'must be "tls", "starttls" or "none"' }),
  from: z
    .string({ error: 'must be text' })
    .trim()
    .refine(isEmailAddress, { error: 'must be a single email address, like vigil@example.com' }),
};

/** Adds the loopback rule's issue (on `security`) to a parse of an object with `security` and `host`. */
export function checkPlainText(context: z.core.ParsePayload<{ security: SmtpSecurity; host: string }>): void {
  const problem = plainTextProblem(context.value.security, context.value.host);
  if (problem !== undefined) {
    context.issues.push({ code: 'custom', path: ['security'], input: context.value.security, message: problem });
  }
}
