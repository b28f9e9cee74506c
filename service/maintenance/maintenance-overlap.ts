// How much of a window each monitor spent in maintenance, and how much of its up and down time fell in it, so the
// stats can take that time out of up, down and unknown. Worked out from the (few) recorded maintenance stretches
// and the status changes inside them, never from the checks; nothing at all when nothing was in maintenance.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { StatusChangeStore } from '../history/storage/status-change-store.ts';
import type { MaintenanceHistory } from './maintenance-history.ts';
import { forEachObserved, type Span, type StatusChange } from '../history/observed-status.ts';
import { intersectSpans, spansLength, unionSpans } from '../history/span-sets.ts';

export interface MaintenanceShare {
  /** The monitor's maintenance within the window while the service ran, oldest first. */
  spans: Span[];
  ms: number;
  /** Its up and down time inside those spans. */
  upMs: number;
  downMs: number;
}

/** The status changes as stored; every monitor's status at a moment may come from a cache. */
export type StatusSource = Pick<StatusChangeStore, 'statusAt' | 'forMonitor' | 'between'> & {
  allStatusesAt(at: number): ReadonlyMap<number, MonitorStatus>;
};

export interface OverlapInputs {
  maintenance: MaintenanceHistory;
  statuses: StatusSource;
  /** When the service ran and saved history, over [from, to]. */
  runs: readonly Span[];
  from: number;
  to: number;
}

/** Above this many monitors in maintenance, their statuses are read in one pass rather than one by one. */
const readAllAbove = 50;

export function maintenanceShares(inputs: OverlapInputs, monitors: readonly { seq: number; id: string; created_at: string }[]): Map<number, MaintenanceShare> {
  const { maintenance, runs, from, to } = inputs;
  const shares = new Map<number, MaintenanceShare>();
  if (!maintenance.anySince(from)) return shares;
  // The server-wide part is the same for every monitor: cut to the runs once.
  const everything = intersectSpans(maintenance.spans('', from, to), runs);
  const everythingMs = spansLength(everything);
  const ownScopes = new Set(maintenance.itemScopes(from, to));
  const spansOf = new Map<number, { spans: Span[]; created: number }>();
  for (const monitor of monitors) {
    const hasOwn = ownScopes.has(monitor.id);
    if (everything.length === 0 && !hasOwn) continue;
    let spans = hasOwn ? unionSpans(everything, intersectSpans(maintenance.spans(monitor.id, from, to), runs)) : everything;
    // Before the monitor existed its time is unknown, not maintenance.
    const created = Date.parse(monitor.created_at);
    if (spans.length > 0 && created > (spans[0] as Span).start) spans = intersectSpans(spans, [{ start: created, end: to }]);
    if (spans.length > 0) spansOf.set(monitor.seq, { spans, created });
  }
  const timelines = spansOf.size > readAllAbove ? readAll(inputs.statuses, spansOf) : undefined;
  let share: MaintenanceShare | undefined;
  const addObserved = (spanStart: number, spanEnd: number, up: boolean) => {
    if (share === undefined) return;
    if (up) share.upMs += spanEnd - spanStart;
    else share.downMs += spanEnd - spanStart;
  };
  for (const [seq, { spans, created }] of spansOf) {
    const start = (spans[0] as Span).start;
    const end = (spans.at(-1) as Span).end;
    const timeline = timelines?.(seq, created) ?? { before: inputs.statuses.statusAt(seq, start), changes: inputs.statuses.forMonitor(seq, start, end) };
    share = { spans, ms: spans === everything ? everythingMs : spansLength(spans), upMs: 0, downMs: 0 };
    forEachObserved(timeline.before, timeline.changes, spans, timeline.from ?? start, end, addObserved);
    shares.set(seq, share);
  }
  return shares;
}

interface Timeline {
  /** The status at `from` (default: the first span's start). */
  before: MonitorStatus;
  changes: readonly StatusChange[];
  from?: number;
}

/** Every monitor's status from the earliest maintenance on, in two reads. */
function readAll(statuses: StatusSource, spansOf: ReadonlyMap<number, { spans: Span[] }>): (seq: number, created: number) => Timeline {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { spans } of spansOf.values()) {
    from = Math.min(from, (spans[0] as Span).start);
    to = Math.max(to, (spans.at(-1) as Span).end);
  }
  const before = statuses.allStatusesAt(from);
  const changes = new Map<number, StatusChange[]>();
  for (const change of statuses.between(from, to)) {
    const list = changes.get(change.monitorSeq);
    if (list) list.push(change);
    else changes.set(change.monitorSeq, [change]);
  }
  // A monitor created since had no status then, whatever a deleted one with the same seq had.
  return (seq, created) => ({ before: created > from ? 'unknown' : (before.get(seq) ?? 'unknown'), changes: changes.get(seq) ?? [], from });
}
