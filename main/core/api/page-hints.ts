// What a list response's headers say about further pages. Only ever a reason to ask for one more page: the
// client works without them (docs/api-decisions.md §3), but they let it page through a server that serves
// fewer items than asked for (one that caps `limit`).

export interface PageHints {
  /** An RFC 8288 Link with rel="next". */
  next: boolean;
  /** X-Total-Count, when it is a whole number. */
  total: number | undefined;
}

export function pageHints(headers: Headers): PageHints {
  const count = headers.get('x-total-count')?.trim();
  return {
    next: hasNextLink(headers.get('link')),
    total: count !== undefined && /^\d{1,15}$/.test(count) ? Number(count) : undefined,
  };
}

function hasNextLink(link: string | null): boolean {
  if (link === null) return false;
  // Each link is `<uri>; param=value; …`; rel holds space-separated relation types, quoted or not.
  for (const match of link.matchAll(/;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/gi)) {
    const relations = (match[1] ?? match[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return true;
  }
  return false;
}
