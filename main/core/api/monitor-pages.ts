// One page of GET /monitors as paginate.ts needs it, and how the client tells a refused page 0 from a failure.
import { isJsonObject, type Monitor, parseList, readMonitor } from '../../../common/api/index.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import type { ApiResponse } from './http-request.ts';
import { pageHints } from './page-hints.ts';
import type { Page } from './paginate.ts';
import { parseJsonBody, shapeError } from './parse-json.ts';

export function monitorPage(response: ApiResponse, label: string): Page<Monitor> {
  const json = parseJsonBody(response, label);
  const parsed = parseList(readMonitor, json);
  if (!parsed.ok) throw shapeError(response.status, label, parsed.error);
  const array: readonly unknown[] = Array.isArray(json) ? json : [];
  // parseList keeps the objects in order and skips the rest: map each item back to its index in the array.
  const objectIndexes = array.flatMap((value, index) => (isJsonObject(value) ? [index] : []));
  return {
    entries: parsed.items.map((item, n) => ({ item, index: objectIndexes[n] ?? n })),
    length: array.length,
    issues: parsed.issues,
    hints: pageHints(response.headers),
  };
}

/** Which monitor an entry of a page is (not its item key): the id, or for a monitor without one its content, so
 * an entry repeated across pages is still recognised. */
export function pageEntryIdentity(monitor: Monitor): string {
  return monitor.id === undefined ? `content:${JSON.stringify(monitor)}` : `id:${monitor.id}`;
}

/**
 * How a 1-based server may answer page=0: a 400 or 404, a 500 (an offset of −limit in its query), or something
 * that is not a list. Anything else (the network, the token, a rate limit, 502–504) is a real failure.
 */
export function refusesPageZero(info: ClientErrorInfo): boolean {
  return info.kind === 'bad-request' || info.kind === 'not-found' || info.kind === 'protocol-error' || info.status === 500;
}
