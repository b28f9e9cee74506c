// Salvaging field readers for the tolerant response side. Written by hand rather than with zod:
// each field is checked on its own, a bad one is dropped and reported instead of failing the item,
// and the hot path (10,000 monitors per poll) allocates nothing but the result object.

import { isDate, isDateTime } from './datetimes.ts';
import { jsonKind, type JsonObject } from './json.ts';

export type IssuePath = (string | number)[];
/** Something in a response Vigil could not use; the rest of the response still was. */
export type Issue = { path: IssuePath; message: string };

/** Where a reader is: the path of the item being read, and the list its issues go to. */
export type ReadContext = { at: readonly (string | number)[]; issues: Issue[] };

/** Builds a resource from one JSON object, reporting (not throwing on) fields it cannot use. */
export type ItemReader<T> = (object: JsonObject, context: ReadContext) => T;

const HTTP_URL_SHAPE = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

function drop(context: ReadContext, key: string, message: string): undefined {
  context.issues.push({ path: [...context.at, key], message });
  return undefined;
}

function wrongType(context: ReadContext, key: string, expected: string, value: unknown): undefined {
  return drop(context, key, `expected ${expected}, got ${jsonKind(value)}`);
}

// Every reader treats null exactly like an absent field: many servers send null for "no value".

export function readText(object: JsonObject, key: string, context: ReadContext): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return wrongType(context, key, 'a string', value);
}

/** Ids are opaque strings; integer ids (common on other servers) become their decimal string. */
export function readId(object: JsonObject, key: string, context: ReadContext): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value === '' ? drop(context, key, 'expected a non-empty id') : value;
  if (typeof value === 'number') {
    // Beyond 2^53 the number has already lost digits, so it would name a different resource.
    return Number.isSafeInteger(value) ? String(value) : drop(context, key, 'expected an integer id below 2^53');
  }
  return wrongType(context, key, 'a string or integer id', value);
}

export function readInteger(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') return wrongType(context, key, 'an integer', value);
  return Number.isSafeInteger(value) ? value : drop(context, key, `expected an integer within ±2^53, got ${value}`);
}

/** Any finite number (a ratio, an average). */
export function readNumber(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') return wrongType(context, key, 'a number', value);
  return Number.isFinite(value) ? value : drop(context, key, `expected a finite number, got ${value}`);
}

/** A count of seconds between events: zero or less would make every check or ping overdue at once. */
export function readPositiveInteger(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = readInteger(object, key, context);
  if (value === undefined || value > 0) return value;
  return drop(context, key, `expected a positive integer, got ${value}`);
}

/** Kept as the server wrote it; `dateTimeToEpochMs` turns it into a number when needed. */
export function readDateTime(object: JsonObject, key: string, context: ReadContext): string | undefined {
  const value = readText(object, key, context);
  if (value === undefined || isDateTime(value)) return value;
  return drop(context, key, `expected an ISO 8601 date-time with offset, got "${clip(value)}"`);
}

/** A `YYYY-MM-DD` date; a full date-time is accepted and cut to the date it names in its own offset. */
export function readDate(object: JsonObject, key: string, context: ReadContext): string | undefined {
  const value = readText(object, key, context);
  if (value === undefined || isDate(value)) return value;
  if (isDateTime(value)) return value.slice(0, 10);
  return drop(context, key, `expected an ISO 8601 date (YYYY-MM-DD), got "${clip(value)}"`);
}

/**
 * Only absolute http(s) URLs survive, so a hostile server cannot hand Vigil a javascript: or file:
 * link. A shape check, not the full input rule: the response side must stay cheap.
 */
export function readHttpUrl(object: JsonObject, key: string, context: ReadContext): string | undefined {
  const value = readText(object, key, context);
  if (value === undefined || HTTP_URL_SHAPE.test(value)) return value;
  return drop(context, key, `expected an absolute http(s) URL, got "${clip(value)}"`);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
