// Which windows cover which items at one moment, and until when that holds. Working out a weekly window's spans
// builds a few weeks of zoned dates (about a millisecond), so each window's own state is kept until its next start
// or end, and only the windows whose state ran out are worked out again: a thousand weekly windows cost one such
// computation at each boundary, not a thousand.
import { maintenanceSpans } from '../../common/maintenance/maintenance.ts';
import type { MaintenanceRecord } from './maintenance-store.ts';
import { idOfItemKey, ruleOf } from './maintenance-rule.ts';

/** How far ahead to look for the next start or end; past it the state is simply worked out again. */
const horizonMs = 8 * 86_400_000;

/** The scope of an event: '' for every item, else the item's id. */
export type Scope = string;

/** One window's state from `at` until `until`. */
export interface WindowState {
  at: number;
  until: number;
  active: boolean;
}

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

export function windowStateAt(record: MaintenanceRecord, at: number): WindowState {
  const [span] = maintenanceSpans(ruleOf(record), at, at + horizonMs);
  if (span === undefined) return { at, until: at + horizonMs, active: false };
  return span.start > at ? { at, until: span.start, active: false } : { at, until: span.end, active: true };
}

/** Whether a kept state still answers for `at` (a clock set back makes it start over). */
export const stateHolds = (state: WindowState | undefined, at: number): state is WindowState => state !== undefined && at >= state.at && at < state.until;

/** What every window covers at `at`, from each window's state at that moment. */
export function activeWindows(windows: Iterable<{ record: MaintenanceRecord; state: WindowState }>, at: number): ActiveWindows {
  let until = at + horizonMs;
  const windowIds = new Set<string>();
  const items = new Set<string>();
  const scopes = new Map<Scope, string | undefined>();
  for (const { record, state } of windows) {
    until = Math.min(until, state.until);
    if (!state.active) continue;
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
