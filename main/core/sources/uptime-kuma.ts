// Uptime Kuma 2.x, read two ways (docs/source-apis.md §1): with an API key, its Prometheus `/metrics` page,
// which lists every monitor; without one, a public status page, which lists the monitors the page shows with their
// recent beats. Both become one item per Kuma monitor, keyed on Kuma's own monitor id.
import { readHttpUrl, readId, readInteger, readNumber, readText, type Issue, type ReadContext } from '../../../common/api/fields.ts';
import { dateTimeToEpochMs, isDateTime, isJsonObject, jsonKind, type JsonObject } from '../../../common/api/index.ts';
import { baseWithoutSlash, oneLine, readEach, skipItem, unrecognisedStatus, type ItemStanding } from './source-fields.ts';
import { parsePrometheusText, type PrometheusSample } from './prometheus-text.ts';
import { SourceShapeError, type SourceIncident, type SourceItem, type SourceReading, type SourceTarget } from './source-reading.ts';

const SOURCE_NAME = 'Uptime Kuma';

/**
 * Kuma's heartbeat statuses, the same numbers in `monitor_status` and in a status page's beats. Pending is a check
 * that failed and is being retried before Kuma calls it down: worth a glance, not yet an alarm. Maintenance is a
 * window the person planned, so not a problem.
 */
const KUMA_STATUSES: ReadonlyMap<number, ItemStanding> = new Map([
  [0, { health: 'critical', state: 'down', summary: 'Down' }],
  [1, { health: 'ok', state: 'up', summary: 'Up' }],
  [2, { health: 'warning', state: 'pending', summary: 'Pending: a check failed, Uptime Kuma is retrying' }],
  [3, { health: 'ok', state: 'maintenance', summary: 'In maintenance' }],
]);

function standingOf(status: number | undefined): ItemStanding {
  return (status === undefined ? undefined : KUMA_STATUSES.get(status)) ?? unrecognisedStatus(SOURCE_NAME, status);
}

// ---------------------------------------------------------------------------------------------------------------
// `/metrics`

const STATUS_FAMILY = 'monitor_status';
const RESPONSE_TIME_FAMILY = 'monitor_response_time';
const CERTIFICATE_FAMILY = 'monitor_cert_days_remaining';
const FAMILIES_READ = new Set([STATUS_FAMILY, RESPONSE_TIME_FAMILY, CERTIFICATE_FAMILY]);

/** Kuma's `/metrics` also carries the Node process metrics of its `prometheus-api-metrics` middleware. */
function isKumaMetricName(name: string): boolean {
  return name.startsWith('monitor_') || name.startsWith('process_') || name.startsWith('nodejs_');
}

/** prom-client prints a null field as the string "null"; Kuma's non-HTTP monitors keep a bare "https://" as URL. */
function labelValue(labels: Record<string, string>, name: string): string | undefined {
  const value = labels[name];
  return value === undefined || value === '' || value === 'null' ? undefined : value;
}

const SCHEME_ONLY_URL = /^https?:\/\/$/i;

function readTarget(labels: Record<string, string>, context: ReadContext): SourceTarget | undefined {
  const target: SourceTarget = {};
  const type = labelValue(labels, 'monitor_type');
  if (type !== undefined) target.type = type;
  const urlText = labelValue(labels, 'monitor_url');
  const url = urlText === undefined || SCHEME_ONLY_URL.test(urlText) ? undefined : readHttpUrl({ monitor_url: urlText }, 'monitor_url', context);
  if (url !== undefined) target.url = url;
  const hostname = labelValue(labels, 'monitor_hostname');
  if (hostname !== undefined) target.hostname = hostname;
  const portText = labelValue(labels, 'monitor_port');
  if (portText !== undefined) {
    const port = Number(portText);
    if (/^\d{1,5}$/.test(portText) && port >= 1 && port <= 65_535) target.port = port;
    else context.issues.push({ path: [...context.at, 'monitor_port'], message: `expected a port number, got "${oneLine(portText, 40)}"` });
  }
  return Object.keys(target).length === 0 ? undefined : target;
}

/**
 * Kuma writes every family at each beat, so a monitor named in another family but not in `monitor_status` is an
 * answer Vigil cannot complete: it is shown as not known rather than left out, so it does not seem deleted.
 */
const STATUS_NOT_SENT: ItemStanding = { health: 'unknown', state: 'new', summary: 'Uptime Kuma has not reported its status yet' };

