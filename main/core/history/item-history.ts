// One item's history page, for the window and `vigil history`: the server's history where the server keeps one (it
// watched all along; for a read-only source, the source's own, source-history.ts), Vigil's own record where it does not, and the record filling what the server lacks (time
// before its history begins, a timeline of domains). Each part that is missing is said in the notes. The time before
// the item was created is no part of it (common/api/item-lifetime.ts): a younger item's timeline and figures start
// at its creation.
import { dateTimeToEpochMs, HISTORY_WINDOWS, type HistoryWindow } from '../../../common/api/index.ts';
import { livedPart } from '../../../common/api/item-lifetime.ts';
import type { HistoryEventView, ItemHistoryView, ItemPageWindow, UptimeView } from '../../../common/ipc/history.ts';
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import { itemAnnotations, type ItemAssessment } from '../health/index.ts';
import { newestFirst, recordedEventView, renewalEventViews, serverEventView } from './event-views.ts';
import { incidentsOf } from './incidents.ts';
import type { ItemSince } from './item-since.ts';
import { historyNotes } from './item-history-notes.ts';
import { recordedItemEvents, recordedItemHistory, type RecordSource } from './record-source.ts';
import type { Segment } from './record-types.ts';
import { domainServerParts, heartbeatServerParts, monitorServerParts, type HistoryServer, type ServerParts } from './server-history.ts';
import { sourceServerParts, type SourceHistory } from './source-history.ts';
import { fillGaps, gapSegment, sliceSegments } from './timeline.ts';
import { uptimeOf } from './uptime.ts';

export const uptimeWindows = ['24h', '7d', '30d', '90d'] as const satisfies readonly HistoryWindow[];

export interface ItemHistoryInput {
  connection: { id: string; name: string };
  /** The item's key on its connection (`monitor:42`); the page is keyed by server item key. */
  key: string;
  window: ItemPageWindow;
  now: number;
  /** The item as the latest poll judged it; undefined when it is no longer on the server. */
  item: ItemAssessment | undefined;
  /** Its name as the status shows it. */
  name: string | undefined;
  since: ItemSince | undefined;
  /** The connection's server, when it lists the history extension. */
  server: HistoryServer | undefined;
  /** A read-only source's own history, where its kind keeps one Vigil can read. */
  sourceHistory: SourceHistory | undefined;
  record: RecordSource | undefined;
  graceSeconds: number;
}

/** The page, or undefined when neither the server nor the record knows the item. */
export async function buildItemHistory(input: ItemHistoryInput): Promise<ItemHistoryView | undefined> {
  const { now, key, window, item } = input;
  const from = now - HISTORY_WINDOWS[window];
  // The record is read as far back as the widest figure needs: the page's window or the 90-day uptime.
  const recordFrom = now - Math.max(HISTORY_WINDOWS[window], HISTORY_WINDOWS['90d']);
  const recorded = input.record === undefined ? undefined : recordedItemHistory(input.record, key, recordFrom, now);
  const kind: ItemKind | undefined = item?.kind ?? recorded?.item.kind;
  if (kind === undefined) return undefined;
  const name = input.name ?? recorded?.item.name ?? key;
  const createdAt = createdAtOf(item);
  const lived = livedPart({ from, to: now }, createdAt);
  const recordSegments = recorded?.segments ?? [gapSegment(recordFrom, now)];
  const server = item === undefined ? undefined : await serverParts(input, item, { window, from, to: now });
  // Whose the server's part is, for a source that keeps one: the page names it.
  const historyOwner = item?.kind === 'source' && server !== undefined ? input.sourceHistory?.owner : undefined;

  const serverSegments = server?.timeline === undefined ? undefined : sliceSegments(server.timeline.segments, recordFrom, now);
  const merged = serverSegments === undefined ? recordSegments : fillGaps(serverSegments, recordSegments);
  const onPage = sliceSegments(merged, lived.from, now);
  const serverShown = serverSegments !== undefined && sliceSegments(serverSegments, lived.from, now).some((segment) => segment.health !== 'gap');

  const notes = historyNotes({
    kind,
    serverHistory: input.server !== undefined,
    historyOwner,
    serverProblem: server?.problem,
    serverStart: server?.timeline?.historyStart,
    // A series step that began before the item was created is no history from before it.
    from: lived.from,
    onServer: item !== undefined,
    watched: onPage.some((segment) => segment.health !== 'gap'),
    recordNotes: input.record?.reads.notes ?? [],
  });
  return {
    key: serverItemKey(input.connection.id, key),
    connectionId: input.connection.id,
    serverName: input.connection.name,
    kind,
    name,
    health: item?.health ?? 'unknown',
    state: item?.state ?? 'removed',
    since: input.since?.since,
    sinceIsLowerBound: input.since?.lowerBound ?? false,
    window,
    from,
    to: now,
    createdAt,
    source: serverShown ? 'server' : 'client',
    ...(historyOwner === undefined ? {} : { historyOwner }),
    uptime: uptimeWindows.map((uptimeWindow) => uptimeFor(uptimeWindow, kind, { merged, serverSegments, server, createdAt }, now)),
    timeline: onPage.map(({ from: start, to, health, state }) => ({ from: start, to, health, state })),
    responseTimes: server?.responseTimes,
    incidents: incidentsOf(onPage, kind),
    checks: server?.checks,
    pings: server?.pings ?? lastPing(item),
    expiresOn: item?.kind === 'domain' ? item.domain.expires_on : undefined,
    events: itemEvents(input, server, from, kind === 'domain' ? renewalEventViews(recorded?.rows ?? [], input.connection, key, name) : []),
    notes,
    annotations: item === undefined ? [] : itemAnnotations(item),
  };
}

