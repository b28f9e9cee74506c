// Host, host:port and http(s) URL syntax, parsed by hand: common/ has no URL class (no DOM, no Node),
// and WHATWG URL parsing is too forgiving for input checks (it accepts "http://1.2" or "http:\\x").

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ALL_DIGITS = /^[0-9]+$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const HOST_PORT = /^(\[[^\]]*\]|[^:[\]]*):(\d{1,5})$/;
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;
const AUTHORITY = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/;
// Spaces and control characters are refused before this is used, so this finds non-ASCII text.
const NON_ASCII = /[^\u0020-\u007e]/;

export const MAX_HOSTNAME_LENGTH = 253;
export const MAX_URL_LENGTH = 2048;

/** RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens; no trailing dot. */
export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = text.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  // RFC 3696 §2: a top-level label is never all digits, so "1.2.3.999" is not a name either.
  return !ALL_DIGITS.test(labels.at(-1) ?? '');
}

/** Dotted-decimal IPv4; leading zeros are refused because some resolvers read them as octal. */
export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/** RFC 4291 text form (with "::" and an embedded IPv4 tail); zone ids such as "%eth0" are refused. */
export function isIPv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let width = 0;
  for (const [index, group] of groups.entries()) {
    const isLast = index === groups.length - 1 && !text.endsWith(':');
    if (isLast && isIPv4(group)) width += 2;
    else if (HEX_GROUP.test(group)) width += 1;
    else return false;
  }
  return halves.length === 2 ? width <= 7 : width === 8;
}

/** A ping target: a host name, an IPv4 address, or an IPv6 address with or without brackets. */
export function isPingTarget(text: string): boolean {
  return isHostname(text) || isIPv4(text) || isIPv6(unbracket(text) ?? text);
}

/** `host:port` for tcp/udp checks; IPv6 hosts must be bracketed so the port is unambiguous. */
export function isHostPort(text: string): boolean {
  const [, host, port] = HOST_PORT.exec(text) ?? [];
  return host !== undefined && port !== undefined && isHost(host) && isPort(port);
}

export type HttpUrlParts = { scheme: 'http' | 'https'; host: string; port: number | undefined };
export type HttpUrlResult = { ok: true; url: HttpUrlParts } | { ok: false; message: string };

/** An absolute http(s) URL with a host and no credentials; messages read "must …" next to the field. */
export function parseHttpUrl(text: string): HttpUrlResult {
  if (text.length > MAX_URL_LENGTH) return fail(`must be at most ${MAX_URL_LENGTH} characters`);
  const [, rawScheme, authority] = URL_PARTS.exec(text) ?? [];
  const scheme = rawScheme?.toLowerCase();
  if ((scheme !== 'http' && scheme !== 'https') || authority === undefined) return fail(missingSchemeMessage(text));
  if (/[\p{Cc}\u2028\u2029]/u.test(text)) return fail('must not contain control characters or line breaks');
  if (/\s/.test(text)) return fail('must not contain spaces (write a space in a path as %20)');
  if (authority.includes('@')) return fail('must not contain a user name or password (user:pass@)');
  if (authority === '') return fail('must include a host name');
  const [, host, port] = AUTHORITY.exec(authority) ?? [];
  if (host === undefined) return fail(`has an invalid host or port "${authority}"`);
  if (!isHost(host)) {
    return NON_ASCII.test(host)
      ? fail('must use the ASCII (xn--) form of an internationalised host name')
      : fail(`has an invalid host name "${host}"`);
  }
  if (port !== undefined && !isPort(port)) return fail('must use a port between 1 and 65535');
  return { ok: true, url: { scheme, host, port: port === undefined ? undefined : Number(port) } };
}

/**
 * What is wrong with an address that does not start with http:// or https://: "example.com/health" lacks only its
 * start (shown completed), "ftp://…" has another, and "not a url" is no address at all.
 */
function missingSchemeMessage(text: string): string {
  const completable = 'must start with http:// or https://, like https://';
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return `${completable}example.com`;
  const host = /^[^/?#:]*/.exec(text)?.[0] ?? '';
  const looksLikeHost = (host.includes('.') && isHostname(host)) || isIPv4(host) || host === 'localhost';
  if (looksLikeHost && !/\s/.test(text)) return text.length <= 100 ? `${completable}${text}` : `${completable}example.com`;
  return 'must be a full web address, like https://example.com';
}

function isHost(text: string): boolean {
  const inner = unbracket(text);
  return inner === undefined ? isHostname(text) || isIPv4(text) : isIPv6(inner);
}

function unbracket(text: string): string | undefined {
  return text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : undefined;
}

function isPort(digits: string): boolean {
  const port = Number(digits);
  return port >= 1 && port <= 65535;
}

function fail(message: string): HttpUrlResult {
  return { ok: false, message };
}
