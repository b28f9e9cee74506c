// What a monitor's latest check said, from the `checks` extension's read-only fields (docs/api-decisions.md §16):
// why it failed, how long it took, and how soon the certificate expires. Pure; every field may be absent (a
// spec-only server sends none of them).
import type { Monitor } from '../../../common/ipc/views.ts';

/** Fewer days than this left on a certificate reads as a warning. */
export const CERTIFICATE_WARNING_DAYS = 14;

const msPerDay = 86_400_000;

export interface CertificateView {
  daysLeft: number;
  /** "Certificate: 12 days left", "Certificate expired 3 days ago". */
  label: string;
  warning: boolean;
}

export interface LastCheck {
  error: string | undefined;
  responseMs: number | undefined;
  certificate: CertificateView | undefined;
  /** The monitor passes whatever the certificate is: worth a warning wherever it shows. */
  ignoresCertificateErrors: boolean;
  /** With errors ignored: what verification would have refused ("the certificate is self-signed"). */
  certificateWarning: string | undefined;
}

/** `expiresOn` is when the certificate ends (RFC 3339, as Vigil's service sends it); a bare date is taken as valid
 * through that day (UTC). */
export function certificateView(expiresOn: string | undefined, now: number): CertificateView | undefined {
  const at = expiresOn === undefined ? Number.NaN : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? `${expiresOn}T23:59:59.999Z` : expiresOn);
  if (Number.isNaN(at)) return undefined;
  const daysLeft = Math.floor((at - now) / msPerDay);
  return { daysLeft, label: `Certificate: ${certificateWords(at, now)}`, warning: daysLeft < CERTIFICATE_WARNING_DAYS };
}

function certificateWords(at: number, now: number): string {
  if (at <= now) {
    const daysAgo = Math.floor((now - at) / msPerDay);
    return daysAgo === 0 ? 'expired' : `expired ${daysAgo === 1 ? '1 day' : `${daysAgo} days`} ago`;
  }
  const daysLeft = Math.floor((at - now) / msPerDay);
  return daysLeft === 0 ? 'expires within a day' : `${daysLeft === 1 ? '1 day' : `${daysLeft} days`} left`;
}

/**
 * The certificate in the list's narrow column: "Cert: 9 d", "Cert: < 1 d", "Cert expired"; the label is its tooltip.
 * The number keeps its unit on its line (a no-break space) when the badge wraps.
 */
export function shortCertificateLabel(certificate: CertificateView): string {
  if (certificate.label.endsWith('expired') || certificate.label.endsWith(' ago')) return 'Cert expired';
  return certificate.daysLeft === 0 ? 'Cert: <\u00a01\u00a0d' : `Cert: ${certificate.daysLeft}\u00a0d`;
}

export function lastCheckOf(monitor: Monitor, now: number): LastCheck {
  return {
    error: monitor.last_error,
    responseMs: monitor.last_response_time_ms,
    certificate: certificateView(monitor.certificate_expires_on, now),
    ignoresCertificateErrors: monitor.tls?.ignore_errors === true,
    certificateWarning: monitor.certificate_warning,
  };
}

/** Whether any of the monitors carries a field of the latest check: else the list needs no column for it. */
export function anyLastCheck(monitors: readonly Monitor[]): boolean {
  return monitors.some((monitor) => monitor.last_checked_at !== undefined || monitor.last_error !== undefined || monitor.last_response_time_ms !== undefined || monitor.certificate_expires_on !== undefined || monitor.tls?.ignore_errors === true);
}

/** "820 ms", "1.2 s". */
export function formatResponseTime(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
