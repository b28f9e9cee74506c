// What a monitor's latest check said, from the `checks` extension's read-only fields (docs/api-decisions.md §16):
// why it failed, how long it took, and how soon the certificate expires. Pure; every field may be absent (a
// spec-only server sends none of them).
import { certificateDaysLeft, certificateExpiryPhrase } from '../../../common/format/certificate-words.ts';
import type { Monitor } from '../../../common/ipc/views.ts';

/** Fewer days than this left on a certificate reads as a warning. */
export const CERTIFICATE_WARNING_DAYS = 14;

export interface CertificateView {
  /** As the service and the notifications count them (`certificateDaysLeft`): -1 once it has ended. */
  daysLeft: number;
  /** "Certificate expires in 12 days", "Certificate has expired": the notifications' words. */
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
  const daysLeft = certificateDaysLeft(at, now);
  return { daysLeft, label: `Certificate ${certificateExpiryPhrase(daysLeft)}`, warning: daysLeft < CERTIFICATE_WARNING_DAYS };
}

/**
 * The certificate in the list's narrow column: "Cert: 9 d", "Cert: < 1 d", "Cert expired"; the label is its tooltip.
 * The number keeps its unit on its line (a no-break space) when the badge wraps.
 */
export function shortCertificateLabel(certificate: CertificateView): string {
  if (certificate.daysLeft < 0) return 'Cert expired';
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
