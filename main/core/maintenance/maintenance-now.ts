// Which items are in maintenance at a moment, kept per list of rules until the answer can next change: the alert
// policy's record of each poll and the status built after every poll of every server ask for the same list again
// and again, and a weekly window costs a few dozen time-zone conversions to place.
import type { MaintenanceRule } from '../../../common/api/maintenance.ts';
import { activeMaintenance, type ActiveMaintenance } from '../alerts/index.ts';

interface Kept {
  from: number;
  active: ActiveMaintenance;
}

/** `activeMaintenance` looks a week ahead: a window starting later says nothing of itself in `changesAt`. */
const lookAheadMs = 7 * 86_400_000;

const kept = new WeakMap<readonly MaintenanceRule[], Kept>();

export function maintenanceNow(rules: readonly MaintenanceRule[], at: number): ActiveMaintenance {
  const previous = kept.get(rules);
  if (previous !== undefined && previous.from <= at && at < Math.min(previous.active.changesAt ?? Infinity, previous.from + lookAheadMs)) return previous.active;
  const active = activeMaintenance(rules, at);
  kept.set(rules, { from: at, active });
  return active;
}
