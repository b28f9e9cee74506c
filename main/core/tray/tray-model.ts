// The tray model: everything the tray icon, tooltip and menu show, from every enabled server's own part
// (server-tray.ts) combined: the worst level, the tooltip, the menu's entries. Pure, so every level and every word
// is tested without a tray.
import type { Level, TrayItem } from '../../../common/ipc/views.ts';
import { isPaused, type PausedUntil } from '../alerts/index.ts';
import type { ItemSince } from '../history/item-since.ts';
import { rollUp } from './roll-up.ts';
import type { ServerTray } from './server-tray.ts';
import { defaultMaxTrayItems, mergeRanked, trayItems, type RankedItem, type UnwatchedServer } from './tray-items.ts';
import { trayTooltip } from './tray-tooltip.ts';

export interface TrayInput {
  /** Every enabled server's part, in the settings' order. */
  servers: readonly ServerTray[];
  pausedUntil?: PausedUntil;
  now: number;
  /** Menu item entries at most, the "and N more" entry included (default 10); server entries come on top. */
  maxItems?: number;
  /** IANA zone for times in the tooltip; the system's when absent. */
  timeZone?: string;
  /** The computer's locale for those times; Intl's default when absent. */
  locale?: string | undefined;
  /** Since when an item's state holds, when known (the menu's "down for 12 min"). */
  sinceOf?: (entry: RankedItem) => ItemSince | undefined;
  /** The servers' ranked items already merged (`mergeWithValues`), when the caller has done it. */
  ranked?: readonly RankedItem[];
}

export interface TrayModel {
  level: Level;
  tooltip: string;
  /** The menu's entries. */
  items: TrayItem[];
  /** Every item of every server, in the menu's order, for views that list them all. */
  ranked: readonly RankedItem[];
}

/** The stalest server's latest answer (undefined while any server has never answered). */
function stalest(servers: readonly ServerTray[]): number | undefined {
  let result: number | undefined;
  for (const { lastSuccessfulPollAt } of servers) {
    if (lastSuccessfulPollAt === undefined) return undefined;
    if (result === undefined || lastSuccessfulPollAt < result) result = lastSuccessfulPollAt;
  }
  return result;
}

export function trayModel(input: TrayInput): TrayModel {
  const { servers, now } = input;
  const paused = isPaused(input.pausedUntil, now);
  const tooltip = trayTooltip({
    servers: servers.map(({ server, situation, counts }) => ({ name: server.name, kind: server.kind ?? 'vigil', situation, counts })),
    pausedUntil: paused ? input.pausedUntil : undefined,
    lastSuccessfulPollAt: stalest(servers),
    now,
    timeZone: input.timeZone,
    locale: input.locale,
  });
  // With one server the tooltip (the menu's first line) already says why it cannot be watched.
  const several = servers.length > 1;
  const unwatched = several ? servers.flatMap(({ server, situation }): UnwatchedServer[] => (situation === 'data' || situation === 'not-polled' ? [] : [{ server, situation }])) : [];
  const ranked = input.ranked ?? mergeRanked(servers.map((server) => server.ranked));
  const items = trayItems({
    ranked,
    unwatched,
    nameServers: several,
    maxItems: input.maxItems ?? defaultMaxTrayItems,
    now,
    timeZone: input.timeZone,
    locale: input.locale,
    sinceOf: input.sinceOf,
  });
  return { level: rollUp(servers.map((server) => server.level), paused), tooltip, items, ranked };
}
