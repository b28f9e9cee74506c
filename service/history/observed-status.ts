// Up and down time, exactly: a monitor's confirmed status between its changes, counted only while the service was
// running (its runs). Everything else — no status yet, the monitor not yet created, the service stopped — is
// unobserved. Pure, so the rollup, the live figures and the status bars share one definition.
import type { MonitorStatus } from '../../common/api/known.ts';

export interface Span {
  start: number;
  end: number;
}

export interface StatusChange {
  at: number;
  status: MonitorStatus;
}

/** An observed stretch of [start, end) with one status. */
export interface Segment extends Span {
  up: boolean;
}

/**
 * The observed up and down stretches of [from, to): `statusAtFrom` holds until the first change, each change
 * until the next. `changes` and `runs` are sorted by time; changes outside (from, to) are ignored.
 */
export function observedSegments(statusAtFrom: MonitorStatus, changes: readonly StatusChange[], runs: readonly Span[], from: number, to: number): Segment[] {
  const segments: Segment[] = [];
  forEachObserved(statusAtFrom, changes, runs, from, to, (start, end, up) => segments.push({ start, end, up }));
  return segments;
}

/** observedSegments without the array, for hot paths: `visit` gets each stretch in time order. */
export function forEachObserved(
  statusAtFrom: MonitorStatus,
  changes: readonly StatusChange[],
  runs: readonly Span[],
  from: number,
  to: number,
  visit: (start: number, end: number, up: boolean) => void,
): void {
  let status = statusAtFrom;
  let start = from;
  let firstRun = 0;
  const close = (end: number) => {
    if (status === 'unknown' || end <= start) return;
    while (firstRun < runs.length && (runs[firstRun]?.end ?? 0) <= start) firstRun++;
    for (let i = firstRun; i < runs.length; i++) {
      const run = runs[i];
      if (!run || run.start >= end) break;
      const overlapStart = Math.max(start, run.start);
      const overlapEnd = Math.min(end, run.end);
      if (overlapEnd > overlapStart) visit(overlapStart, overlapEnd, status === 'up');
    }
  };
  for (const change of changes) {
    if (change.at <= from) {
      status = change.status;
      continue;
    }
    if (change.at >= to) break;
    close(change.at);
    status = change.status;
    start = change.at;
  }
  close(to);
}

export function upDownMs(segments: readonly Segment[]): { upMs: number; downMs: number } {
  let upMs = 0;
  let downMs = 0;
  for (const segment of segments) {
    if (segment.up) upMs += segment.end - segment.start;
    else downMs += segment.end - segment.start;
  }
  return { upMs, downMs };
}
