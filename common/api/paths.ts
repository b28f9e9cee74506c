// Paths below the base URL. Ids are opaque and may contain anything, so each is one encoded segment.

/** The spec's collections, and the maintenance and dependencies extensions' (docs/api-decisions.md §15, §18). */
export const COLLECTIONS = ['monitors', 'heartbeats', 'domains', 'notifications', 'maintenance', 'dependencies'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export function collectionPath(collection: Collection): string {
  return `/${collection}`;
}

/** `/monitors/<id>` with the id encoded so it can never leave its segment or the collection. */
export function resourcePath(collection: Collection, id: string): string {
  return `/${collection}/${encodeURIComponent(checkedId(collection, id))}`;
}

function checkedId(collection: Collection, id: string): string {
  const refuse = (why: string) => new Error(`Cannot build a path in /${collection}: the id ${why}.`);
  if (id === '') throw refuse('is empty');
  // encodeURIComponent would throw a bare URIError on a lone surrogate.
  if (!id.isWellFormed()) throw refuse('contains an unpaired surrogate');
  // WHATWG URL parsing (fetch) resolves "." and ".." segments even when spelled "%2E" / "%2E%2E",
  // so "/monitors/.." would silently become "/". No spelling reaches such a resource; refuse it.
  if (id === '.' || id === '..') throw refuse(`"${id}" cannot be put in a URL path`);
  return id;
}
