// Reads a public status page's summary: an Atlassian Statuspage `/api/v2/summary.json` (and the pages of other
// vendors that answer the same path, such as incident.io's) or an Instatus `/summary.json`. The kind is recognised
// from the answer itself, so one source kind covers both vendors and a page that moves between them keeps working.
// Shapes and real-world quirks: docs/source-apis.md §6 (Statuspage) and §7 (Instatus).
import { readHttpUrl, readId, readText } from '../../../common/api/fields.ts';
import { isJsonObject, jsonKind, type Issue, type JsonObject, type ReadContext } from '../../../common/api/index.ts';
import { oneLine, readEach, readEpochMs, skipItem, unrecognisedStatus } from './source-fields.ts';
import type { SourceHistoryEntry } from './source-adapter.ts';
import { SourceShapeError, type SourceHealth, type SourceIncident, type SourceItem, type SourceReading, type SourceState } from './source-reading.ts';

type Standing = { health: SourceHealth; state: SourceState; summary: string };

const MAX_SUMMARY_LENGTH = 200;

/**
 * `answer` is the parsed JSON; `baseUrl` the page's address as configured, the fallback for "Open in…" links when
 * the page does not say its own. Throws `SourceShapeError` when the answer is neither vendor's summary.
 */
export function readStatusPage(answer: unknown, baseUrl: string): SourceReading {
  if (!isJsonObject(answer)) {
    throw new SourceShapeError(`This status page's answer is not a summary: expected a JSON object, got ${jsonKind(answer)}.`);
  }
  if (Array.isArray(answer.components)) return readStatuspageSummary(answer, baseUrl);
  if (isInstatusSummary(answer)) return readInstatusSummary(answer, baseUrl);
  // A `page` object without components is most likely a Statuspage answer of another path (status.json).
  throw new SourceShapeError(
    isJsonObject(answer.page)
      ? 'This Statuspage answer has no components list.'
      : 'This answer is not a status page summary: it has neither a Statuspage components list nor an Instatus page status.',
  );
}

// ---- Atlassian Statuspage ----------------------------------------------------------------------------------

const STATUSPAGE_COMPONENT_STANDINGS = new Map<string, Standing>([
  ['operational', { health: 'ok', state: 'up', summary: 'Operational' }],
  ['degraded_performance', { health: 'warning', state: 'degraded', summary: 'Degraded performance' }],
  ['partial_outage', { health: 'warning', state: 'degraded', summary: 'Partial outage' }],
  ['major_outage', { health: 'critical', state: 'down', summary: 'Major outage' }],
  // Maintenance is planned work the page announced: shown as such, never counted as a problem.
  ['under_maintenance', { health: 'ok', state: 'maintenance', summary: 'Under maintenance' }],
]);

type ComponentRow = {
  id: string;
  name: string;
  status: string | undefined;
  groupId: string | undefined;
  /** A group row is a heading on the page; its own status is only the worst of its children's. */
  isGroup: boolean;
  childIds: string[];
  updatedAt: number | undefined;
};

function readStatuspageSummary(answer: JsonObject, baseUrl: string): SourceReading {
  const issues: Issue[] = [];
  const page = readPage(answer, issues);
  const pageUrl = page.url ?? baseUrl;
  const rows = readObjects(answer.components, ['components'], issues, readComponentRow);

  const groupNames = new Map<string, string>();
  const groupOfChild = new Map<string, string>();
  for (const row of rows) {
    if (!row.isGroup) continue;
    groupNames.set(row.id, row.name);
    for (const childId of row.childIds) groupOfChild.set(childId, row.name);
  }

  // `only_show_if_degraded` rows are hidden on the page while operational, but they are still the page's word on
  // that component: kept as items, so their recovery is seen too.
  const items: SourceItem[] = [];
  for (const row of rows) {
    if (row.isGroup) continue;
    items.push({
      id: row.id,
      name: row.name,
      kind: 'component',
      ...standingOf(row.status, STATUSPAGE_COMPONENT_STANDINGS),
      group: (row.groupId === undefined ? undefined : groupNames.get(row.groupId)) ?? groupOfChild.get(row.id),
      // The page's last change to the component, which is nearly always its status changing.
      since: row.updatedAt,
      // A component has no page of its own: "Open in…" opens the status page.
      webUrl: pageUrl,
    });
  }

  const incidents = [
    ...readObjects(answer.incidents, ['incidents'], issues, (object, context) => readStatuspageIncident(object, context, pageUrl, false)),
    ...readObjects(answer.scheduled_maintenances, ['scheduled_maintenances'], issues, (object, context) =>
      readStatuspageIncident(object, context, pageUrl, true),
    ),
  ];
  return { items, incidents, title: page.name, issues };
}

