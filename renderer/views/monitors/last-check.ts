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
}

/** The certificate is valid through `expiresOn` (UTC), so it is expired from the day after. */
export function certificateView(expiresOn: string | undefined, now: number): CertificateView | undefined {
  const at = expiresOn === undefined ? Number.NaN : Date.parse(`${expiresOn}T00:00:00Z`);
  if (Number.isNaN(at)) return undefined;
  const daysLeft = Math.floor(at / msPerDay) - Math.floor(now / msPerDay);
  const label =
    daysLeft > 1 ? `${daysLeft} days left` : daysLeft === 1 ? '1 day left' : daysLeft === 0 ? 'expires today' : daysLeft === -1 ? 'expired yesterday' : `expired ${-daysLeft} days ago`;
  return { daysLeft, label: `Certificate: ${label}`, warning: daysLeft < CERTIFICATE_WARNING_DAYS };
}

export function lastCheckOf(monitor: Monitor, now: number): LastCheck {
  return {
    error: monitor.last_error,
    responseMs: monitor.last_response_time_ms,
    certificate: certificateView(monitor.certificate_expires_on, now),
    ignoresCertificateErrors: monitor.tls?.ignore_errors === true,
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
