// Normalises what a user types as a domain to watch into the lower-case ASCII (A-label) form the service stores, and
// shows a stored one back as it was typed. The conversion is UTS #46 as the WHATWG URL parser does it (Chromium's in
// the window, Node's elsewhere: no tables in the bundle), so full-width letters, compatibility forms and case map as
// browsers map them; punycode.js decodes an A-label for sentences. Vigil's own checks stay on top: letters, marks,
// digits and inner hyphens only (the registry, not this, holds the full IDNA2008 tables), no IP address, at least
// two labels, a top-level label that is not all digits.

import punycode from 'punycode/punycode.js';
import { isIPv4, isIPv6, MAX_HOSTNAME_LENGTH } from './hostnames.ts';

export type DomainNameResult = { ok: true; domain: string } | { ok: false; message: string };

const URL_HOST = /^https?:\/\/([^/?#]*)/i;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ASCII_ONLY = /^[\u0020-\u007e]*$/;
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
const ALL_DIGITS = /^[0-9]+$/;
// UTS 46 maps these full stops (ideographic, full-width, half-width) to "." so pasted CJK names work.
const FULL_STOPS = /[\u3002\uff0e\uff61]/g;

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
  const ascii = uts46Label(label);
  // Mapped to plain ASCII (full-width letters) or to an A-label, and still one label within its length.
  return ascii !== undefined && ASCII_LABEL.test(ascii) ? ascii : undefined;
}

/**
 * One label through the URL parser's UTS #46 ToASCII; undefined where it refuses it. A last label of letters follows
 * it, so that one of digits (full-width ones map to digits) is a label, not an IPv4 address.
 */
function uts46Label(label: string): string | undefined {
  try {
    return new URL(`http://${label}.x/`).hostname.slice(0, -'.x'.length);
  } catch {
    return undefined;
  }
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
      const decoded = decodedLabel(label);
      return decoded !== undefined && toAsciiLabel(decoded) === label ? decoded : label;
    })
    .join('.');
}

/** An A-label's Unicode form; undefined when it is not valid Punycode. */
function decodedLabel(label: string): string | undefined {
  try {
    return punycode.toUnicode(label);
  } catch {
    return undefined;
  }
}
