// What a check learns of an https server's certificate: when it expires and what it is for, and, when verification
// refuses it, why in one sentence ("the certificate expired on 2026-11-01 14:00 UTC", "the certificate is for
// other.example, not api.example", "the certificate is self-signed"). Read from the response's socket once per socket:
// a pooled keep-alive socket serves many checks with the same certificate.
import type { TLSSocket } from 'node:tls';
import { utcMinute } from '../../common/format/certificate-words.ts';

export interface PeerCertificate {
  /** Epoch ms of the end of its validity. */
  expiresAt: number;
  /** The DNS names and IP addresses it is for (its subject alternative names). */
  names: readonly string[];
}

const read = new WeakMap<TLSSocket, PeerCertificate | undefined>();

/** The certificate the server presented on this socket; undefined on a plain socket or when it sent none. */
export function peerCertificateOf(socket: TLSSocket): PeerCertificate | undefined {
  if (read.has(socket)) return read.get(socket);
  const x509 = typeof socket.getPeerX509Certificate === 'function' ? socket.getPeerX509Certificate() : undefined;
  const certificate = x509 === undefined ? undefined : { expiresAt: x509.validToDate.getTime(), names: alternativeNames(x509.subjectAltName) };
  read.set(socket, certificate);
  return certificate;
}

/** "DNS:a.example, IP Address:127.0.0.1" → ["a.example", "127.0.0.1"]. */
function alternativeNames(subjectAltName: string | undefined): string[] {
  if (subjectAltName === undefined) return [];
  return subjectAltName
    .split(', ')
    .map((entry) => entry.slice(entry.indexOf(':') + 1).trim())
    .filter((name) => name.length > 0);
}

/**
 * Why verification refused the certificate, in one sentence, for the verification codes Node and OpenSSL report
 * (`error.code`, or a socket's `authorizationError`); undefined for any other error. The certificate, when at hand,
 * makes the sentence exact (its end date, the names it is for).
 */
export function certificateRefusal(code: unknown, host: string, certificate?: PeerCertificate): string | undefined {
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return certificate === undefined ? 'the certificate has expired' : `the certificate expired on ${utcMinute(certificate.expiresAt)}`;
    case 'CERT_NOT_YET_VALID':
      return 'the certificate is not valid yet';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return certificate === undefined || certificate.names.length === 0 ? `the certificate is not for ${host}` : `the certificate is for ${certificate.names.join(', ')}, not ${host}`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return 'the certificate is self-signed';
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'the certificate chain ends in a self-signed authority this computer does not trust';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'the certificate is signed by an authority this computer does not trust';
    case 'CERT_REVOKED':
      return 'the certificate was revoked';
    default:
      return undefined;
  }
}

/** The certificate a refused connection's error carries (a host name mismatch carries it; other refusals do not). */
export function refusedCertificate(error: unknown): PeerCertificate | undefined {
  const cert = (error as { cert?: { valid_to?: unknown; subjectaltname?: unknown } } | null)?.cert;
  if (cert === undefined || typeof cert.valid_to !== 'string') return undefined;
  return { expiresAt: Date.parse(cert.valid_to), names: alternativeNames(typeof cert.subjectaltname === 'string' ? cert.subjectaltname : undefined) };
}

/**
 * With certificate errors ignored (the monitor's `tls.ignore_errors`): what verification would have refused on this
 * socket, for the warning the window shows; undefined when the certificate is good.
 */
export function ignoredRefusal(socket: TLSSocket, host: string): string | undefined {
  if (socket.authorized) return undefined;
  const error: unknown = socket.authorizationError;
  const code = typeof error === 'string' ? error : (error as { code?: unknown } | undefined)?.code;
  return certificateRefusal(code, host, peerCertificateOf(socket)) ?? 'the certificate could not be verified';
}
