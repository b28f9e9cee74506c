// Which of a poll's items are in maintenance, asked once per item of every poll (the record) and of every status
// build (the tray's tally and order), so cheaply: with nothing in maintenance every answer is "no" without a look;
// with a server-wide window every answer is "yes"; otherwise the few covered items are found by the ids the items
// already carry (item-key-index.ts).
import type { ItemKind } from '../../../common/ipc/views.ts';
import type { ActiveMaintenance } from './active-maintenance.ts';
import { ItemKeyIndex, itemId, type ItemAssessment } from '../health/index.ts';

export interface MaintenanceLookup {
  /** Whether the item is in maintenance: by its id, or by its key (`monitor?name=…`) when it has none. */
  covers(kind: ItemKind, id: string | undefined, key: string | undefined): boolean;
}

const nothingCovered: MaintenanceLookup = { covers: () => false };
const everythingCovered: MaintenanceLookup = { covers: () => true };

export function maintenanceLookup(active: ActiveMaintenance | undefined): MaintenanceLookup {
  if (active === undefined) return nothingCovered;
  if (active.everything !== undefined) return everythingCovered;
  if (active.items.size === 0) return nothingCovered;
  const covered = new ItemKeyIndex([...active.items.keys()].map((key) => [key, true] as const));
  return { covers: (kind, id, key) => covered.find(kind, id, key) === true };
}

const lookups = new WeakMap<ActiveMaintenance, MaintenanceLookup>();

/** The lookup of an answer, built once per answer (the same object while nothing starts or ends). */
export function keptMaintenanceLookup(active: ActiveMaintenance | undefined): MaintenanceLookup {
  if (active === undefined) return nothingCovered;
  let lookup = lookups.get(active);
  if (lookup === undefined) lookups.set(active, (lookup = maintenanceLookup(active)));
  return lookup;
}

/** Whether a judged item is in maintenance. */
export function assessmentCovered(lookup: MaintenanceLookup, item: ItemAssessment): boolean {
  const id = itemId(item);
  return lookup.covers(item.kind, id, id === undefined ? item.key : undefined);
}
