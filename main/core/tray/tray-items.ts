// The tray menu's item entries: problems worst first, then snoozed items (so they can be woken), capped
// with a last "and N more" entry. Items in good health are left out: the tooltip already counts them.
import { healthRank, itemDetail, itemName, type Health, type ItemAssessment, type ItemKind } from '../health/index.ts';
import { formatClockTime } from './clock-time.ts';

export type TrayItem =
  | {
      type: 'item';
      key: string;
      kind: ItemKind;
      name: string;
      health: Health;
      /** The state in a word: down, late, expiring, unknown, … */
      state: string;
      detail: string;
      /** "name — detail", ready for a menu. */
      label: string;
      /** Present when the item is snoozed. */
      snoozedUntil?: number | 'resumed';
    }
  | { type: 'more'; count: number; label: string };

export const defaultMaxTrayItems = 10;

export interface TrayItemsInput {
  assessments: readonly ItemAssessment[];
  snoozed: ReadonlyMap<string, number | 'resumed'>;
  maxItems: number;
  now: number;
  timeZone?: string | undefined;
}

function entry(item: ItemAssessment, input: TrayItemsInput): TrayItem {
  const name = itemName(item);
  const detail = itemDetail(item, input.now);
  const snoozedUntil = input.snoozed.get(item.key);
  const { key, kind, health, state } = item;
  const base = { type: 'item', key, kind, name, health, state, detail } as const;
  if (snoozedUntil === undefined) return { ...base, label: `${name} — ${detail}` };
  const until =
    snoozedUntil === 'resumed' ? 'until resumed' : `until ${formatClockTime(snoozedUntil, input.now, input.timeZone)}`;
  return { ...base, label: `${name} — ${detail} (snoozed ${until})`, snoozedUntil };
}

/** Sorted by snoozed-last, then health worst first; ties keep the server's order (a stable sort). */
export function trayItems(input: TrayItemsInput): TrayItem[] {
  const { snoozed } = input;
  const anySnoozed = snoozed.size > 0;
  const listed: { item: ItemAssessment; rank: number }[] = [];
  for (const item of input.assessments) {
    const isSnoozed = anySnoozed && snoozed.has(item.key);
    if (item.health !== 'ok' || isSnoozed) listed.push({ item, rank: (isSnoozed ? 4 : 0) + healthRank(item.health) });
  }
  listed.sort((a, b) => a.rank - b.rank);
  const max = Math.max(1, Math.floor(input.maxItems));
  const shownCount = listed.length <= max ? listed.length : max - 1;
  const shown = listed.slice(0, shownCount).map(({ item }) => entry(item, input));
  const rest = listed.length - shownCount;
  return rest === 0 ? shown : [...shown, { type: 'more', count: rest, label: `and ${rest} more` }];
}
