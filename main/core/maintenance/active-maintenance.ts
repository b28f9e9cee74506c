// Which of a connection's items are in maintenance at one moment (pure): the alert policy silences them, the status
// keeps them from turning the tray red, and the window marks them.
import { maintenanceSpans, type MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import type { Span } from '../../../common/schedule/weekly-schedule.ts';

export interface ActiveMaintenance {
  /** A window covers every item of the server; `until` is when the last such window ends (absent: until ended). */
  everything?: { until?: number };
  /** Item key (`monitor:42`) → when its window ends (absent: until ended). */
  items: Map<string, { until?: number }>;
  /** When this answer may change: the soonest start or end of any window after `at`, or the end of the look-ahead (a
   * window further ahead says nothing of itself until then); absent only with no window at all. */
  changesAt?: number;
}

const noMaintenance: ActiveMaintenance = Object.freeze({ items: new Map() });

/** A week ahead is enough to know the next change of a weekly window. */
const LOOK_AHEAD_MS = 8 * 86_400_000;

/** Each rule's stretches over twice the look-ahead, kept by rule: a weekly window's stretches take milliseconds
 * to work out (days of zoned dates), and the same answer serves every moment of the next look-ahead. */
const keptSpans = new WeakMap<MaintenanceRule, { from: number; spans: Span[] }>();

/** The rule's first stretch overlapping [at, at + look-ahead), cut to it (as `maintenanceSpans` would cut it). */
function firstSpan(rule: MaintenanceRule, at: number): Span | undefined {
  let kept = keptSpans.get(rule);
  if (kept === undefined || at < kept.from || at > kept.from + LOOK_AHEAD_MS) {
    kept = { from: at, spans: maintenanceSpans(rule, at, at + 2 * LOOK_AHEAD_MS) };
    keptSpans.set(rule, kept);
  }
  const end = at + LOOK_AHEAD_MS;
  for (const span of kept.spans) {
    if (span.end <= at) continue;
    return span.start >= end ? undefined : { start: Math.max(span.start, at), end: Math.min(span.end, end) };
  }
  return undefined;
}

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
    const span = firstSpan(rule, at);
    if (span === undefined) continue;
    if (span.start > at) {
      soonest(span.start);
      continue;
    }
    // A span cut at the look-ahead's end (or at "until ended") has no end yet.
    const until = span.end >= at + LOOK_AHEAD_MS ? rule.until : span.end;
    soonest(until);
    if (rule.item === undefined) everything = laterEnd(everything, until);
    else items.set(rule.item, laterEnd(items.get(rule.item), until));
  }
  // A window that begins beyond the look-ahead is found only by asking again once the look-ahead has moved on.
  soonest(at + LOOK_AHEAD_MS);
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
