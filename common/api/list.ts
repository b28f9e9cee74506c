// Entry points for response bodies: one bad item or field never loses the rest, but a body of the
// wrong shape altogether is a protocol error the caller must show.

import type { Issue, ItemReader } from './fields.ts';
import { isJsonObject, jsonKind } from './json.ts';

export type ProtocolError = { code: 'expected_array' | 'expected_object'; message: string };

export type ListResult<T> = { ok: true; items: T[]; issues: Issue[] } | { ok: false; error: ProtocolError };
export type ItemResult<T> = { ok: true; item: T; issues: Issue[] } | { ok: false; error: ProtocolError };

/** For GET on a collection. Items that are not objects are skipped and reported by index. */
export function parseList<T>(readItem: ItemReader<T>, json: unknown): ListResult<T> {
  if (!Array.isArray(json)) {
    return { ok: false, error: { code: 'expected_array', message: `expected a JSON array, got ${jsonKind(json)}` } };
  }
  const items: T[] = [];
  const issues: Issue[] = [];
  // One context reused for every item: readers copy `at` into each issue, so updating it is safe.
  const at: [number] = [0];
  const context = { at, issues };
  for (let index = 0; index < json.length; index++) {
    const value: unknown = json[index];
    if (!isJsonObject(value)) {
      issues.push({ path: [index], message: `skipped: expected an object, got ${jsonKind(value)}` });
      continue;
    }
    at[0] = index;
    items.push(readItem(value, context));
  }
  return { ok: true, items, issues };
}

/** For GET, POST and PUT on one resource. */
export function parseItem<T>(readItem: ItemReader<T>, json: unknown): ItemResult<T> {
  if (!isJsonObject(json)) {
    return { ok: false, error: { code: 'expected_object', message: `expected a JSON object, got ${jsonKind(json)}` } };
  }
  const issues: Issue[] = [];
  return { ok: true, item: readItem(json, { at: [], issues }), issues };
}
