// Whether it is quiet, and which items are in maintenance, at a poll's moment. Building a schedule's stretches
// costs far more than a poll's share of the CPU budget (days of zoned dates), so the work is kept by the rules
// object: quiet hours' stretches for a week at a time, the maintenance answer until the moment it can next change.
import { weeklySpans, type Span } from '../../../common/schedule/weekly-schedule.ts';
import type { MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import { activeMaintenance, type ActiveMaintenance } from '../maintenance/active-maintenance.ts';
import type { QuietHours } from './alert-rules.ts';

const WEEK_MS = 7 * 86_400_000;

/** Quiet hours' stretches from `from` over two weeks, which answer every moment of the first. */
const quietKept = new WeakMap<QuietHours, { from: number; spans: Span[] }>();
/** The maintenance answer, holding for moments in [from, until). */
const maintenanceKept = new WeakMap<readonly MaintenanceRule[], { from: number; until: number; answer: ActiveMaintenance }>();

export function isQuietAt(quietHours: QuietHours | undefined, at: number): boolean {
  if (quietHours === undefined || quietHours.ranges.length === 0) return false;
  let kept = quietKept.get(quietHours);
  if (kept === undefined || at < kept.from || at >= kept.from + WEEK_MS) {
    kept = { from: at, spans: weeklySpans(quietHours.ranges, quietHours.timeZone, at, at + 2 * WEEK_MS) };
    quietKept.set(quietHours, kept);
  }
  return kept.spans.some((span) => span.start <= at && at < span.end);
}

export function maintenanceAt(rules: readonly MaintenanceRule[], at: number): ActiveMaintenance {
  const known = maintenanceKept.get(rules);
  if (known !== undefined && known.from <= at && at < known.until) return known.answer;
  const answer = activeMaintenance(rules, at);
  maintenanceKept.set(rules, { from: at, until: answer.changesAt ?? Number.POSITIVE_INFINITY, answer });
  return answer;
}
