// Where a credential may go: https anywhere, plain http only to this machine (docs/api-decisions.md §10). The API's
// access token and a source's key alike; a source that is sent none (a public status page) may be plain http anywhere.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { ClientErrorInfo } from '../model/snapshot.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
// IPv4-mapped form of 127.0.0.0/8 (WHATWG URL writes [::ffff:127.0.0.1] as [::ffff:7f00:1]).
loopback.addSubnet('::ffff:7f00:0', 104, 'ipv6');

/** A URL's `hostname` (IPv6 in brackets, as URL gives it) that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (host.toLowerCase() === 'localhost') return true;
  if (isIPv4(host)) return loopback.check(host, 'ipv4');
  if (isIPv6(host)) return loopback.check(host, 'ipv6');
  return false;
}

export type BaseUrlCheck = { ok: true; base: string } | { ok: false; info: ClientErrorInfo };

/**
 * The base URL without a trailing slash, query or fragment, or why no request may be sent to it. `credential` is what
 * will be sent, in a sentence's words ("the access token", "the API key"), or false when nothing secret is.
 */
export function checkBaseUrl(baseUrl: string, credential: string | false = 'the access token'): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { ok: false, info: { kind: 'unreachable', message: 'The server address is not a valid URL; it should look like https://host/api.' } };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, info: { kind: 'unreachable', message: `The server address must start with https:// (or http:// for this computer), not ${url.protocol}//.` } };
  }
  if (url.username !== '' || url.password !== '') {
    // fetch refuses such URLs, and a password in the address would end up in messages.
    return { ok: false, info: { kind: 'unreachable', message: 'The server address must not contain a user name or password.' } };
  }
  if (url.protocol === 'http:' && credential !== false && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      info: {
        kind: 'insecure',
        message: `Vigil will not send ${credential} over plain http to ${url.host}; use https://, or http:// only for this computer.`,
      },
    };
  }
  return { ok: true, base: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/**
 * Whether a token can go in an Authorization header. fetch would otherwise throw an error that quotes the whole
 * header value, token included.
 */
export function isSendableToken(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}
