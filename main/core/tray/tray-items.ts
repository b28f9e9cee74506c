// Every item in the order all of Vigil lists them — problems worst first, snoozed items after the rest (so they
// can be woken), ties in the server's order — and the tray menu's entries from that order: the items that are not
// OK or are snoozed, capped with a last "and N more". Items in good health stay out of the menu: the tooltip
// already counts them.
import type { TrayItem } from '../../../common/ipc/views.ts';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { healthRank, itemDetail, itemName, type ItemAssessment } from '../health/index.ts';
import type { ItemSince } from '../history/item-since.ts';
import { durationPhrase } from './item-duration.ts';
import { trayLocale } from './tray-tooltip.ts';

export interface RankedItem {
  item: ItemAssessment;
  /** Present when the item is snoozed. */
  snoozedUntil?: number | 'resumed';
}

export const defaultMaxTrayItems = 10;

/** A stable sort on (snoozed, health): the window's lists and the tray's menu agree on it. */
export function rankItems(assessments: readonly ItemAssessment[], snoozed: ReadonlyMap<string, number | 'resumed'>): RankedItem[] {
  const anySnoozed = snoozed.size > 0;
  const ranked = assessments.map((item) => {
    const snoozedUntil = anySnoozed ? snoozed.get(item.key) : undefined;
    const entry: RankedItem = snoozedUntil === undefined ? { item } : { item, snoozedUntil };
    return { entry, rank: (snoozedUntil === undefined ? 0 : 4) + healthRank(item.health) };
  });
  return ranked.sort((a, b) => a.rank - b.rank).map(({ entry }) => entry);
}

export interface TrayItemsInput {
  ranked: readonly RankedItem[];
  maxItems: number;
  now: number;
  timeZone?: string | undefined;
  /** Since when an item's state holds, when known: its entry then says for how long. */
  sinceOf?: ((item: ItemAssessment) => ItemSince | undefined) | undefined;
}

export function trayItems(input: TrayItemsInput): TrayItem[] {
  const listed = input.ranked.filter(({ item, snoozedUntil }) => item.health !== 'ok' || snoozedUntil !== undefined);
  const max = Math.max(1, Math.floor(input.maxItems));
  const shownCount = listed.length <= max ? listed.length : max - 1;
  const shown = listed.slice(0, shownCount).map((entry) => trayItem(entry, input));
  const rest = listed.length - shownCount;
  return rest === 0 ? shown : [...shown, { type: 'more', count: rest, label: `and ${rest} more` }];
}

function trayItem({ item, snoozedUntil }: RankedItem, input: TrayItemsInput): TrayItem {
  const name = itemName(item);
  const detail = itemDetail(item, input.now);
  const { key, kind, health, state } = item;
  const base = { type: 'item', key, kind, name, health, state, detail } as const;
  const said = durationPhrase(item, input.sinceOf?.(item), input.now) ?? detail;
  if (snoozedUntil === undefined) return { ...base, label: `${name} — ${said}` };
  const until = snoozedUntil === 'resumed' ? 'until resumed' : `until ${formatClockTime(snoozedUntil, input.now, { locale: trayLocale, timeZone: input.timeZone })}`;
  return { ...base, label: `${name} — ${said} (snoozed ${until})`, snoozedUntil };
}
