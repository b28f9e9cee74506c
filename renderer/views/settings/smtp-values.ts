// The email server form's draft and what it sends (pure). The password is not part of the draft: it is
// write-only, so the form sends it only when typed (absent keeps the saved one) or null to remove it. A saved
// password is kept only for the server it was saved for: another host, port, security or user name needs it typed.
import { checkInput } from '../../../common/api/index.ts';
import { smtpInputSchema, type SmtpInput, type SmtpSecurity, type SmtpView } from '../../../common/ipc/settings.ts';
import { retypeSmtpPasswordReason } from '../../../common/smtp/smtp-destination.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';

export interface SmtpDraft {
  host: string;
  port: string;
  security: SmtpSecurity;
  user: string;
  from: string;
}

export type PasswordChange = { kind: 'keep' } | { kind: 'set'; password: string } | { kind: 'remove' };

/** The port each kind of security usually goes with. */
const usualPorts: Record<SmtpSecurity, string> = { tls: '465', starttls: '587', none: '25' };

export function smtpDraftOf(smtp: SmtpView | undefined): SmtpDraft {
  if (smtp === undefined) return { host: '', port: usualPorts.starttls, security: 'starttls', user: '', from: '' };
  return { host: smtp.host, port: String(smtp.port), security: smtp.security, user: smtp.user ?? '', from: smtp.from };
}

/** A new security brings its usual port along, unless the port was set to something unusual on purpose. */
export function withSecurity(draft: SmtpDraft, security: SmtpSecurity): SmtpDraft {
  const usual = draft.port.trim() === '' || draft.port.trim() === usualPorts[draft.security];
  return { ...draft, security, port: usual ? usualPorts[security] : draft.port };
}

export function smtpInputOf(draft: SmtpDraft, password: PasswordChange): SmtpInput {
  const port = draft.port.trim();
  const input: SmtpInput = {
    host: draft.host.trim(),
    port: port === '' ? Number.NaN : Number(port),
    security: draft.security,
    // Empty means no user name, so a saved one can be taken away.
    user: draft.user.trim(),
    from: draft.from.trim(),
  };
  if (password.kind === 'set') input.password = password.password;
  if (password.kind === 'remove') input.password = null;
  return input;
}

/**
 * Why the saved password cannot be kept for the draft's server (the same words the core refuses with), or
 * undefined when leaving the field empty keeps it. Without a user name no password is needed: nothing to type.
 */
export function retypePasswordReason(saved: SmtpView | undefined, draft: SmtpDraft): string | undefined {
  if (saved?.passwordSaved !== true || draft.user.trim() === '') return undefined;
  return retypeSmtpPasswordReason(saved, { host: draft.host, port: Number(draft.port.trim()), security: draft.security, user: draft.user });
}

/** The schema's errors, and the password's when it is left empty but must be typed again (`retypeReason`). */
export function smtpErrors(input: SmtpInput, retypeReason?: string): FieldErrors {
  const checked = checkInput(smtpInputSchema, input);
  const kept = input.password === undefined;
  const retype = retypeReason === undefined || !kept ? [] : [{ field: 'password', message: `must be typed again: ${retypeReason}` }];
  return fieldErrorsOf([...(checked.ok ? [] : checked.details), ...retype]);
}
