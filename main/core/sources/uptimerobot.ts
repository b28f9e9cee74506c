// UptimeRobot: its current REST API (v3, `GET /v3/monitors`) and its older one (v2, `POST /v2/getMonitors`), read
// into monitors and heartbeats. See docs/source-apis.md §4: v3 statuses are strings whose full set
// UptimeRobot does not publish, v2 sends numbers (sometimes as strings) and refuses a request with HTTP 200 and
// `stat: "fail"`.
import { readId, readInteger, readText, type Issue, type ReadContext } from '../../../common/api/fields.ts';
import { isJsonObject, type JsonObject } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { oneLine, readEach, readEpochMs, skipItem, unrecognisedStatus, type ItemStanding } from './source-fields.ts';
import { SourceShapeError, type SourceItem, type SourceReading, type SourceState, type SourceTarget } from './source-reading.ts';

const DAY_MS = 86_400_000;
const NO_MONITORS = 'This UptimeRobot answer has no monitors list.';

export interface UptimeRobotOptions {
  /** Epoch ms, for how long a monitor has been in its state and for certificate days. */
  now: number;
}

export interface UptimeRobotReading extends SourceReading {
  /**
   * v3: the cursor of the next page (from `nextLink`), for the caller to ask `/v3/monitors?cursor=…` itself: only
   * the cursor is taken, so the key never goes to an address the answer names. Absent on the last page.
   */
  nextCursor?: string;
  /** v2: the `offset` of the next page. Absent on the last page. */
  nextOffset?: number;
}

/** UptimeRobot refused the request (v2 says so with HTTP 200 and `stat: "fail"`): not a list, and nothing is up. */
export class UptimeRobotFailure extends Error {
  override readonly name = 'UptimeRobotFailure';
  /** The key was missing or not known: the person must give another. */
  readonly isKeyProblem: boolean;

  constructor(message: string, isKeyProblem: boolean) {
    super(message);
    this.isKeyProblem = isKeyProblem;
  }
}

// ---- v3 ----

export function readUptimeRobotMonitors(answer: unknown, options: UptimeRobotOptions): UptimeRobotReading {
  if (!isJsonObject(answer) || !Array.isArray(answer.data)) throw new SourceShapeError(NO_MONITORS);
  const issues: Issue[] = [];
  const items = readEach(answer.data, ['data'], issues, (monitor, context) => readMonitor(monitor, context, options));
  const reading: UptimeRobotReading = { items, issues };
  const nextCursor = cursorOf(answer, { at: [], issues });
  if (nextCursor !== undefined) reading.nextCursor = nextCursor;
  return reading;
}

function cursorOf(answer: JsonObject, context: ReadContext): string | undefined {
  const nextLink = readText(answer, 'nextLink', context);
  if (!nextLink) return undefined;
  const cursor = URL.canParse(nextLink) ? new URL(nextLink).searchParams.get('cursor') : null;
  if (cursor) return cursor;
  context.issues.push({ path: ['nextLink'], message: 'expected a link with a cursor; the monitors after this page were not read' });
  return undefined;
}

function readMonitor(monitor: JsonObject, context: ReadContext, options: UptimeRobotOptions): SourceItem | undefined {
  const id = readId(monitor, 'id', context);
  if (id === undefined) return skipItem(context, 'a monitor needs its id');
  const type = readText(monitor, 'type', context)?.toLowerCase();
  const url = readText(monitor, 'url', context);
  const port = readInteger(monitor, 'port', context);
  const standing = standingOfV3(readText(monitor, 'status', context));
  const item = baseItem(id, readText(monitor, 'friendlyName', context) || url, type, standing);
  const inStateSeconds = readInteger(monitor, 'currentStateDuration', context);
  if (inStateSeconds !== undefined && inStateSeconds >= 0 && standing.health !== 'unknown') {
    item.since = options.now - inStateSeconds * 1000;
    if (SAID_WITH_DURATION.has(item.state)) item.summary = `${item.summary} for ${formatDuration(inStateSeconds * 1000)}`;
  }
  const certificateExpiresAt = readEpochMs(monitor, 'sslExpiryDateTime', context);
  if (certificateExpiresAt !== undefined) item.certificateDaysLeft = Math.floor((certificateExpiresAt - options.now) / DAY_MS);
  const target = targetOf(type, url, port);
  if (target !== undefined) item.target = target;
  const interval = readInteger(monitor, 'interval', context);
  if (item.kind === 'heartbeat' && interval !== undefined && interval > 0) item.schedule = { periodSeconds: interval };
  return item;
}

/** The states that read well with how long they have lasted ("Down for 2 h"). */
const SAID_WITH_DURATION: ReadonlySet<SourceState> = new Set(['up', 'down', 'paused']);

function standingOfV3(status: string | undefined): ItemStanding {
  switch (status) {
    case 'UP':
      return { health: 'ok', state: 'up', summary: 'Up' };
    case 'DOWN':
      return { health: 'critical', state: 'down', summary: 'Down' };
    case 'SEEMS_DOWN':
      return seemsDown;
    case 'PAUSED':
      return paused;
    case 'NOT_CHECKED':
      return notCheckedYet;
    default:
      return unrecognisedStatus('UptimeRobot', status);
  }
}

// ---- v2 ----

/** v2's `type` numbers, as the v3 type names say them. */
const V2_TYPES: Record<number, string> = { 1: 'http', 2: 'keyword', 3: 'ping', 4: 'port', 5: 'heartbeat' };

/** v2's port monitors name a well-known service (`sub_type`) or carry their own `port` (sub_type 99). */
const V2_SERVICE_PORTS: Record<number, number> = { 1: 80, 2: 443, 3: 21, 4: 25, 5: 110, 6: 143 };

