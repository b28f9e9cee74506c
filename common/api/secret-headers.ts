// Which request headers of an http monitor hold secrets, and how their values read in an answer
// (docs/api-decisions.md §16): stored in full and sent to the target, never shown or logged.

/** What stands for a secret value. A PUT that sends a value containing it keeps the stored value. */
export const SECRET_MASK = '••••••••';

const SECRET_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie']);
const SECRET_WORDS = /token|secret|key|password|passwd|session|credential/i;
/** `Bearer`, `Basic`, `Digest`…: the scheme of an Authorization value says nothing secret and helps a reader. */
const AUTH_SCHEME = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,19}) \S/;

/** Header names are case-insensitive; `secretHeaders` are names the user marked secret too. */
export function isSecretHeader(name: string, secretHeaders: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_WORDS.test(lower) || secretHeaders.some((marked) => marked.toLowerCase() === lower);
}

/** `Bearer ••••••••` for an Authorization value with a scheme, otherwise just the mask: never any of the secret. */
export function maskSecret(name: string, value: string): string {
  const scheme = name.toLowerCase().endsWith('authorization') ? AUTH_SCHEME.exec(value)?.[1] : undefined;
  return scheme === undefined ? SECRET_MASK : `${scheme} ${SECRET_MASK}`;
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
