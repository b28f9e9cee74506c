// Gatus: `GET /api/v1/endpoints/statuses` read into monitors, each with the results the answer carries as its history.
// The shapes are Gatus' own (config/endpoint/status.go, result.go); see docs/source-apis.md §3. The
// results come oldest first (the newest page of each endpoint's results, in time order), so the last is the newest.
import { readId, readInteger, readText, type Issue, type ReadContext } from '../../../common/api/fields.ts';
import { isJsonObject, jsonKind, type JsonObject } from '../../../common/api/index.ts';
import { baseWithoutSlash, oneLine, readEach, readEpochMs, skipItem, type ItemStanding } from './source-fields.ts';
import { SourceShapeError, type SourceItem, type SourceReading } from './source-reading.ts';

/** One check of an endpoint, as Gatus keeps it. */
export interface GatusResult {
  /** Epoch ms. */
  at: number;
  ok: boolean;
  responseMs?: number;
  /** Why it failed, in Gatus' words (an error, or the condition that failed). */
  error?: string;
}

export interface GatusReading extends SourceReading {
  /** Each item's results in the answer, oldest first, by item id: the history Gatus keeps. */
  history: Map<string, GatusResult[]>;
}

export function readGatusStatuses(answer: unknown, options: { baseUrl: string }): GatusReading {
  if (!Array.isArray(answer)) throw new SourceShapeError('This Gatus answer is not a list of endpoints.');
  const issues: Issue[] = [];
  const history = new Map<string, GatusResult[]>();
  const base = baseWithoutSlash(options.baseUrl);
  const items = readEach(answer, [], issues, (endpoint, context) => {
    const read = readEndpoint(endpoint, context, base);
    if (read !== undefined) history.set(read.item.id, read.results);
    return read?.item;
  });
  return { items, issues, history };
}

/** A change Gatus recorded for an endpoint: monitoring started, or it became healthy or unhealthy. */
export interface GatusEvent {
  /** Epoch ms. */
  at: number;
  type: 'start' | 'healthy' | 'unhealthy';
}

const EVENT_TYPES: ReadonlyMap<string, GatusEvent['type']> = new Map([
  ['START', 'start'],
  ['HEALTHY', 'healthy'],
  ['UNHEALTHY', 'unhealthy'],
]);

/**
 * One endpoint's `GET /api/v1/endpoints/{key}/statuses`: the item with its results and its events (up to 50, oldest
 * first), which only this answer carries. For the item's page, where its history is shown.
 */
export function readGatusEndpoint(answer: unknown, options: { baseUrl: string }): { item: SourceItem; results: GatusResult[]; events: GatusEvent[]; issues: Issue[] } {
  if (!isJsonObject(answer)) throw new SourceShapeError('This Gatus answer is not an endpoint’s statuses.');
  const issues: Issue[] = [];
  const read = readEndpoint(answer, { at: [], issues }, baseWithoutSlash(options.baseUrl));
  if (read === undefined) throw new SourceShapeError('This Gatus answer names no endpoint (it has no key).');
  const events = readEvents(answer.events, issues);
  // The newest event dates the current state even when its results have all scrolled out of the page.
  const newestChange = events.findLast((event) => event.type !== 'start');
  const current = read.item.state === 'up' ? 'healthy' : read.item.state === 'down' ? 'unhealthy' : undefined;
  if (newestChange !== undefined && newestChange.type === current) read.item.since = newestChange.at;
  return { ...read, events, issues };
}

/** Gatus leaves `events` out when there are none. */
function readEvents(list: unknown, issues: Issue[]): GatusEvent[] {
  if (list === undefined || list === null) return [];
  if (Array.isArray(list)) return readEach(list, ['events'], issues, readEvent);
  issues.push({ path: ['events'], message: `expected a list of events, got ${jsonKind(list)}` });
  return [];
}

function readEvent(event: JsonObject, context: ReadContext): GatusEvent | undefined {
  const at = readEpochMs(event, 'timestamp', context);
  const typeName = readText(event, 'type', context);
  const type = typeName === undefined ? undefined : EVENT_TYPES.get(typeName);
  if (at === undefined || type === undefined) return skipItem(context, 'an event needs its timestamp and a type of START, HEALTHY or UNHEALTHY');
  return { at, type };
}

/** A result as read, before it is known to have a usable time. */
interface ReadResult {
  at: number | undefined;
  ok: boolean;
  responseMs: number | undefined;
  error: string | undefined;
  httpStatus: number | undefined;
  hostname: string | undefined;
}

