// Reading parts shared by the sources' readers (statuspage.ts, uptime-kuma.ts, healthchecks.ts, gatus.ts,
// uptimerobot.ts, alertmanager.ts): their lists, their dates, and the words for a status Vigil does not know. The field readers themselves are the API's
// (common/api/fields.ts): a bad field is dropped and reported, null is absent.
import { readDateTime, type Issue, type ReadContext } from '../../../common/api/fields.ts';
import { dateTimeToEpochMs, isJsonObject, jsonKind, type JsonObject } from '../../../common/api/index.ts';
import { truncate } from '../health/index.ts';
import type { SourceHealth, SourceState } from './source-reading.ts';

/**
 * Each object of a source's list, read by `readOne`; anything else in the list is skipped and reported at its index.
 * `readOne` returns undefined for an item it skipped, having said why.
 */
export function readEach<T>(
  list: readonly unknown[],
  at: readonly (string | number)[],
  issues: Issue[],
  readOne: (object: JsonObject, context: ReadContext) => T | undefined,
): T[] {
  const read: T[] = [];
  for (let index = 0; index < list.length; index++) {
    const entry = list[index];
    const path = [...at, index];
    if (!isJsonObject(entry)) {
      issues.push({ path, message: `expected an object, got ${jsonKind(entry)}` });
      continue;
    }
    const value = readOne(entry, { at: path, issues });
    if (value !== undefined) read.push(value);
  }
  return read;
}

/** Skips the item being read: its path, and why nothing of it could be used. */
export function skipItem(context: ReadContext, message: string): undefined {
  context.issues.push({ path: [...context.at], message });
  return undefined;
}

/** An RFC 3339 date-time field as epoch ms; a bad one is dropped and reported. */
export function readEpochMs(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const text = readDateTime(object, key, context);
  return text === undefined ? undefined : dateTimeToEpochMs(text);
}

export interface ItemStanding {
  health: SourceHealth;
  state: SourceState;
  summary: string;
}

/** A status the source sent that Vigil has no meaning for: never shown as up, and the summary says what the source said. */
export function unrecognisedStatus(sourceName: string, status: unknown): ItemStanding {
  const said = status === undefined ? `${sourceName} did not say its status` : `${sourceName} says status ${quoted(status)}, which Vigil does not know`;
  return { health: 'unknown', state: 'unknown', summary: said };
}

function quoted(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : jsonKind(value);
  return `"${oneLine(text, 40)}"`;
}

/** A source's own text (an error, a condition) fit for one line of a list: no line breaks, clipped. */
export function oneLine(text: string, maxLength = 120): string {
  return truncate(text.replace(/[\s\p{Cc}]+/gu, ' ').trim(), maxLength);
}

/** The configured base URL without its trailing slashes, to put a source's own paths after. */
export function baseWithoutSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
