// A pragmatic e-mail address check for notification destinations: dot-atom local part @ host name.
// Quoted local parts and address literals are legal but so rare that refusing them catches typos.

import { isHostname } from './hostnames.ts';

export const MAX_EMAIL_LENGTH = 254; // RFC 5321 path limit minus the angle brackets
const MAX_LOCAL_PART_LENGTH = 64;
const DOT_ATOM = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

export function isEmailAddress(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH) return false;
  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  return (
    at > 0 &&
    local.length <= MAX_LOCAL_PART_LENGTH &&
    DOT_ATOM.test(local) &&
    domain.includes('.') &&
    isHostname(domain)
  );
}
