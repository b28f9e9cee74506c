// Who may use browser mode. The printed URL carries a per-launch key, good for one use: the page that opens it
// gets an HttpOnly cookie, which every request needs, and a page secret (common/ipc/page-secret.ts), which the
// contract socket needs as well. The cookie alone is not enough, since cookies ignore ports: every other web server
// on 127.0.0.1 the person visits receives it. The page secret lives in storage of the page's own origin (port
// included), so a replayed cookie, even with forged Host and Origin, opens no socket. Requests must also name the
// loopback address served, in Host and (when sent; always on the socket) Origin, so a DNS-rebound site is refused
// even though the browser would reach us.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { pageSecretFragment, pageSecretFromProtocols } from '../../common/ipc/page-secret.ts';

export interface Refusal {
  status: 401 | 403 | 421;
  message: string;
}

export interface AccessGate {
  /** The launch key, only ever put in the printed URL. */
  readonly key: string;
  /** Refuses a Host that is not the loopback address served, or an Origin that is not the page's own. */
  checkSite(headers: IncomingHttpHeaders, originRequired: boolean): Refusal | undefined;
  /** What a request whose address may carry the key gets; the first use of the right key spends it. */
  openWithKey(query: URLSearchParams, headers: IncomingHttpHeaders): KeyAnswer;
  /** Refuses a request without this launch's session cookie. */
  checkSession(headers: IncomingHttpHeaders): Refusal | undefined;
  /** Refuses a contract socket that does not show this launch's page secret among its subprotocols. */
  checkPageSecret(headers: IncomingHttpHeaders): Refusal | undefined;
}

export type KeyAnswer =
  /** No key in the address: the session decides. */
  | { kind: 'absent' }
  /** The page continues at `location` (the key leaves the address bar), with the cookie when there is one to set. */
  | { kind: 'redirect'; location: string; setCookie?: string }
  | { kind: 'refused'; refusal: Refusal };

const notSignedIn: Refusal = { status: 401, message: 'Open Vigil with the address `vigil web` printed; it carries this launch\'s key.' };
const wrongKey: Refusal = { status: 403, message: 'That is not this launch\'s key; open the address `vigil web` printed most recently.' };
const keyAlreadyUsed: Refusal = {
  status: 403,
  message:
    'This address was already opened in a browser, and it opens Vigil only once. Go back to the tab it opened; to open Vigil in another browser, stop `vigil web` (Ctrl-C) and start it again for a new address.',
};

export function createAccessGate(port: number): AccessGate {
  const key = randomBytes(32).toString('base64url');
  const session = randomBytes(32).toString('base64url');
  const pageSecret = randomBytes(32).toString('base64url');
  let keyUsed = false;
  // Cookies are not isolated by port, so each launch's cookie is named after its port.
  const cookieName = `vigil-session-${port}`;
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  const misdirected: Refusal = { status: 421, message: `This server only answers requests addressed to 127.0.0.1:${port}.` };
  const foreignOrigin: Refusal = { status: 403, message: 'Requests from other sites are refused.' };

  const checkSession = (headers: IncomingHttpHeaders): Refusal | undefined => {
    const given = cookieValues(headers.cookie, cookieName);
    if (given.length === 0) return notSignedIn;
    // Any of them: a page on another loopback port can set a cookie of this name too (cookies ignore ports).
    return given.some((value) => sameSecret(value, session)) ? undefined : wrongKey;
  };

  return {
    key,
    checkSite(headers, originRequired) {
      if (!hosts.has((headers.host ?? '').toLowerCase())) return misdirected;
      const origin = headers.origin;
      if (origin === undefined ? originRequired : !origins.has(origin.toLowerCase())) return foreignOrigin;
      return undefined;
    },
    openWithKey(query, headers) {
      const given = query.get('key');
      if (given === null) return { kind: 'absent' };
      if (!sameSecret(given, key)) return { kind: 'refused', refusal: wrongKey };
      if (!keyUsed) {
        keyUsed = true;
        return { kind: 'redirect', location: `/${pageSecretFragment(pageSecret)}`, setCookie: `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/` };
      }
      // The printed address clicked again in the browser that opened it: that browser has the session (and its
      // page secret, in storage every tab of the page shares), so it continues at / and is handed nothing new.
      return checkSession(headers) === undefined ? { kind: 'redirect', location: '/' } : { kind: 'refused', refusal: keyAlreadyUsed };
    },
    checkSession,
    checkPageSecret(headers) {
      const given = pageSecretFromProtocols(headers['sec-websocket-protocol']);
      if (given === undefined) return notSignedIn;
      return sameSecret(given, pageSecret) ? undefined : wrongKey;
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
