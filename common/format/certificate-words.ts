// How soon a monitored server's certificate ends, counted and said one way wherever Vigil says it: the service's
// alerts and history, the desktop's notifications and its event feed. A certificate ends at an instant (not on a
// day, as a domain's registration does), so its days are whole days to that instant, and it has expired the moment
// it passes.

const DAY_MS = 86_400_000;

/** Days left once the certificate has ended: below any threshold (0 is "within a day"). */
export const CERTIFICATE_EXPIRED_DAYS = -1;

/** Whole days left until the certificate ends: 0 within its last day, -1 once it has ended. */
export function certificateDaysLeft(expiresAt: number, now: number): number {
  return expiresAt <= now ? CERTIFICATE_EXPIRED_DAYS : Math.floor((expiresAt - now) / DAY_MS);
}

/** "2026-11-01 14:00 UTC": the moment a certificate ends, in the service's own sentences (its alert messages for
 * emails and webhooks, a check's error), read where it knows no locale; everywhere else a time is the reader's
 * (clock-time.ts). */
export function utcMinute(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "The certificate of API": what every sentence about a monitor's certificate starts with. */
export function certificateOf(subject: string): string {
  return `The certificate of ${subject}`;
}

/** "expires in 5 days", "expires within a day", "has expired": `daysLeft` as `certificateDaysLeft` counts. */
export function certificateExpiryPhrase(daysLeft: number): string {
  if (daysLeft < 0) return 'has expired';
  return daysLeft === 0 ? 'expires within a day' : `expires in ${dayCount(daysLeft)}`;
}

/** The service's alert message: "The certificate of “API” (https://api.example/) expires in 5 days, on 2026-11-29
 * 14:00 UTC." */
export function certificateMessage(name: string, url: string, expiresAt: number, daysLeft: number): string {
  const of = certificateOf(`“${name}” (${url})`);
  if (daysLeft < 0) return `${of} expired on ${utcMinute(expiresAt)}.`;
  return `${of} ${certificateExpiryPhrase(daysLeft)}, on ${utcMinute(expiresAt)}.`;
}