function readEndpoint(endpoint: JsonObject, context: ReadContext, base: string): { item: SourceItem; results: GatusResult[] } | undefined {
  // Gatus' key (`<group>_<name>`, sanitised) is what its own pages and API address an endpoint by.
  const id = readId(endpoint, 'key', context);
  if (id === undefined) return skipItem(context, 'an endpoint needs its key');
  const results = readResults(endpoint, context);
  const newest = results.at(-1);
  const item: SourceItem = {
    id,
    name: readText(endpoint, 'name', context) || id,
    kind: 'monitor',
    ...(newest === undefined ? neverChecked(endpoint) : standingOf(newest)),
    webUrl: `${base}/endpoints/${encodeURIComponent(id)}`,
  };
  const group = readText(endpoint, 'group', context);
  if (group) item.group = group;
  if (newest !== undefined) {
    const since = changedAt(results);
    if (since !== undefined) item.since = since;
    if (newest.responseMs !== undefined) item.responseMs = newest.responseMs;
    if (newest.hostname !== undefined) item.target = { hostname: newest.hostname };
  }
  return { item, results: results.flatMap(historyEntry) };
}

function readResults(endpoint: JsonObject, context: ReadContext): ReadResult[] {
  const list = endpoint.results;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    context.issues.push({ path: [...context.at, 'results'], message: `expected a list of results, got ${jsonKind(list)}` });
    return [];
  }
  return readEach(list, [...context.at, 'results'], context.issues, readResult);
}

function readResult(result: JsonObject, context: ReadContext): ReadResult | undefined {
  if (typeof result.success !== 'boolean') return skipItem(context, 'a result needs success (true or false)');
  const ok = result.success;
  // Gatus writes the duration in nanoseconds (a Go time.Duration).
  const nanoseconds = readInteger(result, 'duration', context);
  if (nanoseconds !== undefined && nanoseconds < 0) context.issues.push({ path: [...context.at, 'duration'], message: `expected a duration of zero or more, got ${nanoseconds}` });
  const httpStatus = readInteger(result, 'status', context);
  return {
    at: readEpochMs(result, 'timestamp', context),
    ok,
    responseMs: nanoseconds === undefined || nanoseconds < 0 ? undefined : Math.round(nanoseconds / 1_000_000),
    error: ok ? undefined : failureOf(result, httpStatus),
    httpStatus,
    hostname: readText(result, 'hostname', context) || undefined,
  };
}

/** Why a result failed: Gatus' first error, else the first condition that failed, else its HTTP status. */
function failureOf(result: JsonObject, httpStatus: number | undefined): string {
  const error = firstText(result.errors);
  if (error !== undefined) return oneLine(error);
  const conditions = Array.isArray(result.conditionResults) ? result.conditionResults : [];
  const failed = conditions.find((condition) => isJsonObject(condition) && condition.success === false && typeof condition.condition === 'string');
  if (isJsonObject(failed)) return `Failed: ${oneLine(String(failed.condition))}`;
  return httpStatus === undefined ? 'Check failed' : `HTTP ${httpStatus}`;
}

function firstText(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.find((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
}

function standingOf(newest: ReadResult): ItemStanding {
  if (!newest.ok) return { health: 'critical', state: 'down', summary: newest.error ?? 'Check failed' };
  const answer = newest.httpStatus === undefined ? 'Healthy' : `HTTP ${newest.httpStatus}`;
  return { health: 'ok', state: 'up', summary: newest.responseMs === undefined ? answer : `${answer} in ${newest.responseMs} ms` };
}

/** No result yet (an endpoint Gatus has not checked since it started): nothing says how it stands. */
function neverChecked(endpoint: JsonObject): ItemStanding {
  const said = Array.isArray(endpoint.results) ? 'Not checked yet' : 'Gatus sent no results for it';
  return { health: 'unknown', state: 'new', summary: said };
}

/**
 * When the newest result's outcome began: the first result after the newest one that differs. If every result given
 * agrees, the change is older than the answer shows and is left unsaid.
 */
function changedAt(results: readonly ReadResult[]): number | undefined {
  const newest = results.length - 1;
  for (let index = newest - 1; index >= 0; index--) {
    if (results[index]?.ok !== results[newest]?.ok) return results[index + 1]?.at;
  }
  return undefined;
}

function historyEntry(result: ReadResult): GatusResult[] {
  if (result.at === undefined) return [];
  const entry: GatusResult = { at: result.at, ok: result.ok };
  if (result.responseMs !== undefined) entry.responseMs = result.responseMs;
  if (result.error !== undefined) entry.error = result.error;
  return [entry];
}
