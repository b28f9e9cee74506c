// Normalises what a user types as a domain to watch into the lower-case ASCII (A-label) form the service stores,
// and back for people. IDNA is UTS #46's, from the tr46 library (docs/toolchain.md): it maps case, width, full stops
// and Unicode forms, and checks hyphens, joiners, bidirectional text and STD3's letters, digits and hyphen. One rule
// of IDNA2008's is kept on top: a label is letters, marks, digits and hyphens, so a symbol (an emoji) is refused here
// rather than by the registry later.

import { toASCII, toUnicode } from 'tr46';
import { isIPv4, isIPv6, MAX_HOSTNAME_LENGTH } from './hostnames.ts';

export type DomainNameResult = { ok: true; domain: string } | { ok: false; message: string };

const URL_HOST = /^https?:\/\/([^/?#]*)/i;
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
const ALL_DIGITS = /^[0-9]+$/;
const MAX_LABEL_LENGTH = 63;
/** The full stops UTS #46 maps to "." (ideographic, full-width, half-width), so pasted CJK names work. */
const LABEL_SEPARATORS = /[.\u3002\uff0e\uff61]/;
/** Nontransitional processing (ß stays ß, as browsers and registries have it); lengths are checked here, with words. */
const IDNA = { checkBidi: true, checkHyphens: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false } as const;

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
  const labels = text.split(LABEL_SEPARATORS).map(asRead);
  // A trailing dot names the root: example.com. is example.com.
  if (labels.length > 1 && labels.at(-1) === '') labels.pop();
  if (isIPv4(labels.join('.'))) return fail('must be a domain name, not an IP address');
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

/** A label as UTS #46 maps it (lower case, full-width letters, NFC), so an invalid one is named as it will be read. */
function asRead(label: string): string {
  const mapped = toUnicode(label, IDNA);
  return mapped.error ? label.normalize('NFC').toLowerCase() : mapped.domain;
}

function toAsciiLabel(label: string): string | undefined {
  if (!UNICODE_LABEL.test(label)) return undefined;
  const ascii = toASCII(label, IDNA);
  return ascii !== null && ascii.length <= MAX_LABEL_LENGTH ? ascii : undefined;
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
      if (!label.toLowerCase().startsWith('xn--')) return label;
      const decoded = toUnicode(label, IDNA);
      return !decoded.error && toAsciiLabel(decoded.domain) === label ? decoded.domain : label;
    })
    .join('.');
}
