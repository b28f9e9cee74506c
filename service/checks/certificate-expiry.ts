// When a monitored server's certificate deserves an alert: the same thresholds as a domain's expiry (days before, each
// alerted once, "expired" last), counted in whole days to the instant it ends. A renewed certificate (a later end)
// re-arms every threshold, as a renewed domain does. Pure.
import { certificateDaysLeft } from '../../common/format/certificate-words.ts';
import { crossedThreshold, expiredThreshold } from '../domains/expiry.ts';

export type CertificateAlertKind = 'certificate.expiring' | 'certificate.expired';

export interface CertificateAlert {
  kind: CertificateAlertKind;
  /** The threshold (days) alerted, `expiredThreshold` once expired: what the monitor remembers. */
  threshold: number;
  daysLeft: number;
}

/**
 * The alert due now for a certificate ending at `expiresAt`, if any. `alerted`: the smallest threshold already alerted
 * and the end it was alerted for; a later end is a renewal, which forgets it.
 */
export function certificateAlert(
  expiresAt: number,
  now: number,
  thresholds: readonly number[],
  alerted: { threshold: number; expiresAt: number } | undefined,
): CertificateAlert | undefined {
  const daysLeft = certificateDaysLeft(expiresAt, now);
  const already = alerted !== undefined && alerted.expiresAt >= expiresAt ? alerted.threshold : undefined;
  const threshold = crossedThreshold(daysLeft, thresholds, already);
  if (threshold === undefined) return undefined;
  return { kind: threshold === expiredThreshold ? 'certificate.expired' : 'certificate.expiring', threshold, daysLeft };
}
