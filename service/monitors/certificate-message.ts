// The history event's details about a monitored server's certificate; its alert's message is the one every part of
// Vigil shares (common/format/certificate-words.ts). The details count days from the event, never name a time of
// day: the event has its own time, and the reader's locale and zone are known only where it is shown.
import { certificateDaysLeft, dayCount } from '../../common/format/certificate-words.ts';
import { formatDuration } from '../../common/format/duration.ts';

/** The history event's detail: "certificate ends in 5 days", "certificate ends within a day, in 3 h 20 min". */
export function certificateDetail(expiresAt: number, daysLeft: number, now: number): string {
  if (daysLeft < 0) return 'certificate has ended';
  if (daysLeft === 0) return `certificate ends within a day, in ${formatDuration(expiresAt - now, 'elapsed')}`;
  return `certificate ends in ${dayCount(daysLeft)}`;
}

/** A renewal's detail: "certificate renewed: now ends in 90 days". */
export function certificateRenewalDetail(expiresAt: number, now: number): string {
  const daysLeft = certificateDaysLeft(expiresAt, now);
  return `certificate renewed: now ends ${daysLeft === 0 ? 'within a day' : `in ${dayCount(daysLeft)}`}`;
}
