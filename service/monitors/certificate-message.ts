// The history event's details about a monitored server's certificate; its alert's message is the one every part of
// Vigil shares (common/format/certificate-words.ts). Times are to the minute in UTC, as the check's refusal says them
// (peer-certificate.ts).
import { dayCount, utcMinute } from '../../common/format/certificate-words.ts';

/** The history event's detail: "certificate ends 2026-11-29 14:00 UTC, in 5 days". */
export function certificateDetail(expiresAt: number, daysLeft: number): string {
  if (daysLeft < 0) return `certificate ended ${utcMinute(expiresAt)}`;
  if (daysLeft === 0) return `certificate ends ${utcMinute(expiresAt)}, within a day`;
  return `certificate ends ${utcMinute(expiresAt)}, in ${dayCount(daysLeft)}`;
}

/** A renewal's detail: "certificate renewed: ends 2027-02-20 14:00 UTC (was 2026-11-29 14:00 UTC)". */
export function certificateRenewalDetail(expiresAt: number, before: number): string {
  return `certificate renewed: ends ${utcMinute(expiresAt)} (was ${utcMinute(before)})`;
}