function readComponentRow(object: JsonObject, context: ReadContext): ComponentRow | undefined {
  const id = readId(object, 'id', context);
  if (id === undefined) return skipItem(context, 'a component without an id');
  const children = Array.isArray(object.components) ? object.components : [];
  // A row that lists children is a heading even where a page leaves out the `group` flag.
  const isGroup = object.group === true || children.length > 0;
  return {
    id,
    name: readName(object, id, context),
    status: readText(object, 'status', context),
    groupId: readId(object, 'group_id', context),
    isGroup,
    childIds: children.filter((child): child is string => typeof child === 'string'),
    updatedAt: readEpochMs(object, 'updated_at', context),
  };
}

function readStatuspageIncident(object: JsonObject, context: ReadContext, pageUrl: string, isMaintenance: boolean): SourceIncident | undefined {
  const id = readId(object, 'id', context);
  if (id === undefined) return skipItem(context, isMaintenance ? 'a maintenance without an id' : 'an incident without an id');
  const updates = readObjects(object.incident_updates, [...context.at, 'incident_updates'], context.issues, readIncidentUpdate);
  return {
    id,
    name: readText(object, 'name', context) ?? (isMaintenance ? 'Untitled maintenance' : 'Untitled incident'),
    status: readText(object, 'status', context) ?? 'unknown',
    impact: readText(object, 'impact', context) ?? (isMaintenance ? 'maintenance' : 'unknown'),
    startedAt: isMaintenance
      ? readEpochMs(object, 'scheduled_for', context)
      : (readEpochMs(object, 'started_at', context) ?? readEpochMs(object, 'created_at', context)),
    latestUpdate: newestUpdate(updates)?.body,
    // Pages often leave `components` empty and name them only in the updates (research §6), so both count.
    itemIds: [
      ...new Set([
        ...readObjects(object.components, [...context.at, 'components'], context.issues, (component, componentContext) =>
          readId(component, 'id', componentContext),
        ),
        ...updates.flatMap((update) => update.componentIds),
      ]),
    ],
    webUrl: readHttpUrl(object, 'shortlink', context) ?? `${pageUrl.replace(/\/+$/, '')}/incidents/${encodeURIComponent(id)}`,
  };
}

/**
 * One component's past from a Statuspage's `/api/v2/incidents.json` (its latest 50 incidents, each naming the
 * components it touched): down or degraded, by the incident's impact, from its start until it was resolved, then up.
 * Incidents that overlap are one stretch, at the worst of those open. An incident of no impact, or one that names
 * no start, draws nothing. Throws `SourceShapeError` when the answer has no incidents list.
 */
export function readStatuspageIncidentHistory(answer: unknown, componentId: string, baseUrl: string): SourceHistoryEntry[] {
  if (!isJsonObject(answer) || !Array.isArray(answer.incidents)) throw new SourceShapeError('This Statuspage answer has no incidents list.');
  const issues: Issue[] = [];
  const changes: { at: number; incident: SourceIncident; opens: boolean }[] = [];
  let oldestStart: number | undefined;
  readObjects(answer.incidents, ['incidents'], issues, (object, context) => {
    const incident = readStatuspageIncident(object, context, baseUrl, false);
    if (incident?.startedAt !== undefined) oldestStart = Math.min(oldestStart ?? Infinity, incident.startedAt);
    const level = incident === undefined ? undefined : INCIDENT_LEVELS.get(incident.impact);
    if (incident?.startedAt === undefined || level === undefined || !incident.itemIds.includes(componentId)) return undefined;
    changes.push({ at: incident.startedAt, incident, opens: true });
    const resolvedAt = readEpochMs(object, 'resolved_at', context);
    if (resolvedAt !== undefined) changes.push({ at: resolvedAt, incident, opens: false });
    return undefined;
  });
  const open = new Map<string, SourceIncident>();
  // The list reaches back to its oldest incident, whichever components that touched: from then on, a component no
  // incident names was operational, as far as the page says.
  const entries: SourceHistoryEntry[] = [];
  const firstChange = Math.min(...changes.map((change) => change.at));
  if (oldestStart !== undefined && oldestStart < firstChange) entries.push({ at: oldestStart, ok: true, change: true });
  for (const { at, incident, opens } of changes.sort((a, b) => a.at - b.at)) {
    if (opens) open.set(incident.id, incident);
    else open.delete(incident.id);
    const worst = worstOpen(open.values());
    const last = entries.at(-1);
    // An incident opened while a worse one is open changes nothing to be drawn.
    if (worst !== undefined && last !== undefined && !last.ok && last.detail === worst.incident.name) continue;
    if (worst === undefined) entries.push({ at, ok: true, detail: `Resolved: ${incident.name}`, change: true });
    else entries.push({ at, ok: false, detail: worst.incident.name, change: true, ...(worst.level === 'warning' ? { warning: true } : {}) });
  }
  return entries.reverse();
}