function serverParts(input: ItemHistoryInput, item: ItemAssessment, span: { window: ItemPageWindow; from: number; to: number }): Promise<ServerParts | undefined> | undefined {
  const { server, sourceHistory, graceSeconds } = input;
  if (item.kind === 'source') return sourceHistory === undefined ? undefined : sourceServerParts(sourceHistory, item.item.id, span.to, { health: item.health, state: item.state, since: item.item.since ?? input.since?.since });
  if (server === undefined) return undefined;
  switch (item.kind) {
    case 'monitor': {
      const { monitor } = item;
      return monitor.id === undefined ? undefined : monitorServerParts(server, { ...monitor, id: monitor.id }, span, uptimeWindows);
    }
    case 'heartbeat': {
      const { heartbeat } = item;
      return heartbeat.id === undefined ? undefined : heartbeatServerParts(server, { ...heartbeat, id: heartbeat.id }, span, graceSeconds);
    }
    case 'domain':
      return item.domain.id === undefined ? undefined : domainServerParts(server, item.domain.id, span);
  }
}

/** When its server says the item was created (monitors everywhere; heartbeats and domains on Vigil's service). */
function createdAtOf(item: ItemAssessment | undefined): number | undefined {
  const text = item === undefined || item.kind === 'source' ? undefined : item.kind === 'monitor' ? item.monitor.created_at : item.kind === 'heartbeat' ? item.heartbeat.created_at : item.domain.created_at;
  return text === undefined ? undefined : dateTimeToEpochMs(text);
}

interface UptimeSources {
  merged: readonly Segment[];
  serverSegments: readonly Segment[] | undefined;
  server: ServerParts | undefined;
  createdAt: number | undefined;
}

/** A monitor's uptime from the server's own figures where it has them; otherwise from the merged timeline. */
function uptimeFor(window: HistoryWindow, kind: ItemKind, { merged, serverSegments, server, createdAt }: UptimeSources, now: number): UptimeView {
  const lived = livedPart({ from: now - HISTORY_WINDOWS[window], to: now }, createdAt);
  const stats = server?.stats[window];
  if (stats?.uptime !== undefined) {
    const upSeconds = Math.round(stats.up_seconds ?? 0);
    const downSeconds = Math.round(stats.down_seconds ?? 0);
    const maintenanceSeconds = Math.round(stats.maintenance_seconds ?? 0);
    // A service from before it left the time before creation out counts it as unknown: never more than the life.
    const livedUnknown = Math.max(0, Math.round((now - lived.from) / 1000) - upSeconds - downSeconds - maintenanceSeconds);
    return {
      window,
      uptime: stats.uptime,
      upSeconds,
      downSeconds,
      unknownSeconds: Math.min(Math.round(stats.unknown_seconds ?? 0), livedUnknown),
      maintenanceSeconds,
      sinceCreation: lived.sinceCreation ? lived.from : undefined,
      source: 'server',
    };
  }
  const fromServer = serverSegments !== undefined && sliceSegments(serverSegments, lived.from, now).some((segment) => segment.health !== 'gap');
  return uptimeOf(merged, kind, window, now - HISTORY_WINDOWS[window], now, fromServer ? 'server' : 'client', createdAt);
}

function lastPing(item: ItemAssessment | undefined): number[] | undefined {
  if (item?.kind !== 'heartbeat') return undefined;
  return item.timing.lastPingAt === undefined ? [] : [item.timing.lastPingAt];
}

/**
 * The server's events of the item, and Vigil's own (with a domain's renewals as the record saw them) from before the
 * server's first one, or all of them where the server keeps none.
 */
function itemEvents(input: ItemHistoryInput, server: ServerParts | undefined, from: number, renewals: readonly HistoryEventView[]): HistoryEventView[] {
  const { connection, key, record } = input;
  // The item's maintenance events (its own windows, and the server's) are about this item.
  const fromServer = (server?.events ?? []).flatMap((event, index) => serverEventView(event, connection, index, () => key) ?? []);
  const serverFirst = fromServer.reduce((first, event) => Math.min(first, event.at), Infinity);
  const own = record === undefined ? [] : recordedItemEvents(record, key, from).map((event) => recordedEventView(event, connection.name));
  return [...fromServer, ...[...own, ...renewals].filter((event) => event.at >= from && event.at < serverFirst)].sort(newestFirst);
}
