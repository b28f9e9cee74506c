// A person's free text with its https addresses as links, its line breaks kept (by the stylesheet). A link opens
// the way every link leaving the app does: in the app window the preload hands a clicked one to main, which opens
// https only in the browser (preload/link-clicks.ts); in a browser tab, in a new tab. Any other scheme stays text.
import type { ReactNode } from 'react';

const HTTPS_ADDRESS = /https:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address before it ("see https://wiki/x."). */
const TRAILING = /[.,;:!?]+$/;

/** The address as written, less the sentence's punctuation after it and a closing bracket it did not open. */
function addressIn(match: string): string {
  let address = match.replace(TRAILING, '');
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    while (address.endsWith(close) && address.split(close).length > address.split(open).length) address = address.slice(0, -1).replace(TRAILING, '');
  }
  return address;
}

/** The text cut into plain parts and https addresses, in order. */
export function linkedParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let at = 0;
  for (const match of text.matchAll(HTTPS_ADDRESS)) {
    const address = addressIn(match[0]);
    const url = URL.parse(address);
    if (url === null || url.hostname === '') continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: address, href: address });
    at = match.index + address.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export function LinkedText({ text }: { text: string }): ReactNode {
  return linkedParts(text).map((part, index) =>
    part.href === undefined ? (
      part.text
    ) : (
      <a key={index} href={part.href} target="_blank" rel="noreferrer">
        {part.text}
      </a>
    ),
  );
}