/** The open incident of the highest level (the first opened of those). */
function worstOpen(open: Iterable<SourceIncident>): { incident: SourceIncident; level: 'warning' | 'critical' } | undefined {
  let worst: { incident: SourceIncident; level: 'warning' | 'critical' } | undefined;
  for (const incident of open) {
    const level = INCIDENT_LEVELS.get(incident.impact) ?? 'warning';
    if (worst === undefined || (level === 'critical' && worst.level === 'warning')) worst = { incident, level };
  }
  return worst;
}

/** An incident's impact as the component's level while it is open; `none` (a notice) and maintenance draw nothing. */
const INCIDENT_LEVELS = new Map<string, 'warning' | 'critical'>([
  ['minor', 'warning'],
  ['major', 'critical'],
  ['critical', 'critical'],
]);

type IncidentUpdate = { body: string | undefined; at: number | undefined; componentIds: string[] };

function readIncidentUpdate(object: JsonObject, context: ReadContext): IncidentUpdate {
  const body = readText(object, 'body', context)?.trim();
  return {
    body: body === '' ? undefined : body,
    at: readEpochMs(object, 'display_at', context) ?? readEpochMs(object, 'created_at', context),
    componentIds: readObjects(object.affected_components, [...context.at, 'affected_components'], context.issues, (component, componentContext) =>
      readId(component, 'code', componentContext),
    ),
  };
}

/** Statuspage lists updates newest first, but the order is not promised: the latest date wins, the first on a tie. */
function newestUpdate(updates: IncidentUpdate[]): IncidentUpdate | undefined {
  let newest: IncidentUpdate | undefined;
  for (const update of updates) {
    if (update.body === undefined) continue;
    if (newest === undefined || (update.at ?? -Infinity) > (newest.at ?? -Infinity)) newest = update;
  }
  return newest;
}

// ---- Instatus -----------------------------------------------------------------------------------------------

/** Instatus' summary has no `components`; its `page.status` (a string, where Statuspage's is an object) tells it. */
function isInstatusSummary(answer: JsonObject): boolean {
  return (isJsonObject(answer.page) && typeof answer.page.status === 'string') || Array.isArray(answer.activeIncidents);
}

/** Instatus' summary does not list components, so the page as a whole is one item, under this fixed id. */
export const INSTATUS_PAGE_ITEM_ID = 'page';

/** Instatus' outage words in Statuspage's impact scale (none, minor, major, critical), so incidents read alike. */
const INSTATUS_IMPACTS = new Map([
  ['OPERATIONAL', 'none'],
  ['DEGRADEDPERFORMANCE', 'minor'],
  ['MINOROUTAGE', 'minor'],
  ['PARTIALOUTAGE', 'major'],
  ['MAJOROUTAGE', 'critical'],
  ['UNDERMAINTENANCE', 'maintenance'],
]);

const INSTATUS_PROGRESS_WORDS = new Map([
  ['INVESTIGATING', 'investigating'],
  ['IDENTIFIED', 'identified'],
  ['MONITORING', 'monitoring'],
  ['RESOLVED', 'resolved'],
  ['NOTSTARTEDYET', 'scheduled'],
  ['INPROGRESS', 'in progress'],
  ['COMPLETED', 'completed'],
]);

function readInstatusSummary(answer: JsonObject, baseUrl: string): SourceReading {
  const issues: Issue[] = [];
  const page = readPage(answer, issues);
  const pageUrl = page.url ?? baseUrl;
  const incidents = readObjects(answer.activeIncidents, ['activeIncidents'], issues, (object, context) => readInstatusIncident(object, context, false));
  // The documentation says `activeMaintenances`; a client reads `scheduledMaintenances` (research §7): both count.
  const maintenances = [
    ...readObjects(answer.activeMaintenances, ['activeMaintenances'], issues, (object, context) => readInstatusIncident(object, context, true)),
    ...readObjects(answer.scheduledMaintenances, ['scheduledMaintenances'], issues, (object, context) => readInstatusIncident(object, context, true)),
  ];
  const uniqueMaintenances = [...new Map(maintenances.map((maintenance) => [maintenance.id, maintenance])).values()];
  const item: SourceItem = {
    id: INSTATUS_PAGE_ITEM_ID,
    name: page.name ?? 'Status page',
    kind: 'component',
    ...instatusPageStanding(page.status, incidents, uniqueMaintenances),
    webUrl: pageUrl,
  };
  return { items: [item], incidents: [...incidents, ...uniqueMaintenances], title: page.name, issues };
}

