// What a server with the history extension knows of one item, fetched in parallel: a monitor's stats for the
// uptime windows, its series (response times, and where it was checked), latest checks and events; a heartbeat's
// pings and events; a domain's events. Maintenance is drawn over the timelines (server-maintenance.ts), from the
// events and, where the server lists the maintenance extension, its windows. Any part that fails leaves the others,
// and says why in one sentence.
import { dateTimeToEpochMs, HISTORY_WINDOWS, type Heartbeat, type HistoryEvent, type HistoryWindow, type Monitor, type MonitorStats } from '../../../common/api/index.ts';
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import type { CheckView, ItemPageWindow, ResponseTimePoint } from '../../../common/ipc/history.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import { fetchServerEvents } from './server-events.ts';
import { maintenanceStretches } from '../maintenance/server-maintenance.ts';
import { heartbeatPingTimeline, monitorServerTimeline, type ServerTimeline } from './server-timeline.ts';
import { maintenanceOver } from './timeline.ts';

/** The page's first checks; more come with listChecks. */
const checksOnPage = 20;
/** The most pings asked for: a timeline from them reaches back as far as they do. */
const pingsAsked = 1000;
const pingsOnPage = 50;

export interface ServerParts {
  timeline: ServerTimeline | undefined;
  /** By uptime window, where the server answered. */
  stats: Partial<Record<HistoryWindow, MonitorStats>>;
  responseTimes: { stepSeconds: number; points: ResponseTimePoint[] } | undefined;
  checks: CheckView[] | undefined;
  /** Newest first, epoch ms. */
  pings: number[] | undefined;
  events: HistoryEvent[];
  /** Why some of it could not be read, in one sentence; undefined when all of it was. */
  problem: string | undefined;
}

interface Span {
  window: ItemPageWindow;
  from: number;
  to: number;
}

/** A server with the history extension; `hasMaintenance`: it lists the maintenance extension too. */
export interface HistoryServer {
  client: MonitoringClient;
  hasMaintenance: boolean;
}

/**
 * The server's maintenance windows, ended ones included, where it keeps them. Not worth a note when they cannot be
 * read: the maintenance events still draw what they cover.
 */
async function maintenanceWindows(server: HistoryServer): Promise<MaintenanceWindow[]> {
  if (!server.hasMaintenance) return [];
  return server.client.listMaintenance({ ended: true }).then(
    ({ items }) => items,
    () => [],
  );
}

/** The timeline with the item's time in maintenance drawn over it, where anyone was watching. */
function withMaintenance(timeline: ServerTimeline, input: { events: readonly HistoryEvent[]; windows: readonly MaintenanceWindow[]; itemKey: string; from: number; to: number }): ServerTimeline {
  return { ...timeline, segments: maintenanceOver(timeline.segments, maintenanceStretches(input)) };
}

/** Runs each part, keeping what succeeds; the first failure's words are kept for the page's notes. */
export class Parts {
  problem: string | undefined;

  async get<T>(fetch: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fetch();
    } catch (error) {
      this.problem ??= error instanceof MonitoringClientError ? error.info.message : String(error);
      return fallback;
    }
  }
}

export async function monitorServerParts(server: HistoryServer, monitor: Monitor & { id: string }, span: Span, uptimeWindows: readonly HistoryWindow[]): Promise<ServerParts> {
  const { client } = server;
  const parts = new Parts();
  const itemKey = `monitor:${monitor.id}`;
  const [stats, series, checks, events, serviceEvents, windows] = await Promise.all([
    // A window the server has no figure for is summed from the timeline instead: not a problem worth a note.
    Promise.all(uptimeWindows.map((window) => client.getMonitorStats(monitor.id, window).then(({ item }) => [window, item] as const, () => undefined))),
    parts.get(async () => (await client.getSeries(monitor.id, span.window)).item, undefined),
    parts.get(async () => (await client.listChecks(monitor.id, { limit: checksOnPage })).items, undefined),
    parts.get(() => fetchServerEvents(client, { since: span.from, item: itemKey }), []),
    parts.get(() => fetchServerEvents(client, { since: span.from, item: 'service' }), []),
    maintenanceWindows(server),
  ]);
  const timeline =
    series === undefined
      ? undefined
      : withMaintenance(monitorServerTimeline({ series, events, serviceEvents, currentStatus: monitor.last_status, frequencySeconds: monitor.frequency, from: span.from, to: span.to }), {
          events,
          windows,
          itemKey,
          from: span.from,
          to: span.to,
        });
  return {
    timeline,
    stats: Object.fromEntries(stats.filter((entry) => entry !== undefined)),
    responseTimes: series?.step_seconds === undefined ? undefined : { stepSeconds: series.step_seconds, points: series.points.flatMap(responseTimePoint) },
    checks: checks?.flatMap(checkView),
    pings: undefined,
    events,
    problem: parts.problem,
  };
}

