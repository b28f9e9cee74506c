// Where the local service's SMTP password may go: only to the server it was saved for (secret-destination.ts).
// Both the core (saving, the test email, the service's start) and the window's form (which says so before
// anything is sent) ask these functions, so they never disagree.
import { changedDestinationParts } from '../secrets/secret-destination.ts';
import type { SmtpSecurity } from './smtp-server.ts';

/** The fields of an SMTP server that decide who receives its password. */
export interface SmtpServerAddress {
  host: string;
  port: number;
  security: SmtpSecurity;
  user?: string | undefined;
}

/** An SMTP server as a destination: host (any case, IPv6 without brackets), port, security and user name. */
export function smtpDestination(smtp: SmtpServerAddress): { host: string; port: number; security: SmtpSecurity; user: string | undefined } {
  const user = smtp.user?.trim();
  return {
    host: smtp.host.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase(),
    port: smtp.port,
    security: smtp.security,
    user: user === '' ? undefined : user,
  };
}

const partNames = { host: 'host', port: 'port', security: 'security', user: 'user name' } as const;

/**
 * Why a saved password cannot be kept for `next`, to follow "must be typed again: " or "Type it again: ", or
 * undefined when it can. `savedFor` undefined: the server it was saved for is unknown, so it goes to none.
 */
export function retypeSmtpPasswordReason(savedFor: SmtpServerAddress | undefined, next: SmtpServerAddress): string | undefined {
  const rule = 'a saved password goes only to the server it was saved for';
  if (savedFor === undefined) return rule;
  const changed = changedDestinationParts(smtpDestination(savedFor), smtpDestination(next)).map((part) => partNames[part]);
  if (changed.length === 0) return undefined;
  const list = changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
  return `the ${list} changed, and ${rule}`;
}
