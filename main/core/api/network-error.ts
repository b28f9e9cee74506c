// Why fetch could not get an answer, from the error codes undici and Node put on the error's cause chain.

const reasons: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed before the answer was complete',
  UND_ERR_CLOSED: 'the connection was closed',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ENETDOWN: 'the network is down',
  UND_ERR_HEADERS_OVERFLOW: 'its headers were too large',
  HPE_INVALID_CONSTANT: 'its answer was not valid HTTP',
  HPE_INVALID_STATUS: 'its answer was not valid HTTP',
  HPE_INVALID_HEADER_TOKEN: 'its answer was not valid HTTP',
};

/** A phrase like "the connection was refused" for a fetch or body-stream failure. */
export function networkFailureReason(error: unknown): string {
  const code = codeOf(error);
  if (code === undefined) return 'the connection failed';
  if (/CERT|SSL|TLS|_SIGNATURE/.test(code)) return `its TLS certificate was not accepted (${code})`;
  return reasons[code] ?? `the connection failed (${code})`;
}

function codeOf(error: unknown): string | undefined {
  // fetch wraps the socket error: TypeError("fetch failed", { cause: Error { code } }), sometimes twice.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
