// Every item in the order all of Vigil lists them — problems worst first, snoozed, in maintenance or acknowledged
// items after the rest (so they can be woken), ties in the servers' and then each server's order — and the tray menu's entries: first each
// server that cannot be watched, then the items that are not OK or are snoozed, capped with a last "and N more".
// Items in good health stay out of the menu: the tooltip already counts them.
import type { ConnectionKind } from '../../../common/ipc/connection-kinds.ts';
import type { ConnectionSituation, TrayItem } from '../../../common/ipc/views.ts';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import { cleanName, healthRank, itemDetail, itemName, type ItemAssessment } from '../health/index.ts';
import type { ItemSince } from '../history/item-since.ts';
import { isAcknowledgeable, maintenanceOf, type ActiveMaintenance } from '../alerts/index.ts';
import { assessmentCovered, keptMaintenanceLookup } from '../maintenance/maintenance-lookup.ts';
import { durationPhrase } from './item-duration.ts';
import type { TooltipSituation } from './tray-tooltip.ts';

/** The server an item is on, as the menu names it. */
export interface TrayServer {
  id: string;
  name: string;
  /** What it is: a Vigil server (the default) or a source's kind. */
  kind?: ConnectionKind;
}

export interface RankedItem {
  item: ItemAssessment;
  server: TrayServer;
  /** Present when the item is snoozed. */
  snoozedUntil?: number | 'resumed';
  /** Present when the item is in maintenance (its own window or its server's). */
  maintenance?: { until?: number };
  /** Present when the item is a problem a person acknowledged: when they did. */
  acknowledgedAt?: number;
}

/** What sets items aside from the level and the problems: snoozes, maintenance and acknowledged problems, by the
 * server's own item keys. */
export interface SetAside {
  snoozed: ReadonlyMap<string, number | 'resumed'>;
  maintenance?: ActiveMaintenance | undefined;
  /** When each acknowledged item was acknowledged; it is set aside only while it is a problem. */
  acknowledged?: ReadonlyMap<string, number> | undefined;
}

/** When the item's problem was acknowledged, if it is a problem that was. */
export function acknowledgedAtOf(aside: SetAside, item: ItemAssessment): number | undefined {
  const { acknowledged } = aside;
  return acknowledged === undefined || acknowledged.size === 0 || !isAcknowledgeable(item.health) ? undefined : acknowledged.get(item.key);
}

export const defaultMaxTrayItems = 10;

/** An entry's place in the order: snoozed, in maintenance or acknowledged after the rest, then by health (a few small
 * whole numbers). */
export function rankOf(entry: RankedItem): number {
  return (entry.snoozedUntil === undefined && entry.maintenance === undefined && entry.acknowledgedAt === undefined ? 0 : 4) + healthRank(entry.item.health);
}

/** One server's items on a stable sort on (set aside, health): the window's lists and the tray's menu agree on it. */
export function rankItems(assessments: readonly ItemAssessment[], aside: SetAside, server: TrayServer): RankedItem[] {
  const { snoozed, maintenance } = aside;
  const anySnoozed = snoozed.size > 0;
  const covered = keptMaintenanceLookup(maintenance);
  const ranked = assessments.map((item) => {
    const snoozedUntil = anySnoozed ? snoozed.get(item.key) : undefined;
    const inMaintenance = maintenance !== undefined && assessmentCovered(covered, item) ? maintenanceOf(maintenance, item.key) : undefined;
    const entry: RankedItem = snoozedUntil === undefined ? { item, server } : { item, server, snoozedUntil };
    if (inMaintenance !== undefined) entry.maintenance = inMaintenance;
    const acknowledgedAt = acknowledgedAtOf(aside, item);
    if (acknowledgedAt !== undefined) entry.acknowledgedAt = acknowledgedAt;
    return { entry, rank: rankOf(entry) };
  });
  return ranked.sort((a, b) => a.rank - b.rank).map(({ entry }) => entry);
}

/** Several servers' ranked items as one list in the same order (a stable merge, servers in the order given). */
export function mergeRanked(lists: readonly (readonly RankedItem[])[]): RankedItem[] {
  return mergeByRank(lists.map((ranked) => ({ ranked, values: ranked })));
}

/**
 * Values that stand for ranked entries (`values[i]` for `ranked[i]`, each list one server's), merged in the order
 * `mergeRanked` gives their entries.
 */
export function mergeByRank<T>(lists: readonly { ranked: readonly RankedItem[]; values: readonly T[] }[]): T[] {
  return mergeWithValues(lists).values;
}

/**
 * Several servers' ranked entries and the values that stand for them, merged in one pass. Each list is already in
 * rank order, and ranks are a few small whole numbers: for each rank, each list's run of entries of that rank in the
 * servers' order, which is the stable sort.
 */
