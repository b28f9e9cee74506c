// When an item was in maintenance, from a server with the maintenance extension (pure). Two sources, joined:
//  - its `maintenance` events, which `GET /events?item=<key>` answers beside the item's own (the item's windows
//    and the server-wide ones, `item_id` absent). They are what the server's uptime counts (a deleted window
//    included), but only within the events asked for: a window that began before them shows only by its end;
//  - its windows (`GET /maintenance?include=ended`, through the same `maintenanceSpans` as the server), which
//    reach back to a window's start however long ago, as long as the window is kept.
// A window deleted and begun before the events asked for is the one stretch neither shows.
import { dateTimeToEpochMs, type HistoryEvent } from '../../../common/api/index.ts';
import { maintenanceRuleOf, maintenanceSpans, type MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';

export interface Stretch {
  from: number;
  to: number;
}

/** The item's time in maintenance within [from, to], oldest first, not overlapping. */
export function maintenanceStretches(input: { events: readonly HistoryEvent[]; windows: readonly MaintenanceWindow[]; itemKey: string; from: number; to: number }): Stretch[] {
  const { from, to } = input;
  const fromWindows = input.windows.flatMap((window) => {
    const rule = maintenanceRuleOf(window);
    if (rule === undefined || (rule.item !== undefined && rule.item !== input.itemKey)) return [];
    return maintenanceSpans(rule, from, to).map((span) => ({ from: span.start, to: span.end }));
  });
  return joined([...eventStretches(input.events, from, to), ...fromWindows]);
}

/**
 * Each scope's (the item's own, or every item's) turns on and off, oldest first. A scope whose first event in
 * the events turns it off was on before them, from `from`; one still on at the end runs to `to`.
 */
function eventStretches(events: readonly HistoryEvent[], from: number, to: number): Stretch[] {
  const byScope = new Map<string, { at: number; on: boolean; wasOn: boolean }[]>();
  for (const event of events) {
    const at = event.at === undefined ? undefined : dateTimeToEpochMs(event.at);
    if (event.kind !== 'maintenance' || at === undefined || (event.to !== 'on' && event.to !== 'off')) continue;
    const scope = event.item_id ?? '';
    const changes = byScope.get(scope) ?? [];
    changes.push({ at, on: event.to === 'on', wasOn: event.from === 'on' });
    byScope.set(scope, changes);
  }
  const stretches: Stretch[] = [];
  for (const changes of byScope.values()) {
    changes.sort((a, b) => a.at - b.at);
    let since = changes[0]?.wasOn === true ? from : undefined;
    for (const change of changes) {
      if (change.on) since ??= change.at;
      else if (since !== undefined) {
        stretches.push({ from: since, to: change.at });
        since = undefined;
      }
    }
    if (since !== undefined) stretches.push({ from: since, to });
  }
  return stretches.map((stretch) => ({ from: Math.max(stretch.from, from), to: Math.min(stretch.to, to) })).filter((stretch) => stretch.to > stretch.from);
}

function joined(stretches: readonly Stretch[]): Stretch[] {
  const sorted = [...stretches].sort((a, b) => a.from - b.from);
  const out: Stretch[] = [];
  for (const stretch of sorted) {
    const last = out.at(-1);
    if (last !== undefined && stretch.from <= last.to) last.to = Math.max(last.to, stretch.to);
    else out.push({ ...stretch });
  }
  return out;
}
