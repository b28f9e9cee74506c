// The sentences a person reads about a monitored server's certificate: the alert's message and the history event's
// detail. Times are to the minute in UTC, as the check's refusal says them (peer-certificate.ts).
import { utcMinute } from '../history/time-units.ts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** "The certificate of “API” (https://api.example/) expires in 5 days, on 2026-11-29 14:00 UTC." */
export function certificateMessage(name: string, url: string, expiresAt: number, daysLeft: number): string {
  const of = `The certificate of “${name}” (${url})`;
  if (daysLeft < 0) return `${of} expired on ${utcMinute(expiresAt)}.`;
  if (daysLeft === 0) return `${of} expires within a day, on ${utcMinute(expiresAt)}.`;
  return `${of} expires in ${days(daysLeft)}, on ${utcMinute(expiresAt)}.`;
}

/** The history event's detail: "certificate ends 2026-11-29 14:00 UTC, in 5 days". */
export function certificateDetail(expiresAt: number, daysLeft: number): string {
  if (daysLeft < 0) return `certificate ended ${utcMinute(expiresAt)}`;
  if (daysLeft === 0) return `certificate ends ${utcMinute(expiresAt)}, within a day`;
  return `certificate ends ${utcMinute(expiresAt)}, in ${days(daysLeft)}`;
}

/** A renewal's detail: "certificate renewed: ends 2027-02-20 14:00 UTC (was 2026-11-29 14:00 UTC)". */
export function certificateRenewalDetail(expiresAt: number, before: number): string {
  return `certificate renewed: ends ${utcMinute(expiresAt)} (was ${utcMinute(before)})`;
}
