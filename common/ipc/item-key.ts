// A stable key per watched item, so alert memory, snoozes and "open this item" survive between polls. Shared by the
// core (status items, snoozes, alerts) and the window (its list rows), so both name an item the same way.
//
// Ids are opaque, so `monitor:<id>` is unique within a connection. An item the server sent without an id
// cannot be told apart from a renamed one; it is keyed by its name instead (`monitor?name=API`), which is
// only as stable as the name. The `?` after the kind keeps such keys from ever colliding with an id key.
import type { Domain, Heartbeat, Monitor } from '../api/index.ts';
import type { SourceItemKind } from './connection-kinds.ts';

/** The monitoring API's three kinds of watched item, and `source`: an item a read-only source shows (issue 21). */
export type ItemKind = 'monitor' | 'heartbeat' | 'domain' | 'source';

/** What a person calls each kind of item; a source's item by what its source calls it. */
const ITEM_KIND_NAMES: Record<Exclude<ItemKind, 'source'> | SourceItemKind, string> = {
  monitor: 'Monitor',
  heartbeat: 'Heartbeat',
  domain: 'Domain',
  component: 'Component',
  alert: 'Alert',
};

/** "Monitor", "Component", "Alert": an item's kind as a list's column or a page's heading says it. */
export function itemKindName(item: { kind: ItemKind; sourceItem?: { kind: SourceItemKind } | undefined }): string {
  return ITEM_KIND_NAMES[item.kind === 'source' ? (item.sourceItem?.kind ?? 'monitor') : item.kind];
}

export type ItemRef = { kind: ItemKind; id: string } | { kind: ItemKind; name: string };

/** The key of an item its server gave an id (`monitor:42`). */
export function itemIdKey(kind: ItemKind, id: string): string {
  return `${kind}:${id}`;
}

export function monitorKey(monitor: Monitor): string {
  if (monitor.id !== undefined) return itemIdKey('monitor', monitor.id);
  return `monitor?name=${monitor.name ?? monitor.url ?? ''}`;
}

export function heartbeatKey(heartbeat: Heartbeat): string {
  if (heartbeat.id !== undefined) return itemIdKey('heartbeat', heartbeat.id);
  return `heartbeat?name=${heartbeat.name ?? heartbeat.slug ?? ''}`;
}

export function domainKey(domain: Domain): string {
  if (domain.id !== undefined) return itemIdKey('domain', domain.id);
  return `domain?name=${domain.domain ?? ''}`;
}

/** A source item's key (`source:<id>`): every source gives each item an id, stable within the source. */
export function sourceItemKey(item: { id: string }): string {
  return itemIdKey('source', item.id);
}

/** The kinds as an item key begins with one, for patterns that check a key's shape. */
export const ITEM_KEY_KINDS = 'monitor|heartbeat|domain|source';

const KEY_SHAPE = new RegExp(`^(${ITEM_KEY_KINDS})(?::(.+)|\\?name=(.*))$`, 's');

/** What a key points at within its server, or undefined if it is not an item key. */
export function parseItemKey(key: string): ItemRef | undefined {
  const match = KEY_SHAPE.exec(key);
  if (match === null) return undefined;
  const kind = match[1] as ItemKind;
  return match[2] === undefined ? { kind, name: match[3] ?? '' } : { kind, id: match[2] };
}

/**
 * An item on one server: `<connectionId>/<item key>` (`work/monitor:42`). Everything outside one connection's own
 * state (the status view, snoozes, the window's rows and pages, deep links, notifications) uses this form, so two
 * servers holding the same monitor id never collide. Connection ids never hold "/", so the first one splits.
 */
export function serverItemKey(connectionId: string, itemKey: string): string {
  return `${connectionId}/${itemKey}`;
}

export interface ServerItemRef {
  connectionId: string;
  /** The key within the server (`monitor:42`). */
  itemKey: string;
  item: ItemRef;
}

/** What a server item key points at, or undefined if it is not one. */
export function parseServerItemKey(key: string): ServerItemRef | undefined {
  const slash = key.indexOf('/');
  if (slash <= 0) return undefined;
  const itemKey = key.slice(slash + 1);
  const item = parseItemKey(itemKey);
  return item === undefined ? undefined : { connectionId: key.slice(0, slash), itemKey, item };
}
