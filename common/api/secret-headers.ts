// Which request headers of an http monitor hold secrets, and how their values read in an answer
// (docs/api-decisions.md §16): stored in full and sent to the target, never shown or logged.

/** What stands for a secret value. A PUT that sends a value containing it keeps the stored value. */
export const SECRET_MASK = '••••••••';

const SECRET_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie']);
const SECRET_WORDS = /token|secret|key|password|passwd|session|credential/i;

/** Whether a name (a header's, a query parameter's) says its value is a secret: it holds one of the secret words. */
export function hasSecretWord(name: string): boolean {
  return SECRET_WORDS.test(name);
}
/**
 * Authorization schemes (IANA's registry and the common `Token`/`ApiKey`): a known scheme says nothing secret and
 * tells a reader which kind of credentials is set. Any other first word may be the secret itself, so it is masked.
 */
const AUTH_SCHEMES = new Set(['basic', 'bearer', 'digest', 'dpop', 'hoba', 'mutual', 'negotiate', 'ntlm', 'oauth', 'privatetoken', 'scram-sha-1', 'scram-sha-256', 'vapid', 'aws4-hmac-sha256', 'token', 'apikey']);
/**
 * Schemes whose credentials are one opaque token, whose end tells one token from another and nothing else. Others
 * hold structure the end would reveal: Basic's base64 of `user:password` ends in the password's last characters,
 * Digest's and the rest's parameters name the user or end in quotes.
 */
const TOKEN_SCHEMES = new Set(['bearer', 'dpop', 'token', 'apikey']);
/** A token this long keeps its last characters in view, to tell one token from another; a shorter one shows nothing. */
const SHOWN_TAIL_FROM = 24;
const SHOWN_TAIL = 4;
/** Header names are case-insensitive; `secretHeaders` are names the user marked secret too. */
export function isSecretHeader(name: string, secretHeaders: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || hasSecretWord(lower) || secretHeaders.some((marked) => marked.toLowerCase() === lower);
}

/** Whether the secret is one opaque token: the credentials of a token scheme, or a value of one word without one. */
function isOpaqueToken(scheme: string | undefined, secret: string): boolean {
  return scheme === undefined ? !/\s/.test(secret) : TOKEN_SCHEMES.has(scheme.toLowerCase());
}

/**
 * `Bearer ••••••••` for an Authorization value with a known scheme, otherwise just the mask; an opaque token (a
 * `Bearer`, `DPoP`, `Token` or `ApiKey` one, or a one-word value) of 24 characters or more shows its last 4 after the
 * mask (`Bearer ••••••••x9Qz`). Its length and start never show.
 */
export function maskSecret(name: string, value: string): string {
  const space = value.indexOf(' ');
  const scheme = space > 0 && name.toLowerCase().endsWith('authorization') && AUTH_SCHEMES.has(value.slice(0, space).toLowerCase()) ? value.slice(0, space) : undefined;
  const secret = scheme === undefined ? value : value.slice(space + 1);
  const tail = secret.length >= SHOWN_TAIL_FROM && isOpaqueToken(scheme, secret) ? secret.slice(-SHOWN_TAIL) : '';
  return `${scheme === undefined ? '' : `${scheme} `}${SECRET_MASK}${tail}`;
}

/** The headers as an answer shows them: secret values masked. */
export function maskSecretHeaders(
  headers: Readonly<Record<string, string>>,
  secretHeaders: readonly string[] = [],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = isSecretHeader(name, secretHeaders) ? maskSecret(name, value) : value;
  }
  return shown;
}

/** Whether a value sent back is a masked one, standing for the value already stored. */
export function isMaskedValue(value: string): boolean {
  return value.includes(SECRET_MASK);
}

/** Shorter pieces are left alone: blanking every "ab" or "1" in a text would garble it and hide nothing. */
const MIN_REDACTED = 4;

/**
 * The texts a secret header's value may come back as in an answer that echoes the request: the whole value, the
 * credentials after an Authorization scheme, and each cookie's value, longest first.
 */
export function secretValues(headers: Readonly<Record<string, string>>, secretHeaders: readonly string[] = []): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretHeader(name, secretHeaders)) continue;
    values.add(value.trim());
    const space = value.indexOf(' ');
    if (space > 0) values.add(value.slice(space + 1).trim());
    if (name.toLowerCase() === 'cookie') for (const pair of value.split(';')) values.add(pair.slice(pair.indexOf('=') + 1).trim());
  }
  return [...values].filter((value) => value.length >= MIN_REDACTED).sort((a, b) => b.length - a.length);
}

/** The text with each secret value, as itself or as it reads inside JSON text, replaced by the mask. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    redacted = redacted.replaceAll(secret, SECRET_MASK);
    const inJson = JSON.stringify(secret).slice(1, -1);
    if (inJson !== secret) redacted = redacted.replaceAll(inJson, SECRET_MASK);
  }
  return redacted;
}
