// The latest check of a monitor, as a list cell (one line: the error or the response time, then the certificate)
// and as a section of its page. Says nothing when the server sent none of it.
import type { ReactNode } from 'react';
import type { Monitor } from '../../../common/ipc/views.ts';
import { epochOf, formatCalendarDate, formatDateTime } from '../../format/time.ts';
import { useNow } from '../../state/now-store.ts';
import { formatResponseTime, lastCheckOf, shortCertificateLabel, type CertificateView } from './last-check.ts';

function CertificateBadge({ certificate }: { certificate: CertificateView }) {
  return <span className={certificate.warning ? 'badge badge-warning' : 'badge badge-unknown'}>{certificate.label}</span>;
}

const ignoredWarning = 'Certificate errors ignored';

/** The service sends when the certificate ends; a bare date (another server's) is shown as the day it is. */
function certificateEnd(expiresOn: string): string {
  const at = epochOf(expiresOn);
  return /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) || at === undefined ? formatCalendarDate(expiresOn) : formatDateTime(at);
}

/** One thing, in a narrow column: the error (the whole of it as its tooltip), else a certificate that needs
 * attention ("Cert: 9 d", the whole label as its tooltip), else that certificate errors are ignored ("Cert not checked"), else the response time. The monitor's
 * page says all of it in full. */
export function LastCheckCell({ monitor }: { monitor: Monitor }) {
  const check = lastCheckOf(monitor, useNow((state) => state.now));
  const certificate = check.certificate?.warning === true ? check.certificate : undefined;
  let shown: ReactNode = check.responseMs === undefined ? null : formatResponseTime(check.responseMs);
  if (check.error !== undefined) {
    shown = (
      <span className="last-check-error" title={check.error}>
        {check.error}
      </span>
    );
  } else if (certificate !== undefined) {
    shown = (
      <span className="badge badge-warning" title={certificate.label}>
        {shortCertificateLabel(certificate)}
      </span>
    );
  } else if (check.ignoresCertificateErrors) {
    shown = (
      <span className="badge badge-warning" title={ignoredWarning}>
        Cert not checked
      </span>
    );
  }
  return <span className="last-check">{shown}</span>;
}

export function LastCheckSection({ monitor }: { monitor: Monitor }) {
  const check = lastCheckOf(monitor, useNow((state) => state.now));
  if (check.error === undefined && check.responseMs === undefined && check.certificate === undefined && !check.ignoresCertificateErrors) return null;
  return (
    <section className="item-section" aria-labelledby="last-check-title">
      <h2 id="last-check-title">Latest check</h2>
      <dl className="last-check-facts">
        {check.error !== undefined && (
          <>
            <dt>Failed</dt>
            <dd className="last-check-error-text">{check.error}</dd>
          </>
        )}
        {check.responseMs !== undefined && (
          <>
            <dt>Response time</dt>
            <dd>{formatResponseTime(check.responseMs)}</dd>
          </>
        )}
        {check.certificate !== undefined && monitor.certificate_expires_on !== undefined && (
          <>
            <dt>Certificate</dt>
            <dd>
              Valid until {certificateEnd(monitor.certificate_expires_on)} <CertificateBadge certificate={check.certificate} />
            </dd>
          </>
        )}
      </dl>
      {check.ignoresCertificateErrors && (
        <p className="check-warning" role="note">
          {ignoredWarning}: this monitor stays up with an expired, self-signed or wrong certificate.
          {check.certificateWarning !== undefined && ` Verification would refuse this one: ${check.certificateWarning}.`}
        </p>
      )}
    </section>
  );
}
