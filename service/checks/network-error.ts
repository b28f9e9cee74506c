// Turns Node's socket, DNS and TLS errors into one short sentence for the monitor's history.

const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection aborted',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host is down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network is down',
  EADDRNOTAVAIL: 'address not available',
  ENOTFOUND: 'host not found',
  ENODATA: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary failure)',
  EAI_FAIL: 'DNS lookup failed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: certificate does not match the host name',
};

const TLS_CODE = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;
// OpenSSL's text inside a system error: "write EPROTO …:SSL routines:<function>:<reason>:<file>:<line>:".
const OPENSSL_REASON = /SSL routines:[^:]*:([^:]+)/;
const MAX_LENGTH = 160;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  /** OpenSSL's short reason, e.g. "wrong version number", where its message is a long code string. */
  reason?: unknown;
  errors?: unknown;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]?.trim() ?? '';
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}

export function describeNetworkError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'check failed';
  const { code, message, reason, errors } = error as ErrorLike;
  // Connecting to each address of a host in turn (happy eyeballs) fails with all the attempts' errors.
  if (code === undefined && Array.isArray(errors) && errors.length > 0) return describeNetworkError(errors[0]);
  const text = typeof message === 'string' ? firstLine(message) : '';
  if (typeof code === 'string') {
    const known = BY_CODE[code];
    if (known !== undefined) {
      // Node reports a connection closed before any response as ECONNRESET "socket hang up".
      return text === 'socket hang up' ? 'connection closed before a response' : known;
    }
    // Node adds advice after a semicolon ("…; if the root CA is installed locally, try …").
    if (TLS_CODE.test(code)) return `TLS: ${typeof reason === 'string' ? reason : text.split(';', 1)[0] || code}`;
    if (code.startsWith('HPE_')) return 'invalid HTTP response';
  }
  const openSslReason = typeof message === 'string' ? OPENSSL_REASON.exec(message)?.[1] : undefined;
  if (openSslReason !== undefined) return `TLS: ${openSslReason}`;
  return text || 'check failed';
}
