// Which of a connection's items are in maintenance at one moment (pure): the alert policy silences them, the status
// keeps them from turning the tray red, and the window marks them.
import { maintenanceSpans, type MaintenanceRule } from '../../../common/api/maintenance.ts';

export interface ActiveMaintenance {
  /** A window covers every item of the server; `until` is when the last such window ends (absent: until ended). */
  everything?: { until?: number };
  /** Item key (`monitor:42`) → when its window ends (absent: until ended). */
  items: Map<string, { until?: number }>;
  /** When this answer may change: the soonest start or end of any window after `at` (absent: never by itself). */
  changesAt?: number;
}

const noMaintenance: ActiveMaintenance = Object.freeze({ items: new Map() });

/** The later end of two (absent is "until ended", the latest). */
function laterEnd(a: { until?: number } | undefined, until: number | undefined): { until?: number } {
  if (a === undefined) return until === undefined ? {} : { until };
  if (a.until === undefined || until === undefined) return {};
  return { until: Math.max(a.until, until) };
}

export function activeMaintenance(rules: readonly MaintenanceRule[], at: number): ActiveMaintenance {
  if (rules.length === 0) return noMaintenance;
  const items = new Map<string, { until?: number }>();
  let everything: { until?: number } | undefined;
  let changesAt: number | undefined;
  const soonest = (time: number | undefined) => {
    if (time !== undefined && time > at && (changesAt === undefined || time < changesAt)) changesAt = time;
  };
  for (const rule of rules) {
    // A week ahead is enough to know the next change of a weekly window.
    const [span] = maintenanceSpans(rule, at, at + 8 * 86_400_000);
    if (span === undefined) continue;
    if (span.start > at) {
      soonest(span.start);
      continue;
    }
    // A span cut at the look-ahead's end (or at "until ended") has no end yet.
    const until = span.end >= at + 8 * 86_400_000 ? rule.until : span.end;
    soonest(until);
    if (rule.item === undefined) everything = laterEnd(everything, until);
    else items.set(rule.item, laterEnd(items.get(rule.item), until));
  }
  const active: ActiveMaintenance = { items };
  if (everything !== undefined) active.everything = everything;
  if (changesAt !== undefined) active.changesAt = changesAt;
  return active;
}

/** Whether the item is in maintenance, by the server-wide window or its own; and until when. */
export function maintenanceOf(active: ActiveMaintenance, itemKey: string): { until?: number } | undefined {
  const own = active.items.get(itemKey);
  if (active.everything === undefined) return own;
  if (own === undefined) return active.everything;
  return laterEnd(own, active.everything.until);
}
