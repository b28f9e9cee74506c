// Vigil's own events of maintenance (servers whose maintenance Vigil keeps, and domains): an item going in or out
// is told once, when its recorded state says so, so a restart tells nothing again. Many items at once (a window on
// the whole server) are one event of the connection rather than one per item.
import { maintenanceTitle } from './maintenance-titles.ts';
import type { RecordedEvent } from '../history/record-writes.ts';

/** The kind Vigil's own record gives its maintenance events (beside the alert kinds). */
export const recordedMaintenanceKind = 'maintenance';

/** More items than this going the same way in one poll are told as one event. */
const itemsToldOneByOne = 5;

export interface MaintenanceFlip {
  key: string;
  name: string | undefined;
  /** Went into maintenance (else came out). */
  on: boolean;
}

/** `everything`: a window covers every item now (those going in are then told as every item). */
export function maintenanceEvents(flips: readonly MaintenanceFlip[], everything: boolean, at: number): RecordedEvent[] {
  if (flips.length === 0) return [];
  const events: RecordedEvent[] = [];
  for (const on of [true, false]) {
    const going = flips.filter((flip) => flip.on === on);
    if (going.length === 0) continue;
    if (going.length <= itemsToldOneByOne && !(on && everything)) {
      for (const flip of going) events.push(eventOf(flip.key, maintenanceTitle({ kind: 'item', name: flip.name }, on, undefined), at));
    } else {
      events.push(eventOf(undefined, maintenanceTitle(on && everything ? { kind: 'every' } : { kind: 'items', count: going.length }, on, undefined), at));
    }
  }
  return events;
}

function eventOf(itemKey: string | undefined, title: string, at: number): RecordedEvent {
  return { at, itemKey, kind: recordedMaintenanceKind, severity: 'info', title };
}