export function mergeWithValues<T>(lists: readonly { ranked: readonly RankedItem[]; values: readonly T[] }[]): { ranked: RankedItem[]; values: T[] } {
  if (lists.length === 1) return { ranked: [...(lists[0]?.ranked ?? [])], values: [...(lists[0]?.values ?? [])] };
  // Built after every poll over every server's items (12,000 of them): the arrays are made at their size and each
  // list's runs found once, so the merge is plain copying.
  const runs = lists.map((list) => rankRuns(list.ranked));
  const total = lists.reduce((sum, list) => sum + list.ranked.length, 0);
  const ranked = new Array<RankedItem>(total);
  const values = new Array<T>(total);
  let out = 0;
  for (let rank = 0; rank < RANKS; rank++) {
    for (const [index, list] of lists.entries()) {
      const starts = runs[index] as Int32Array;
      for (let at = starts[rank] as number, end = starts[rank + 1] as number; at < end; at++) {
        ranked[out] = list.ranked[at] as RankedItem;
        values[out] = list.values[at] as T;
        out += 1;
      }
    }
  }
  return { ranked, values };
}

/** Ranks run from 0 to 7 (`rankOf`). */
const RANKS = 8;

/** Where each rank's run begins in a list in rank order (`starts[rank]`), and its end (`starts[RANKS]`). */
function rankRuns(ranked: readonly RankedItem[]): Int32Array {
  const starts = new Int32Array(RANKS + 1).fill(ranked.length);
  for (let at = ranked.length - 1; at >= 0; at--) starts[rankOf(ranked[at] as RankedItem)] = at;
  // A rank with no entries begins where the next one does.
  for (let rank = RANKS - 1; rank >= 0; rank--) starts[rank] = Math.min(starts[rank] as number, starts[rank + 1] as number);
  return starts;
}

/** A server that cannot be watched right now, for its own entry in the menu. */
export interface UnwatchedServer {
  server: TrayServer;
  situation: Exclude<TooltipSituation, 'data' | 'not-polled'>;
}

export interface TrayItemsInput {
  ranked: readonly RankedItem[];
  unwatched: readonly UnwatchedServer[];
  /** Entries name their server ("Work · API — down") when more than one is watched. */
  nameServers: boolean;
  maxItems: number;
  now: number;
  timeZone?: string | undefined;
  locale?: string | undefined;
  /** Since when an item's state holds, when known: its entry then says for how long. */
  sinceOf?: ((entry: RankedItem) => ItemSince | undefined) | undefined;
}

export function trayItems(input: TrayItemsInput): TrayItem[] {
  const servers = input.unwatched.map(serverEntry);
  const max = Math.max(1, Math.floor(input.maxItems));
  // One pass that keeps the first few and counts the rest: the list is every server's items, after every poll.
  const firstListed: RankedItem[] = [];
  let listedCount = 0;
  for (const entry of input.ranked) {
    if (entry.item.health === 'ok' && entry.snoozedUntil === undefined) continue;
    if (firstListed.length < max) firstListed.push(entry);
    listedCount += 1;
  }
  const shownCount = listedCount <= max ? listedCount : max - 1;
  const shown = firstListed.slice(0, shownCount).map((entry) => trayItem(entry, input));
  const rest = listedCount - shownCount;
  return rest === 0 ? [...servers, ...shown] : [...servers, ...shown, { type: 'more', count: rest, label: `and ${rest} more` }];
}

const situations = { offline: 'unreachable', 'signed-out': 'signed-out', setup: 'setup' } as const satisfies Record<UnwatchedServer['situation'], ConnectionSituation>;

function serverEntry({ server, situation }: UnwatchedServer): TrayItem {
  const name = cleanName(server.name);
  const label = situation === 'offline' ? `Can't reach ${name}` : situation === 'signed-out' ? `${name}: sign in again` : `${name}: check the connection settings`;
  return { type: 'server', connectionId: server.id, situation: situations[situation], label };
}

function trayItem(entry: RankedItem, input: TrayItemsInput): TrayItem {
  const { item, snoozedUntil, server } = entry;
  const name = itemName(item);
  const detail = itemDetail(item, input.now);
  const { kind, health, state } = item;
  const base = { type: 'item', key: serverItemKey(server.id, item.key), connectionId: server.id, kind, name, health, state, detail } as const;
  const said = durationPhrase(item, input.sinceOf?.(entry), input.now) ?? detail;
  const named = input.nameServers ? `${cleanName(server.name)} · ${name}` : name;
  const clock = (time: number) => formatClockTime(time, input.now, { locale: input.locale, timeZone: input.timeZone });
  if (snoozedUntil !== undefined) {
    const until = snoozedUntil === 'resumed' ? 'until resumed' : `until ${clock(snoozedUntil)}`;
    return { ...base, label: `${named} — ${said} (snoozed ${until})`, snoozedUntil };
  }
  const { maintenance, acknowledgedAt } = entry;
  if (maintenance !== undefined) {
    const until = maintenance.until === undefined ? '' : ` until ${clock(maintenance.until)}`;
    return { ...base, label: `${named} — ${said} (maintenance${until})`, maintenance };
  }
  if (acknowledgedAt !== undefined) return { ...base, label: `${named} — ${said} (acknowledged ${clock(acknowledgedAt)})`, acknowledgedAt };
  return { ...base, label: `${named} — ${said}` };
}
