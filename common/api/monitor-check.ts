// Tolerant readers for the check extension fields (docs/api-decisions.md §16): the request Vigil's service sends
// for an http monitor, the expectations it judges the answer by and its certificate settings, and a dns monitor's
// lookup. As everywhere on the response side, a bad part is dropped and reported; the rest is kept.

import { readInteger, readPositiveInteger, readText, type ReadContext } from './fields.ts';
import { isJsonObject, jsonKind, type JsonObject } from './json.ts';

/** As read: a status code or a class like "2xx" (a newer server may send other strings, kept as they are). */
export type ReadExpectation = {
  status?: (number | string)[] | undefined;
  body_contains?: string | undefined;
  body_not_contains?: string | undefined;
  json?: { path: string; equals: unknown }[] | undefined;
  max_response_ms?: number | undefined;
};

function issue(context: ReadContext, path: (string | number)[], message: string): void {
  context.issues.push({ path: [...context.at, ...path], message });
}

function objectAt(object: JsonObject, key: string, context: ReadContext): JsonObject | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (isJsonObject(value)) return value;
  issue(context, [key], `expected an object, got ${jsonKind(value)}`);
  return undefined;
}

function arrayAt(object: JsonObject, key: string, context: ReadContext, at: (string | number)[] = [key]): unknown[] | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  issue(context, at, `expected a list, got ${jsonKind(value)}`);
  return undefined;
}

/** Header names to text values (secret ones arrive masked); a value that is not text is dropped. */
export function readHeaders(object: JsonObject, key: string, context: ReadContext): Record<string, string> | undefined {
  const headers = objectAt(object, key, context);
  if (headers === undefined) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') kept[name] = value;
    else issue(context, [key, name], `expected a string, got ${jsonKind(value)}`);
  }
  return kept;
}

export function readTextList(object: JsonObject, key: string, context: ReadContext): string[] | undefined {
  const list = arrayAt(object, key, context);
  if (list === undefined) return undefined;
  const kept: string[] = [];
  list.forEach((value, index) => {
    if (typeof value === 'string') kept.push(value);
    else issue(context, [key, index], `expected a string, got ${jsonKind(value)}`);
  });
  return kept;
}

function readStatusList(expect: JsonObject, key: string, context: ReadContext): (number | string)[] | undefined {
  const list = arrayAt(expect, 'status', context, [key, 'status']);
  if (list === undefined) return undefined;
  const kept: (number | string)[] = [];
  list.forEach((value, index) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) kept.push(value);
    else issue(context, [key, 'status', index], `expected a status code or class, got ${jsonKind(value)}`);
  });
  return kept;
}

function readJsonExpectations(expect: JsonObject, key: string, context: ReadContext): { path: string; equals: unknown }[] | undefined {
  const list = arrayAt(expect, 'json', context, [key, 'json']);
  if (list === undefined) return undefined;
  const kept: { path: string; equals: unknown }[] = [];
  list.forEach((value, index) => {
    if (isJsonObject(value) && typeof value['path'] === 'string' && 'equals' in value) kept.push({ path: value['path'], equals: value['equals'] });
    else issue(context, [key, 'json', index], 'expected an object with a text path and an equals value');
  });
  return kept;
}

export function readExpectation(object: JsonObject, key: string, context: ReadContext): ReadExpectation | undefined {
  const expect = objectAt(object, key, context);
  if (expect === undefined) return undefined;
  const inner: ReadContext = { at: [...context.at, key], issues: context.issues };
  return {
    status: readStatusList(expect, key, context),
    body_contains: readText(expect, 'body_contains', inner),
    body_not_contains: readText(expect, 'body_not_contains', inner),
    json: readJsonExpectations(expect, key, context),
    max_response_ms: readPositiveInteger(expect, 'max_response_ms', inner),
  };
}

/** As read: a dns monitor's lookup; a record type newer than this code is kept as the text it is. */
export type ReadDnsCheck = {
  record?: string | undefined;
  /** One value or a list, as the monitor was given it. */
  expect?: string | string[] | undefined;
  resolver?: string | undefined;
};

function readDnsExpect(dns: JsonObject, context: ReadContext): string | string[] | undefined {
  const value = dns['expect'];
  if (typeof value === 'string') return value;
  if (value === undefined || value === null || Array.isArray(value)) return readTextList(dns, 'expect', context);
  issue(context, ['expect'], `expected a string or a list of strings, got ${jsonKind(value)}`);
  return undefined;
}

/** Every key is written, so all read lookups share one object shape. */
export function readDnsCheck(object: JsonObject, key: string, context: ReadContext): ReadDnsCheck | undefined {
  const dns = objectAt(object, key, context);
  if (dns === undefined) return undefined;
  const inner: ReadContext = { at: [...context.at, key], issues: context.issues };
  return { record: readText(dns, 'record', inner), expect: readDnsExpect(dns, inner), resolver: readText(dns, 'resolver', inner) };
}

/** As read: the days before the certificate ends that alert, and whether its errors are ignored. */
export type ReadTls = { expiry_days?: number[] | undefined; ignore_errors?: boolean | undefined };

function readExpiryDays(tls: JsonObject, key: string, context: ReadContext): number[] | undefined {
  const list = arrayAt(tls, 'expiry_days', context, [key, 'expiry_days']);
  if (list === undefined) return undefined;
  const kept: number[] = [];
  list.forEach((value, index) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) kept.push(value);
    else issue(context, [key, 'expiry_days', index], `expected a whole number of days, got ${jsonKind(value)}`);
  });
  return kept;
}

export function readTls(object: JsonObject, key: string, context: ReadContext): ReadTls | undefined {
  const tls = objectAt(object, key, context);
  if (tls === undefined) return undefined;
  const ignoreErrors = tls['ignore_errors'];
  if (ignoreErrors !== undefined && ignoreErrors !== null && typeof ignoreErrors !== 'boolean') {
    issue(context, [key, 'ignore_errors'], `expected true or false, got ${jsonKind(ignoreErrors)}`);
  }
  return { expiry_days: readExpiryDays(tls, key, context), ignore_errors: typeof ignoreErrors === 'boolean' ? ignoreErrors : undefined };
}

/** A duration in milliseconds: zero is a fine answer from a loopback target, below zero is not. */
export function readMilliseconds(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = readInteger(object, key, context);
  if (value === undefined || value >= 0) return value;
  issue(context, [key], `expected zero or more milliseconds, got ${value}`);
  return undefined;
}
