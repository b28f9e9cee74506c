// Events as the window lists them (pure): the server's (its own words; its maintenance in ours), Vigil's own (the
// changes its alert policy tracked, in the words of the alert, and its record's maintenance), and the stretches Vigil
// was not watching that are long enough to tell. Each names its server, and its item by server item key, for a feed
// that spans several.
import { dateTimeToEpochMs, type HistoryEvent } from '../../../common/api/index.ts';
import { CERTIFICATE_EXPIRED_DAYS, certificateExpiryPhrase, certificateOf } from '../../../common/format/certificate-words.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { HistoryEventView } from '../../../common/ipc/history.ts';
import { itemIdKey, parseItemKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import type { Health, ItemKind } from '../../../common/ipc/views.ts';
import { cleanName, truncate } from '../health/index.ts';
import { gapReasonPhrase } from './gap-reason.ts';
import { recordedMaintenanceKind } from '../maintenance/maintenance-events.ts';
import { maintenanceTitle } from '../maintenance/maintenance-titles.ts';
import type { StoredEvent } from './record-reads.ts';
import type { StateRow, WatchPeriod } from './record-types.ts';

/** Gaps shorter than this are the ordinary hiccups of polling, not news. */
const gapWorthTellingMs = 15 * 60_000;

const itemKinds = new Set<string>(['monitor', 'heartbeat', 'domain']);

/** The connection events are about. */
export interface EventServer {
  id: string;
  name: string;
}

/**
 * The item key (`monitor:42`) of an item id a maintenance event names: such an event says no kind, so the item page
 * answers its own key and the feed looks the id up among the connection's items.
 */
export type ItemKeyOfId = (itemId: string) => string | undefined;

/** A server's event, or undefined when it has no time Vigil can read. */
export function serverEventView(event: HistoryEvent, server: EventServer, index: number, keyOfId?: ItemKeyOfId): HistoryEventView | undefined {
  const at = event.at === undefined ? undefined : dateTimeToEpochMs(event.at);
  if (at === undefined) return undefined;
  if (event.kind === 'maintenance') return maintenanceEventView(event, server, at, index, keyOfId);
  const kind: HistoryEventView['kind'] = event.kind !== undefined && itemKinds.has(event.kind) ? (event.kind as ItemKind) : 'service';
  const itemKey = kind !== 'service' && event.item_id !== undefined ? serverItemKey(server.id, itemIdKey(kind, event.item_id)) : undefined;
  return {
    id: `server:${server.id}:${event.id ?? `${at}-${index}`}`,
    at,
    connectionId: server.id,
    serverName: server.name,
    itemKey,
    kind,
    title: serverEventTitle(event, kind),
    health: healthOfState(event.to),
    source: 'server',
  };
}

/** An item, or every item (no `item_id`), going into maintenance (`to: on`) or out of it: neither good nor bad. */
function maintenanceEventView(event: HistoryEvent, server: EventServer, at: number, index: number, keyOfId: ItemKeyOfId | undefined): HistoryEventView {
  const ownKey = event.item_id === undefined ? undefined : keyOfId?.(event.item_id);
  return {
    id: `server:${server.id}:${event.id ?? `${at}-${index}`}`,
    at,
    connectionId: server.id,
    serverName: server.name,
    itemKey: ownKey === undefined ? undefined : serverItemKey(server.id, ownKey),
    kind: 'maintenance',
    title: maintenanceTitle(event.item_id === undefined ? { kind: 'every' } : { kind: 'item', name: event.item_name }, event.to === 'on', event.detail === undefined ? undefined : sentence(event.detail)),
    health: 'unknown',
    source: 'server',
  };
}

function serverEventTitle(event: HistoryEvent, kind: HistoryEventView['kind']): string {
  const detail = event.detail === undefined ? undefined : sentence(event.detail);
  if (kind === 'service') return detail ?? `The server ${event.to === 'stopped' ? 'stopped' : 'started'}`;
  const said = detail === undefined ? '' : `: ${detail}`;
  const name = cleanName(event.item_name ?? event.item_id ?? '') || `This ${kind}`;
  switch (event.to) {
    case 'down':
      return `${name} went down${said}`;
    case 'up':
      return kind === 'heartbeat' ? `${name} is on time again${said}` : `${name} is up again${said}`;
    case 'late':
      return `${name} is late${said}`;
    case 'failed':
      return `${name} failed${said}`;
    // A monitor's are its certificate's (docs/api-decisions.md §14), said as its notifications say them
    // (common/format/certificate-words.ts); a domain's its own.
    case 'expiring':
      return `${kind === 'monitor' ? certificateOf(name) : name} expires soon${said}`;
    case 'expired':
      return kind === 'monitor' ? `${certificateOf(name)} ${certificateExpiryPhrase(CERTIFICATE_EXPIRED_DAYS)}${said}` : `${name} has expired${said}`;
    case 'renewed':
      return `${kind === 'monitor' ? certificateOf(name) : name} was renewed${said}`;
    case undefined:
      return `${name}${said}`;
    default:
      return `${name} is ${cleanName(event.to)}${said}`;
  }
}

/** A server's words, on one line and of a length a list can show. */
function sentence(text: string): string {
  return truncate(text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim(), 200);
}

/** The health an event's new state has: bad words are bad, good words good, the rest unknown. */
function healthOfState(state: string | undefined): Health {
  switch (state) {
    case 'down':
    case 'failed':
    case 'expired':
      return 'critical';
    case 'late':
    case 'expiring':
      return 'warning';
    case 'up':
    case 'ok':
    case 'renewed':
    case 'started':
      return 'ok';
    default:
      return 'unknown';
  }
}

/** One of Vigil's own events (a change its alert policy tracked). */
export function recordedEventView(event: StoredEvent, serverName: string): HistoryEventView {
  const ref = event.itemKey === undefined ? undefined : parseItemKey(event.itemKey);
  return {
    id: `client:${event.connectionId}:${event.seq}`,
    at: event.at,
    connectionId: event.connectionId,
    serverName,
    itemKey: ref === undefined || event.itemKey === undefined ? undefined : serverItemKey(event.connectionId, event.itemKey),
    kind: event.kind === recordedMaintenanceKind ? 'maintenance' : (ref?.kind ?? 'vigil'),
    title: event.title,
    health: event.kind === recordedMaintenanceKind ? 'unknown' : event.severity === 'critical' ? 'critical' : event.severity === 'warning' ? 'warning' : 'ok',
    source: 'client',
  };
}

/** "Vigil was not watching Prod for 2 h: the app was closed", for each gap of at least `gapWorthTellingMs` between
 * stretches of watching that ends within [from, to]. */
export function gapEventViews(periods: readonly WatchPeriod[], connection: EventServer, from: number, to: number): HistoryEventView[] {
  const views: HistoryEventView[] = [];
  for (let index = 1; index < periods.length; index++) {
    const before = periods[index - 1];
    const after = periods[index];
    if (before === undefined || after === undefined) continue;
    const length = after.start - before.end;
    if (length < gapWorthTellingMs || before.end < from || before.end > to) continue;
    views.push({
      id: `gap:${connection.id}:${before.end}`,
      at: before.end,
      connectionId: connection.id,
      serverName: connection.name,
      itemKey: undefined,
      kind: 'vigil',
      title: `Vigil was not watching ${cleanName(connection.name)} for ${formatDuration(length, 'elapsed')}: ${gapReasonPhrase(before.endReason)}`,
      health: 'unknown',
      source: 'client',
    });
  }
  return views;
}

export function newestFirst(a: HistoryEventView, b: HistoryEventView): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** A domain's renewals as Vigil saw them: its expiry date moving later between two of its recorded states. */
export function renewalEventViews(rows: readonly StateRow[], server: EventServer, itemKey: string, name: string): HistoryEventView[] {
  const views: HistoryEventView[] = [];
  for (let index = 1; index < rows.length; index++) {
    const before = rows[index - 1]?.expiresOn;
    const row = rows[index];
    if (row?.expiresOn === undefined || before === undefined || row.expiresOn <= before) continue;
    views.push({
      id: `renewal:${server.id}:${itemKey}:${row.since}`,
      at: row.since,
      connectionId: server.id,
      serverName: server.name,
      itemKey: serverItemKey(server.id, itemKey),
      kind: 'domain',
      title: `${cleanName(name)} was renewed: it now expires on ${row.expiresOn}`,
      health: 'ok',
      source: 'client',
    });
  }
  return views;
}
