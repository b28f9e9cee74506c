// Tolerant readers for an http monitor's check extension fields (docs/api-decisions.md §16): the request Vigil's
// service sends and the expectations it judges the answer by. As everywhere on the response side, a bad part is
// dropped and reported; the rest is kept.

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

function readStatusList(expect: JsonObject, context: ReadContext): (number | string)[] | undefined {
  const list = arrayAt(expect, 'status', context, ['expect', 'status']);
  if (list === undefined) return undefined;
  const kept: (number | string)[] = [];
  list.forEach((value, index) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) kept.push(value);
    else issue(context, ['expect', 'status', index], `expected a status code or class, got ${jsonKind(value)}`);
  });
  return kept;
}

function readJsonExpectations(expect: JsonObject, context: ReadContext): { path: string; equals: unknown }[] | undefined {
  const list = arrayAt(expect, 'json', context, ['expect', 'json']);
  if (list === undefined) return undefined;
  const kept: { path: string; equals: unknown }[] = [];
  list.forEach((value, index) => {
    if (isJsonObject(value) && typeof value['path'] === 'string' && 'equals' in value) kept.push({ path: value['path'], equals: value['equals'] });
    else issue(context, ['expect', 'json', index], 'expected an object with a text path and an equals value');
  });
  return kept;
}

export function readExpectation(object: JsonObject, context: ReadContext): ReadExpectation | undefined {
  const expect = objectAt(object, 'expect', context);
  if (expect === undefined) return undefined;
  const inner: ReadContext = { at: [...context.at, 'expect'], issues: context.issues };
  return {
    status: readStatusList(expect, context),
    body_contains: readText(expect, 'body_contains', inner),
    body_not_contains: readText(expect, 'body_not_contains', inner),
    json: readJsonExpectations(expect, context),
    max_response_ms: readPositiveInteger(expect, 'max_response_ms', inner),
  };
}

/** A duration in milliseconds: zero is a fine answer from a loopback target, below zero is not. */
export function readMilliseconds(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = readInteger(object, key, context);
  if (value === undefined || value >= 0) return value;
  issue(context, [key], `expected zero or more milliseconds, got ${value}`);
  return undefined;
}

/** An https monitor's certificate settings (§16), as read. */
export type ReadTls = { expiry_days?: number[] | undefined; ignore_errors?: boolean | undefined };

export function readTls(object: JsonObject, context: ReadContext): ReadTls | undefined {
  const tls = objectAt(object, 'tls', context);
  if (tls === undefined) return undefined;
  const days = arrayAt(tls, 'expiry_days', context, ['tls', 'expiry_days']);
  const ignore = tls['ignore_errors'];
  if (ignore !== undefined && typeof ignore !== 'boolean') issue(context, ['tls', 'ignore_errors'], `expected true or false, got ${jsonKind(ignore)}`);
  const kept: number[] = [];
  days?.forEach((day, index) => {
    if (typeof day === 'number' && Number.isInteger(day) && day > 0) kept.push(day);
    else issue(context, ['tls', 'expiry_days', index], `expected a whole number of days, got ${JSON.stringify(day)}`);
  });
  return { expiry_days: days === undefined ? undefined : kept, ignore_errors: typeof ignore === 'boolean' ? ignore : undefined };
}

/** A dns monitor's lookup (§16 "Monitors of type dns"), as read: `expect` always as a list. */
export type ReadDns = { record?: string | undefined; expect?: string[] | undefined; resolver?: string | undefined };

export function readDns(object: JsonObject, context: ReadContext): ReadDns | undefined {
  const dns = objectAt(object, 'dns', context);
  if (dns === undefined) return undefined;
  const inner: ReadContext = { at: [...context.at, 'dns'], issues: context.issues };
  const expect = dns['expect'];
  return {
    record: readText(dns, 'record', inner),
    expect: typeof expect === 'string' ? [expect] : readTextList(dns, 'expect', inner),
    resolver: readText(dns, 'resolver', inner),
  };
}
