// Whether it is quiet, and which items are in maintenance, at a poll's moment. Each answer is worked out once and
// kept (by the rules object) until the moment it can next change: building a schedule's stretches costs far more
// than a poll's share of the CPU budget, and the answer only changes at a stretch's edge.
import { weeklyStateAt } from '../../../common/schedule/weekly-schedule.ts';
import type { MaintenanceRule } from '../../../common/api/maintenance.ts';
import { activeMaintenance, type ActiveMaintenance } from './active-maintenance.ts';
import type { QuietHours } from './alert-rules.ts';

interface Kept<T> {
  /** The answer holds for moments in [from, until). */
  from: number;
  until: number;
  answer: T;
}

/** A schedule with nothing in the next week (the look-ahead of `weeklyStateAt`) is asked again after a week. */
const WEEK_MS = 7 * 86_400_000;

const quietKept = new WeakMap<QuietHours, Kept<boolean>>();
const maintenanceKept = new WeakMap<readonly MaintenanceRule[], Kept<ActiveMaintenance>>();

function keptAt<K extends object, T>(kept: WeakMap<K, Kept<T>>, key: K, at: number, work: () => Kept<T>): T {
  const known = kept.get(key);
  if (known !== undefined && known.from <= at && at < known.until) return known.answer;
  const fresh = work();
  kept.set(key, fresh);
  return fresh.answer;
}

export function isQuietAt(quietHours: QuietHours | undefined, at: number): boolean {
  if (quietHours === undefined || quietHours.ranges.length === 0) return false;
  return keptAt(quietKept, quietHours, at, () => {
    const state = weeklyStateAt(quietHours.ranges, quietHours.timeZone, at);
    return { from: at, until: state.until ?? at + WEEK_MS, answer: state.active };
  });
}

export function maintenanceAt(rules: readonly MaintenanceRule[], at: number): ActiveMaintenance {
  return keptAt(maintenanceKept, rules, at, () => {
    const answer = activeMaintenance(rules, at);
    return { from: at, until: answer.changesAt ?? Number.POSITIVE_INFINITY, answer };
  });
}