/** One monitor's samples, the last of each family winning (see `readUptimeKumaMetrics`). */
interface MonitorSamples {
  key: string;
  keyedById: boolean;
  labels: Record<string, string>;
  status?: PrometheusSample;
  responseTime?: PrometheusSample;
  certificate?: PrometheusSample;
}

function metricsItem(monitor: MonitorSamples, base: string, issues: Issue[]): SourceItem {
  const context: ReadContext = { at: ['monitors', monitor.key], issues };
  const labels = monitor.status?.labels ?? monitor.labels;
  const name = labelValue(labels, 'monitor_name') ?? `Monitor ${monitor.key}`;
  const standing = monitor.status === undefined ? STATUS_NOT_SENT : standingOf(monitor.status.value);
  const item: SourceItem = { id: monitor.key, name, kind: 'monitor', ...standing };
  const responseMs = monitor.responseTime?.value;
  // Kuma writes -1 when the beat had no response time (a down beat, a push monitor).
  if (responseMs !== undefined && responseMs !== -1) {
    if (Number.isFinite(responseMs) && responseMs >= 0) item.responseMs = responseMs;
    else issues.push({ path: [...context.at, RESPONSE_TIME_FAMILY], message: `expected milliseconds, got ${responseMs}` });
  }
  const daysLeft = monitor.certificate?.value;
  if (daysLeft !== undefined) {
    if (Number.isFinite(daysLeft)) item.certificateDaysLeft = daysLeft;
    else issues.push({ path: [...context.at, CERTIFICATE_FAMILY], message: `expected a number of days, got ${daysLeft}` });
  }
  const target = readTarget(labels, context);
  if (target !== undefined) item.target = target;
  if (monitor.keyedById) item.webUrl = `${base}/dashboard/${encodeURIComponent(monitor.key)}`;
  return item;
}

/**
 * Kuma's `/metrics` text → one item per monitor. Only the three families Vigil shows are read; tag labels (one per
 * Kuma tag) are ignored. A monitor Kuma has not checked since it started has no samples at all, so it is not an item
 * until its first beat: Kuma says nothing of it, and Vigil will not guess.
 */
export function readUptimeKumaMetrics(text: string, baseUrl: string): SourceReading {
  const parsed = parsePrometheusText(text, (name) => FAMILIES_READ.has(name));
  if (![...parsed.names].some(isKumaMetricName)) {
    throw new SourceShapeError(`This answer from ${SOURCE_NAME} has no monitor metrics: it does not look like Uptime Kuma's /metrics page.`);
  }
  const issues = [...parsed.issues];
  const monitors = new Map<string, MonitorSamples>();
  let keyedByName = false;
  for (const sample of parsed.samples) {
    const id = labelValue(sample.labels, 'monitor_id');
    const key = id ?? labelValue(sample.labels, 'monitor_name');
    if (key === undefined) {
      issues.push({ path: ['line', sample.line], message: 'skipped a sample that names no monitor (no monitor_id or monitor_name)' });
      continue;
    }
    if (id === undefined) keyedByName = true;
    let monitor = monitors.get(key);
    if (monitor === undefined) {
      monitor = { key, keyedById: id !== undefined, labels: sample.labels };
      monitors.set(key, monitor);
    }
    // Twice in one family means a stale label set beside the fresh one (a monitor renamed or retagged since Kuma
    // started); prom-client prints label sets in the order they were first set, so the last is the newest.
    const family = sample.name === STATUS_FAMILY ? 'status' : sample.name === RESPONSE_TIME_FAMILY ? 'responseTime' : 'certificate';
    if (monitor[family] !== undefined) issues.push({ path: ['line', sample.line], message: `monitor ${key} has more than one ${sample.name} sample; the last is used` });
    monitor[family] = sample;
  }
  if (keyedByName) {
    issues.push({ path: [], message: 'This Uptime Kuma sends no monitor_id (a version before 2.0): monitors are told apart by name, so a renamed monitor becomes a new item.' });
  }
  const base = baseWithoutSlash(baseUrl);
  return { items: [...monitors.values()].map((monitor) => metricsItem(monitor, base, issues)), issues };
}

// ---------------------------------------------------------------------------------------------------------------
// Public status page

/** Kuma's DB time, `2026-11-29 07:40:00.123`, is UTC without a zone; its aggregated beats carry an ISO time with Z. */
const KUMA_DB_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?$/;

