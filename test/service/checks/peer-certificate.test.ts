// What a check learns of a server's certificate, against a real TLS server on loopback serving certificates minted
// here: a CA of the test's own (trusted for the request), one expiring in 5 days, an expired one, one for another
// host, and a self-signed one — each refused with its sentence, or read when errors are ignored.
import https from 'node:https';
import tls, { type TLSSocket } from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { certificateRefusal, ignoredRefusal, peerCertificateOf, refusedCertificate } from '../../../service/checks/peer-certificate.ts';
import { certificateAlert } from '../../../service/checks/certificate-expiry.ts';
import { selfSigned, testAuthority, type MintedCertificate, type TestAuthority } from '../../helpers/test-certificates.ts';
import { startTlsTarget, type TlsTarget } from '../../helpers/tls-target.ts';

const DAY = 86_400_000;
const thresholds = [30, 14, 7, 1];

let authority: TestAuthority;
let target: TlsTarget | undefined;

beforeAll(async () => {
  authority = await testAuthority();
});

afterEach(async () => {
  await target?.close();
  target = undefined;
});

async function serve(certificate: MintedCertificate): Promise<TlsTarget> {
  target = await startTlsTarget(certificate);
  return target;
}

/** What a check sees of an answer: its status and the socket it came on (a kept-alive socket leaves the answer once read). */
interface Answer {
  statusCode: number | undefined;
  socket: TLSSocket;
}

/** A GET trusting the test's CA, answered once its body is read; `ignoreErrors`: as a monitor with `tls.ignore_errors`. */
function get(url: string, ignoreErrors = false, agent?: https.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca: authority.cert, rejectUnauthorized: !ignoreErrors, ...(agent === undefined ? { agent: false } : { agent }) }, (response) => {
      const answer = { statusCode: response.statusCode, socket: response.socket as TLSSocket };
      // Read to the end, so a kept-alive socket goes back to its pool.
      response.on('end', () => resolve(answer));
      response.resume();
    });
    request.on('error', reject);
  });
}

async function refusal(url: string): Promise<unknown> {
  return get(url).then(
    () => {
      throw new Error('the request was not refused');
    },
    (error: unknown) => error,
  );
}

describe('the certificate of an https server', () => {
  it('is read from a good connection: when it ends and what it is for; 5 days left alerts the 7-day threshold', async () => {
    const now = Date.now();
    const { url } = await serve(await authority.issue(['localhost', '127.0.0.1'], { until: now + 5 * DAY + 3_600_000 }));
    const response = await get(url);
    const certificate = peerCertificateOf(response.socket);
    expect(certificate?.names).toEqual(['localhost', '127.0.0.1']);
    // Certificates carry whole seconds.
    expect(Math.abs((certificate?.expiresAt ?? 0) - (now + 5 * DAY + 3_600_000))).toBeLessThan(1000);
    expect(ignoredRefusal(response.socket as TLSSocket, 'localhost')).toBeUndefined();
    expect(certificateAlert(certificate?.expiresAt ?? 0, now, thresholds, undefined)).toEqual({ kind: 'certificate.expiring', threshold: 7, daysLeft: 5 });
  });

  it('is asked once per kept-alive socket', async () => {
    const { url } = await serve(await authority.issue(['localhost']));
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(url, false, agent);
      const second = await get(url, false, agent);
      expect(second.socket).toBe(first.socket);
      expect(peerCertificateOf(second.socket)).toBe(peerCertificateOf(first.socket));
    } finally {
      agent.destroy();
    }
  });

  it('refuses an expired certificate, and says when it ended once errors are ignored', async () => {
    const now = Date.now();
    const ended = now - 3 * DAY;
    const { url } = await serve(await authority.issue(['localhost'], { from: now - 90 * DAY, until: ended }));
    const error = (await refusal(url)) as { code?: string };
    expect(error.code).toBe('CERT_HAS_EXPIRED');
    expect(certificateRefusal(error.code, 'localhost', refusedCertificate(error))).toBe('the certificate has expired');
    const ignored = await get(url, true);
    const when = new Date(Math.floor(ended / 1000) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    expect(ignoredRefusal(ignored.socket as TLSSocket, 'localhost')).toBe(`the certificate expired on ${when} UTC`);
    expect(certificateAlert(peerCertificateOf(ignored.socket)?.expiresAt ?? 0, now, thresholds, undefined)?.kind).toBe('certificate.expired');
  });

  it('refuses a certificate for another host, naming what it is for', async () => {
    const { url } = await serve(await authority.issue(['other.example', 'www.other.example']));
    const error = (await refusal(url)) as { code?: string };
    expect(error.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(certificateRefusal(error.code, 'localhost', refusedCertificate(error))).toBe('the certificate is for other.example, www.other.example, not localhost');
    const ignored = await get(url, true);
    expect(ignoredRefusal(ignored.socket as TLSSocket, 'localhost')).toBe('the certificate is for other.example, www.other.example, not localhost');
  });

  it('refuses a self-signed certificate, and reads it when errors are ignored', async () => {
    const { url } = await serve(await selfSigned(['localhost']));
    const error = (await refusal(url)) as { code?: string };
    expect(error.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(certificateRefusal(error.code, 'localhost')).toBe('the certificate is self-signed');
    const ignored = await get(url, true);
    expect(ignored.statusCode).toBe(200);
    expect(ignoredRefusal(ignored.socket as TLSSocket, 'localhost')).toBe('the certificate is self-signed');
    expect(peerCertificateOf(ignored.socket)?.names).toEqual(['localhost']);
  });

  it('refuses a certificate from an authority the computer does not trust', async () => {
    const stranger = await testAuthority('Unknown CA');
    const { url } = await serve(await stranger.issue(['localhost']));
    const error = (await refusal(url)) as { code?: string };
    expect(certificateRefusal(error.code, 'localhost')).toBe('the certificate is signed by an authority this computer does not trust');
  });
});

describe("trusting the test's authority for the whole process", () => {
  it('lets a request with no `ca` of its own (as a check makes) verify the minted certificates', async () => {
    const { url } = await serve(await authority.issue(['localhost']));
    const before = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...before, authority.cert]);
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        https.get(url, { agent: false }, (response) => resolve(response.resume().statusCode)).on('error', reject);
      });
      expect(status).toBe(200);
    } finally {
      tls.setDefaultCACertificates(before);
    }
  });
});

describe('certificate expiry alerts', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it('alert each threshold once, the smallest crossed first, and re-arm on renewal', () => {
    const ends = now + 20 * DAY;
    const first = certificateAlert(ends, now, thresholds, undefined);
    expect(first).toEqual({ kind: 'certificate.expiring', threshold: 30, daysLeft: 20 });
    const alerted = { threshold: 30, expiresAt: ends };
    expect(certificateAlert(ends, now + DAY, thresholds, alerted)).toBeUndefined();
    expect(certificateAlert(ends, now + 7 * DAY, thresholds, alerted)).toEqual({ kind: 'certificate.expiring', threshold: 14, daysLeft: 13 });
    // Renewed: a later end forgets what was alerted for the old one.
    expect(certificateAlert(ends + 90 * DAY, now + 7 * DAY, thresholds, alerted)).toBeUndefined();
    expect(certificateAlert(now + 10 * DAY, now + 7 * DAY, thresholds, { threshold: 1, expiresAt: now + 8 * DAY })).toEqual({ kind: 'certificate.expiring', threshold: 7, daysLeft: 3 });
    expect(certificateAlert(ends, ends, thresholds, { threshold: 1, expiresAt: ends })).toEqual({ kind: 'certificate.expired', threshold: -1, daysLeft: -1 });
  });
});