/** Reads v2's `getMonitors` answer; throws `UptimeRobotFailure` for its `stat: "fail"`. */
export function readUptimeRobotLegacyMonitors(answer: unknown): UptimeRobotReading {
  if (isJsonObject(answer) && answer.stat === 'fail') throw failureOf(answer.error);
  if (!isJsonObject(answer) || answer.stat !== 'ok' || !Array.isArray(answer.monitors)) {
    throw new SourceShapeError(NO_MONITORS);
  }
  const issues: Issue[] = [];
  const items = readEach(answer.monitors, ['monitors'], issues, readLegacyMonitor);
  const reading: UptimeRobotReading = { items, issues };
  const nextOffset = nextOffsetOf(answer.pagination, { at: ['pagination'], issues });
  if (nextOffset !== undefined) reading.nextOffset = nextOffset;
  return reading;
}

function failureOf(error: unknown): UptimeRobotFailure {
  // Never the error's `passed_value`: for a bad key it is the key itself.
  const details = isJsonObject(error) ? error : {};
  const isKeyProblem = details.parameter_name === 'api_key';
  if (isKeyProblem) return new UptimeRobotFailure('UptimeRobot does not accept this API key: it is missing, mistyped or revoked.', true);
  const said = typeof details.message === 'string' ? `: ${oneLine(details.message)}` : '';
  return new UptimeRobotFailure(`UptimeRobot refused the request${said}`, false);
}

function nextOffsetOf(pagination: unknown, context: ReadContext): number | undefined {
  if (!isJsonObject(pagination)) return undefined;
  const offset = readLooseInteger(pagination, 'offset', context) ?? 0;
  const limit = readLooseInteger(pagination, 'limit', context);
  const total = readLooseInteger(pagination, 'total', context);
  if (limit === undefined || total === undefined || limit <= 0) return undefined;
  return offset + limit < total ? offset + limit : undefined;
}

function readLegacyMonitor(monitor: JsonObject, context: ReadContext): SourceItem | undefined {
  const id = readId(monitor, 'id', context);
  if (id === undefined) return skipItem(context, 'a monitor needs its id');
  const typeNumber = readLooseInteger(monitor, 'type', context);
  const type = typeNumber === undefined ? undefined : (V2_TYPES[typeNumber] ?? String(typeNumber));
  const url = readText(monitor, 'url', context);
  const subType = readLooseInteger(monitor, 'sub_type', context);
  const port = readLooseInteger(monitor, 'port', context) ?? (subType === undefined ? undefined : V2_SERVICE_PORTS[subType]);
  const status = readLooseInteger(monitor, 'status', context);
  const item = baseItem(id, readText(monitor, 'friendly_name', context) || url, type, standingOfV2(status ?? monitor.status));
  const target = targetOf(type, url, port);
  if (target !== undefined) item.target = target;
  const interval = readLooseInteger(monitor, 'interval', context);
  if (item.kind === 'heartbeat' && interval !== undefined && interval > 0) item.schedule = { periodSeconds: interval };
  return item;
}

function standingOfV2(status: unknown): ItemStanding {
  switch (status) {
    case 0:
      return paused;
    case 1:
      return notCheckedYet;
    case 2:
      return { health: 'ok', state: 'up', summary: 'Up' };
    case 8:
      return seemsDown;
    case 9:
      return { health: 'critical', state: 'down', summary: 'Down' };
    default:
      return unrecognisedStatus('UptimeRobot', status);
  }
}

/** v2 writes numbers as strings in places ("port": "8080", "type": "1"); "" means none. */
function readLooseInteger(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = object[key];
  if (typeof value !== 'string') return readInteger(object, key, context);
  if (value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  context.issues.push({ path: [...context.at, key], message: `expected a whole number, got "${oneLine(value, 40)}"` });
  return undefined;
}

// ---- both ----

// UptimeRobot's own alerting waits for a second look before "down" ("seems down"): not yet confirmed, so a warning.
const seemsDown: ItemStanding = { health: 'warning', state: 'pending', summary: 'Seems down, being checked again' };
// A paused monitor is the person's choice in UptimeRobot, which then checks and alerts nothing: not a problem, and
// the state keeps the pause in sight so it is not forgotten.
const paused: ItemStanding = { health: 'ok', state: 'paused', summary: 'Paused' };
// Not checked yet: nothing says how it stands, so it is not shown as up.
const notCheckedYet: ItemStanding = { health: 'unknown', state: 'new', summary: 'Not checked yet' };

function baseItem(id: string, name: string | undefined, type: string | undefined, standing: ItemStanding): SourceItem {
  return {
    id,
    name: name || `Monitor ${id}`,
    // A heartbeat monitor waits for the job's pings: it lands with the heartbeats.
    kind: type === 'heartbeat' ? 'heartbeat' : 'monitor',
    ...standing,
    webUrl: `https://dashboard.uptimerobot.com/monitors/${encodeURIComponent(id)}`,
  };
}

/** What the monitor checks. A heartbeat's URL is the address its job pings, a secret, so it is left out. */
function targetOf(type: string | undefined, url: string | undefined, port: number | undefined): SourceTarget | undefined {
  const target: SourceTarget = {};
  if (type !== undefined) target.type = type;
  if (url && type !== 'heartbeat') {
    // HTTP and keyword monitors hold a URL; ping and port monitors a host name or address in the same field.
    if (/^https?:\/\//i.test(url)) target.url = url;
    else target.hostname = url;
  }
  if (port !== undefined && port > 0) target.port = port;
  return Object.keys(target).length > 0 ? target : undefined;
}