function readKumaTime(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const text = readText(object, key, context);
  if (text === undefined) return undefined;
  const epochMs = isDateTime(text) ? dateTimeToEpochMs(text) : KUMA_DB_TIME.test(text) ? dateTimeToEpochMs(`${text}Z`) : undefined;
  if (epochMs === undefined) context.issues.push({ path: [...context.at, key], message: `expected a date and time, got "${oneLine(text, 40)}"` });
  return epochMs;
}

/** Kuma's error answer, `{"status":"fail","msg":"…"}`: a missing page is said by its slug, anything else as Kuma said it. */
function failAnswerError(answer: JsonObject, slug: string): SourceShapeError | undefined {
  if (answer.status !== 'fail') return undefined;
  const message = typeof answer.msg === 'string' ? answer.msg : '';
  if (/not found/i.test(message)) return new SourceShapeError(`${SOURCE_NAME} has no status page "${slug}".`);
  return new SourceShapeError(`${SOURCE_NAME} could not show status page "${slug}": ${oneLine(message) || 'it gave no reason'}.`);
}

export interface KumaBeat {
  status: number | undefined;
  at: number | undefined;
  msg: string | undefined;
  ping: number | undefined;
}

/** A monitor's beats, oldest first as Kuma sends them; the number 0 is an empty bucket of an aggregated bar, not a beat. */
export function readKumaBeats(list: unknown, context: ReadContext): KumaBeat[] {
  if (!Array.isArray(list)) {
    if (list !== undefined && list !== null) context.issues.push({ path: [...context.at], message: `expected a list of beats, got ${jsonKind(list)}` });
    return [];
  }
  const beats: KumaBeat[] = [];
  for (let index = 0; index < list.length; index++) {
    const entry: unknown = list[index];
    if (entry === 0) continue;
    const beatContext: ReadContext = { at: [...context.at, index], issues: context.issues };
    if (!isJsonObject(entry)) {
      skipItem(beatContext, `expected a beat, got ${jsonKind(entry)}`);
      continue;
    }
    beats.push({
      status: readInteger(entry, 'status', beatContext),
      at: readKumaTime(entry, 'time', beatContext),
      msg: readText(entry, 'msg', beatContext),
      ping: readNumber(entry, 'ping', beatContext),
    });
  }
  return beats;
}

/**
 * When the newest beat's status began: the first beat of the run of equal statuses that ends the list. Only known
 * when a beat of another status precedes that run; otherwise the run started before the beats Kuma sent.
 */
function sinceOf(beats: readonly KumaBeat[]): number | undefined {
  const newest = beats.at(-1);
  if (newest === undefined) return undefined;
  for (let index = beats.length - 2; index >= 0; index--) {
    if (beats[index]?.status !== newest.status) return beats[index + 1]?.at;
  }
  return undefined;
}

/** Where the page's monitors are read into: `read` holds the ids already read. */
interface StatusPageItems {
  items: SourceItem[];
  read: Set<string>;
  beatLists: JsonObject;
  webUrl: string;
}

function readStatusPageItem(monitor: JsonObject, context: ReadContext, group: string | undefined, page: StatusPageItems): undefined {
  const id = readId(monitor, 'id', context);
  if (id === undefined) return skipItem(context, 'skipped a monitor with no id');
  // A page may show one monitor in two groups; it is one item, where it first appears.
  if (page.read.has(id)) return undefined;
  page.read.add(id);
  const { beatLists, webUrl } = page;
  const name = readText(monitor, 'name', context) ?? `Monitor ${id}`;
  const beats = readKumaBeats(beatLists[id], { at: ['heartbeatList', id], issues: context.issues });
  const newest = beats.at(-1);
  const standing: ItemStanding =
    newest === undefined ? { health: 'unknown', state: 'new', summary: 'No beats yet' } : standingOf(newest.status);
  const item: SourceItem = { id, name, kind: 'monitor', ...standing, webUrl };
  // The public API blanks beat messages; a Kuma that sends one explains the outage better than "Down".
  if (newest?.status === 0 && newest.msg !== undefined && newest.msg.trim() !== '') item.summary = oneLine(newest.msg);
  if (group !== undefined) item.group = group;
  const since = sinceOf(beats);
  if (since !== undefined) item.since = since;
  if (newest?.ping !== undefined && newest.ping >= 0) item.responseMs = newest.ping;
  const certificateDaysLeft = readNumber(monitor, 'certExpiryDaysRemaining', context);
  if (certificateDaysLeft !== undefined) item.certificateDaysLeft = certificateDaysLeft;
  const type = readText(monitor, 'type', context);
  const url = readHttpUrl(monitor, 'url', context);
  if (type !== undefined || url !== undefined) item.target = { ...(type === undefined ? {} : { type }), ...(url === undefined ? {} : { url }) };
  page.items.push(item);
  return undefined;
}

