// Normalises what a user types as a domain to watch into the lower-case ASCII (A-label) form the
// service stores. Pragmatic IDNA: NFC + lower case + punycode, letters/marks/digits only; the full
// IDNA2008 code point tables are left to the registry, which rejects anything we let through wrongly.

import { isIPv4, isIPv6, MAX_HOSTNAME_LENGTH } from './hostnames.ts';
import { punycodeDecode, punycodeEncode } from './punycode.ts';

export type DomainNameResult = { ok: true; domain: string } | { ok: false; message: string };

const URL_HOST = /^https?:\/\/([^/?#]*)/i;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ASCII_ONLY = /^[\u0020-\u007e]*$/;
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
const ALL_DIGITS = /^[0-9]+$/;
// UTS 46 maps these full stops (ideographic, full-width, half-width) to "." so pasted CJK names work.
const FULL_STOPS = /[\u3002\uff0e\uff61]/g;
const MAX_LABEL_LENGTH = 63;

export function normalizeDomainName(input: string): DomainNameResult {
  let text = input.trim();
  if (text === '') return fail('must not be empty');
  // A pasted URL is taken for its host (minus any port): the intent is unambiguous, retyping is busywork.
  const url = URL_HOST.exec(text);
  if (url?.[1] !== undefined) text = url[1].replace(/:\d*$/, '');
  if (/[/?#@:\s]/.test(text) || text.startsWith('[')) {
    return isIPv6(text.replace(/^\[|\]$/g, ''))
      ? fail('must be a domain name, not an IP address')
      : fail('must be just the domain name, like example.com');
  }
  text = text.normalize('NFC').toLowerCase().replace(FULL_STOPS, '.');
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (isIPv4(text)) return fail('must be a domain name, not an IP address');

  const labels = text.split('.');
  if (labels.length < 2) return fail('must have at least two labels, like example.com');
  const asciiLabels: string[] = [];
  for (const label of labels) {
    if (label === '') return fail('must not contain an empty label (two dots in a row)');
    const ascii = toAsciiLabel(label);
    if (ascii === undefined) return fail(`has an invalid label "${label}"`);
    asciiLabels.push(ascii);
  }
  if (ALL_DIGITS.test(asciiLabels.at(-1) ?? '')) return fail('must end in a top-level domain, not digits');
  const domain = asciiLabels.join('.');
  if (domain.length > MAX_HOSTNAME_LENGTH) return fail(`must be at most ${MAX_HOSTNAME_LENGTH} characters`);
  return { ok: true, domain };
}

function toAsciiLabel(label: string): string | undefined {
  if (ASCII_ONLY.test(label)) return ASCII_LABEL.test(label) ? label : undefined;
  if (!UNICODE_LABEL.test(label) || label.startsWith('-') || label.endsWith('-')) return undefined;
  const ascii = `xn--${punycodeEncode(label)}`;
  return ascii.length <= MAX_LABEL_LENGTH ? ascii : undefined;
}

function fail(message: string): DomainNameResult {
  return { ok: false, message };
}

/**
 * A stored (A-label) name as its owner writes it, for sentences: `xn--bcher-kva.example` → `bücher.example`. A label
 * that does not decode to one `normalizeDomainName` would store the same way stays as it is.
 */
export function domainNameForPeople(ascii: string): string {
  return ascii
    .split('.')
    .map((label) => {
      if (!label.startsWith('xn--')) return label;
      const decoded = punycodeDecode(label.slice(4));
      return decoded !== undefined && toAsciiLabel(decoded) === label ? decoded : label;
    })
    .join('.');
}