export async function heartbeatServerParts(server: HistoryServer, heartbeat: Heartbeat & { id: string }, span: Span, graceSeconds: number): Promise<ServerParts> {
  const { client } = server;
  const parts = new Parts();
  const itemKey = `heartbeat:${heartbeat.id}`;
  // The timeline reaches back as far as the pings do (up to 90 days), so its events must too: a failure days before
  // the window with no ping since is still the heartbeat's state in it. The page lists only the window's.
  const since = span.to - Math.max(HISTORY_WINDOWS['90d'], span.to - span.from);
  const [pings, events, serviceEvents, windows] = await Promise.all([
    parts.get(async () => (await client.listPings(heartbeat.id, { limit: pingsAsked })).items.flatMap((ping) => epochOf(ping.at)).sort((a, b) => b - a), undefined),
    parts.get(() => fetchServerEvents(client, { since, item: itemKey }), []),
    parts.get(() => fetchServerEvents(client, { since, item: 'service' }), []),
    maintenanceWindows(server),
  ]);
  const timeline =
    pings === undefined
      ? undefined
      : withMaintenance(heartbeatPingTimeline({ pings, intervalSeconds: heartbeat.expected_interval, graceSeconds: heartbeat.grace_seconds ?? graceSeconds, events, serviceEvents, from: since, to: span.to }), {
          events,
          windows,
          itemKey,
          from: since,
          to: span.to,
        });
  const inWindow = events.filter((event) => (epochOf(event.at)[0] ?? span.from) >= span.from);
  return { timeline, stats: {}, responseTimes: undefined, checks: undefined, pings: pings?.slice(0, pingsOnPage), events: inWindow, problem: parts.problem };
}

export async function domainServerParts({ client }: HistoryServer, domainId: string, span: Span): Promise<ServerParts> {
  const parts = new Parts();
  const events = await parts.get(() => fetchServerEvents(client, { since: span.from, item: `domain:${domainId}` }), []);
  return { timeline: undefined, stats: {}, responseTimes: undefined, checks: undefined, pings: undefined, events, problem: parts.problem };
}

function epochOf(text: string | undefined): number[] {
  const at = text === undefined ? undefined : dateTimeToEpochMs(text);
  return at === undefined ? [] : [at];
}

function responseTimePoint(point: { at?: string | undefined; checks?: number | undefined; failed?: number | undefined; avg_ms?: number | undefined; p95_ms?: number | undefined; max_ms?: number | undefined }): ResponseTimePoint[] {
  return epochOf(point.at).map((at) => ({ at, checks: point.checks ?? 0, failed: point.failed ?? 0, avgMs: point.avg_ms, p95Ms: point.p95_ms, maxMs: point.max_ms }));
}

export function checkView(check: { checked_at?: string | undefined; status?: string | undefined; response_time_ms?: number | undefined; error?: string | undefined }): CheckView[] {
  // A check without a status word failed if it says what went wrong.
  const down = check.status === 'down' || (check.status !== 'up' && check.error !== undefined);
  return epochOf(check.checked_at).map((at) => ({ at, status: down ? 'down' : 'up', responseTimeMs: check.response_time_ms, error: check.error }));
}