/** Kuma's incident styles are banner colours; the strong ones say how bad it is. */
const INCIDENT_IMPACTS: ReadonlyMap<string, string> = new Map([
  ['danger', 'major'],
  ['warning', 'minor'],
]);

function readIncident(incident: JsonObject, context: ReadContext, webUrl: string): SourceIncident | undefined {
  const id = readId(incident, 'id', context);
  if (id === undefined) return skipItem(context, 'skipped an incident with no id');
  const style = readText(incident, 'style', context);
  const read: SourceIncident = {
    id,
    name: readText(incident, 'title', context) ?? 'Incident',
    // Kuma's incidents have no status of their own: the page sends one only while it is pinned and active.
    status: 'active',
    impact: (style === undefined ? undefined : INCIDENT_IMPACTS.get(style)) ?? 'none',
    itemIds: [],
    webUrl,
  };
  const startedAt = readKumaTime(incident, 'createdDate', context);
  if (startedAt !== undefined) read.startedAt = startedAt;
  const content = readText(incident, 'content', context);
  if (content !== undefined && content.trim() !== '') read.latestUpdate = oneLine(content);
  return read;
}

/** Kuma sends one pinned `incident` (or null); a newer variant sends an `incidents` list. */
function readIncidents(page: JsonObject, issues: Issue[], webUrl: string): SourceIncident[] {
  if (Array.isArray(page.incidents)) return readEach(page.incidents, ['incidents'], issues, (incident, context) => readIncident(incident, context, webUrl));
  if (isJsonObject(page.incident)) {
    const incident = readIncident(page.incident, { at: ['incident'], issues }, webUrl);
    return incident === undefined ? [] : [incident];
  }
  if (page.incident !== undefined && page.incident !== null) issues.push({ path: ['incident'], message: `expected an object, got ${jsonKind(page.incident)}` });
  return [];
}

/**
 * A Kuma public status page: `page` is the answer of `/api/status-page/<slug>`, `heartbeats` that of
 * `/api/status-page/heartbeat/<slug>`. Each monitor the page shows is an item in its group, standing as its newest
 * beat says.
 */
export function readUptimeKumaStatusPage(page: unknown, heartbeats: unknown, baseUrl: string, slug: string): SourceReading {
  const pageError = isJsonObject(page) ? failAnswerError(page, slug) : undefined;
  if (pageError !== undefined) throw pageError;
  if (!isJsonObject(page) || !Array.isArray(page.publicGroupList)) {
    throw new SourceShapeError(`This answer from ${SOURCE_NAME} has no list of monitor groups: it does not look like status page "${slug}".`);
  }
  const beatsError = isJsonObject(heartbeats) ? failAnswerError(heartbeats, slug) : undefined;
  if (beatsError !== undefined) throw beatsError;
  if (!isJsonObject(heartbeats) || !isJsonObject(heartbeats.heartbeatList)) {
    throw new SourceShapeError(`This answer from ${SOURCE_NAME} has no heartbeat list for status page "${slug}".`);
  }
  const beatLists = heartbeats.heartbeatList;
  const issues: Issue[] = [];
  const webUrl = `${baseWithoutSlash(baseUrl)}/status/${encodeURIComponent(slug)}`;
  const read: StatusPageItems = { items: [], read: new Set(), beatLists, webUrl };
  readEach(page.publicGroupList, ['publicGroupList'], issues, (group, groupContext) => {
    const groupName = readText(group, 'name', groupContext);
    if (!Array.isArray(group.monitorList)) return skipItem(groupContext, `skipped a group with no monitor list (got ${jsonKind(group.monitorList)})`);
    return readEach(group.monitorList, [...groupContext.at, 'monitorList'], issues, (monitor, context) => readStatusPageItem(monitor, context, groupName, read));
  });
  const reading: SourceReading = { items: read.items, issues };
  const incidents = readIncidents(page, issues, webUrl);
  if (incidents.length > 0) reading.incidents = incidents;
  const title = isJsonObject(page.config) ? readText(page.config, 'title', { at: ['config'], issues }) : undefined;
  if (title !== undefined) reading.title = title;
  return reading;
}
