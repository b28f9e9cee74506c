// Who may use browser mode. The printed URL carries a per-launch key; the page that opens it swaps the key for
// an HttpOnly cookie and every other request needs that cookie. Requests must also name the loopback address
// served, in Host and (when sent; always on the socket) Origin, so a DNS-rebound site is refused even though
// the browser would reach us.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface Refusal {
  status: 401 | 403 | 421;
  message: string;
}

export interface AccessGate {
  /** The launch key, only ever put in the printed URL. */
  readonly key: string;
  /** Refuses a Host that is not the loopback address served, or an Origin that is not the page's own. */
  checkSite(headers: IncomingHttpHeaders, originRequired: boolean): Refusal | undefined;
  /** What the `key` query parameter says: absent, this launch's key, or another. */
  keyOf(query: URLSearchParams): 'absent' | 'right' | 'wrong';
  /** Refuses a request without this launch's session cookie. */
  checkSession(headers: IncomingHttpHeaders): Refusal | undefined;
  /** The Set-Cookie value that hands the session to the page that brought the key. */
  readonly sessionCookie: string;
}

const notSignedIn: Refusal = { status: 401, message: 'Open Vigil with the address `vigil web` printed; it carries this launch\'s key.' };
export const wrongKey: Refusal = { status: 403, message: 'That is not this launch\'s key; open the address `vigil web` printed most recently.' };

export function createAccessGate(port: number): AccessGate {
  const key = randomBytes(32).toString('base64url');
  const session = randomBytes(32).toString('base64url');
  // Cookies are not isolated by port, so each launch's cookie is named after its port.
  const cookieName = `vigil-session-${port}`;
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  const misdirected: Refusal = { status: 421, message: `This server only answers requests addressed to 127.0.0.1:${port}.` };
  const foreignOrigin: Refusal = { status: 403, message: 'Requests from other sites are refused.' };

  return {
    key,
    sessionCookie: `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    checkSite(headers, originRequired) {
      if (!hosts.has((headers.host ?? '').toLowerCase())) return misdirected;
      const origin = headers.origin;
      if (origin === undefined ? originRequired : !origins.has(origin.toLowerCase())) return foreignOrigin;
      return undefined;
    },
    keyOf(query) {
      const given = query.get('key');
      if (given === null) return 'absent';
      return sameSecret(given, key) ? 'right' : 'wrong';
    },
    checkSession(headers) {
      const given = cookieValues(headers.cookie, cookieName);
      if (given.length === 0) return notSignedIn;
      // Any of them: a page on another loopback port can set a cookie of this name too (cookies ignore ports).
      return given.some((value) => sameSecret(value, session)) ? undefined : wrongKey;
    },
  };
}

function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values.slice(0, 10);
}

/** Constant-time: both sides are hashed to the same length first, so neither length nor content leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
