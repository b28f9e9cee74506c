// Which windows cover which items at one moment, and until when that holds. Working out a weekly window's spans
// builds a few weeks of zoned dates, so the answer is kept until the next start or end of any window rather than
// worked out for every alert.
import { maintenanceSpans } from '../../common/api/maintenance.ts';
import type { MaintenanceRecord } from '../storage/maintenance-store.ts';
import { idOfItemKey, ruleOf } from './maintenance-rule.ts';

/** How far ahead to look for the next start or end; past it the state is simply worked out again. */
const horizonMs = 8 * 86_400_000;

/** The scope of an event: '' for every item, else the item's id. */
export type Scope = string;

export interface ActiveWindows {
  at: number;
  /** The state holds until this moment. */
  until: number;
  /** Ids of the windows covering something now. */
  windowIds: ReadonlySet<string>;
  everything: boolean;
  /** Item keys with a window of their own now. */
  items: ReadonlySet<string>;
  /** Each scope in maintenance now, with the reason of a window covering it (for the history's events). */
  scopes: ReadonlyMap<Scope, string | undefined>;
}

export function activeWindows(records: Iterable<MaintenanceRecord>, at: number): ActiveWindows {
  let until = at + horizonMs;
  const windowIds = new Set<string>();
  const items = new Set<string>();
  const scopes = new Map<Scope, string | undefined>();
  for (const record of records) {
    const [span] = maintenanceSpans(ruleOf(record), at, at + horizonMs);
    if (span === undefined) continue;
    if (span.start > at) {
      until = Math.min(until, span.start);
      continue;
    }
    until = Math.min(until, span.end);
    windowIds.add(record.id);
    if (record.item !== undefined) items.add(record.item);
    const scope = record.item === undefined ? '' : idOfItemKey(record.item);
    if (scopes.get(scope) === undefined) scopes.set(scope, record.reason);
  }
  return { at, until, windowIds, everything: scopes.has(''), items, scopes };
}

export function coversItem(active: ActiveWindows, itemKey: string): boolean {
  return active.everything || active.items.has(itemKey);
}