/**
 * The page's own status says whether there is a problem; how bad it is only its open incidents say: a major outage
 * among them makes the page critical, anything less a warning, and issues without an incident stay a warning.
 */
function instatusPageStanding(status: string | undefined, incidents: SourceIncident[], maintenances: SourceIncident[]): Standing {
  switch (status) {
    case 'UP':
      return { health: 'ok', state: 'up', summary: 'All systems operational' };
    case 'UNDERMAINTENANCE':
      return { health: 'ok', state: 'maintenance', summary: oneLine(maintenances[0]?.name ?? 'Under maintenance', MAX_SUMMARY_LENGTH) };
    case 'HASISSUES': {
      const worst = incidents.find((incident) => incident.impact === 'critical') ?? incidents[0];
      const summary = oneLine(worst?.name ?? 'The page reports issues', MAX_SUMMARY_LENGTH);
      return worst?.impact === 'critical' ? { health: 'critical', state: 'down', summary } : { health: 'warning', state: 'degraded', summary };
    }
    default:
      return unrecognisedStatus('The status page', status);
  }
}

function readInstatusIncident(object: JsonObject, context: ReadContext, isMaintenance: boolean): SourceIncident | undefined {
  const webUrl = readHttpUrl(object, 'url', context);
  // The documented summary carries no id, only the incident's address, which ends in Instatus' own id.
  const id = readId(object, 'id', context) ?? lastPathSegment(webUrl);
  if (id === undefined) return skipItem(context, isMaintenance ? 'a maintenance with neither id nor address' : 'an incident with neither id nor address');
  const status = readText(object, 'status', context);
  const impact = readText(object, 'impact', context);
  return {
    id,
    name: readText(object, 'name', context) ?? (isMaintenance ? 'Untitled maintenance' : 'Untitled incident'),
    status: status === undefined ? 'unknown' : (INSTATUS_PROGRESS_WORDS.get(status) ?? status.toLowerCase()),
    impact: isMaintenance ? 'maintenance' : impact === undefined ? 'unknown' : (INSTATUS_IMPACTS.get(impact) ?? impact.toLowerCase()),
    startedAt: readJavaScriptDate(object, isMaintenance ? 'start' : 'started', context),
    itemIds: [INSTATUS_PAGE_ITEM_ID],
    webUrl,
  };
}

/**
 * Instatus writes dates with JavaScript's `Date.prototype.toString` ("Sat Jun 11 2022 18:55:50 GMT+0000 (…)"), which
 * only `Date.parse` reads; it reads ISO 8601 too. The form always carries its offset, so the result is exact.
 */
function readJavaScriptDate(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const text = readText(object, key, context);
  if (text === undefined) return undefined;
  const epochMs = Date.parse(text);
  if (!Number.isNaN(epochMs)) return epochMs;
  context.issues.push({ path: [...context.at, key], message: `expected a date, got "${oneLine(text, 40)}"` });
  return undefined;
}

function lastPathSegment(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const segment = new URL(url).pathname.split('/').findLast((part) => part !== '');
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    // An address that passed the shape check but is not a URL after all (or has a broken %-escape) names nothing.
    return undefined;
  }
}

// ---- Shared by both vendors ---------------------------------------------------------------------------------

function readPage(answer: JsonObject, issues: Issue[]): { name?: string; url?: string; status?: string } {
  if (answer.page === undefined || answer.page === null) return {};
  const context = { at: ['page'], issues };
  if (!isJsonObject(answer.page)) {
    issues.push({ path: ['page'], message: `expected an object, got ${jsonKind(answer.page)}` });
    return {};
  }
  const page = answer.page;
  // Statuspage's `page.status` does not exist (its status is a sibling object); Instatus' is the page's status word.
  return {
    name: readText(page, 'name', context),
    url: readHttpUrl(page, 'url', context),
    status: typeof page.status === 'string' ? page.status : undefined,
  };
}

function standingOf(status: string | undefined, known: ReadonlyMap<string, Standing>): Standing {
  return (status === undefined ? undefined : known.get(status)) ?? unrecognisedStatus('The status page', status);
}

function readName(object: JsonObject, id: string, context: ReadContext): string {
  const name = readText(object, 'name', context)?.trim();
  if (name !== undefined && name !== '') return name;
  context.issues.push({ path: [...context.at, 'name'], message: 'no name: shown by its id' });
  return id;
}

/** Each object of a list, read on its own: a bad entry is skipped and reported, the rest still count. */
function readObjects<T>(
  list: unknown,
  at: readonly (string | number)[],
  issues: Issue[],
  read: (object: JsonObject, context: ReadContext) => T | undefined,
): T[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    issues.push({ path: [...at], message: `expected a list, got ${jsonKind(list)}` });
    return [];
  }
  return readEach(list, at, issues, read);
}
