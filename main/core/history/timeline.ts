// Status timelines (pure). From Vigil's own record: an item's state rows laid over the stretches Vigil was
// watching, everything else a gap ("not watching"), never up; time in maintenance drawn as maintenance, whatever the
// item said meanwhile. And the merge with a server's timeline: the server's
// segments stand, and only where it has nothing (a gap) does the record fill in.
import type { Segment, StateRow, WatchPeriod } from './record-types.ts';

const notWatching = 'not watching';

export function gapSegment(from: number, to: number): Segment {
  return { from, to, health: 'gap', state: notWatching };
}

export function maintenanceSegment(from: number, to: number): Segment {
  return { from, to, health: 'maintenance', state: 'maintenance' };
}

/**
 * The timeline of [from, to] from an item's state rows (oldest first) and the connection's watch periods (oldest
 * first; the caller has extended a period still running to now). Before the item's first row, after it left the
 * server, and outside every period: a gap.
 */
export function recordTimeline(rows: readonly StateRow[], periods: readonly WatchPeriod[], from: number, to: number): Segment[] {
  const segments: Segment[] = [];
  let cursor = from;
  let current = -1;
  for (const period of periods) {
    const start = Math.max(period.start, from, cursor);
    const end = Math.min(period.end, to);
    if (end <= start) continue;
    if (start > cursor) segments.push(gapSegment(cursor, start));
    while (current + 1 < rows.length && (rows[current + 1]?.since ?? Infinity) <= start) current += 1;
    let at = start;
    for (;;) {
      const next = rows[current + 1];
      const until = next !== undefined && next.since < end ? next.since : end;
      segments.push(rowSegment(rows[current], at, until));
      if (until >= end || next === undefined) break;
      current += 1;
      at = until;
    }
    cursor = end;
  }
  if (cursor < to) segments.push(gapSegment(cursor, to));
  return mergeAdjacent(segments);
}

function rowSegment(row: StateRow | undefined, from: number, to: number): Segment {
  if (row === undefined || row.health === 'gone') return gapSegment(from, to);
  if (row.maintenance) return maintenanceSegment(from, to);
  return { from, to, health: row.health, state: row.state, detail: row.health === 'ok' ? undefined : rowDetail(row) };
}

/** What a recorded state said, for an incident: the record has no error text (the spec's resources carry none). */
function rowDetail(row: StateRow): string {
  if (row.state === 'expired' && row.expiresOn !== undefined) return `expired on ${row.expiresOn}`;
  if (row.state === 'expiring' && row.expiresOn !== undefined) return `expires on ${row.expiresOn}`;
  return row.state;
}

/** Joins neighbours that say the same; drops empty pieces. */
export function mergeAdjacent(segments: readonly Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    if (segment.to <= segment.from) continue;
    const last = merged.at(-1);
    if (last !== undefined && last.to === segment.from && last.health === segment.health && last.state === segment.state && last.detail === segment.detail) {
      merged[merged.length - 1] = { ...last, to: segment.to };
    } else {
      merged.push(segment);
    }
  }
  return merged;
}

/** The part of a timeline within [from, to], with gaps where it has nothing. */
export function sliceSegments(segments: readonly Segment[], from: number, to: number): Segment[] {
  const sliced: Segment[] = [];
  let cursor = from;
  for (const segment of segments) {
    const start = Math.max(segment.from, cursor);
    const end = Math.min(segment.to, to);
    if (end <= start) continue;
    if (start > cursor) sliced.push(gapSegment(cursor, start));
    sliced.push({ ...segment, from: start, to: end });
    cursor = end;
  }
  if (cursor < to) sliced.push(gapSegment(cursor, to));
  return mergeAdjacent(sliced);
}

/** The server's timeline, with each of its gaps filled from the record where the record has something. */
export function fillGaps(server: readonly Segment[], record: readonly Segment[]): Segment[] {
  const filled: Segment[] = [];
  for (const segment of server) {
    if (segment.health === 'gap') filled.push(...sliceSegments(record, segment.from, segment.to));
    else filled.push(segment);
  }
  return mergeAdjacent(filled);
}

type Spans = readonly { from: number; to: number }[];

/** The timeline with each of `spans` (oldest first, not overlapping) made a gap: time nobody was watching. */
export function gapsOver(segments: readonly Segment[], spans: Spans): Segment[] {
  return paintOver(segments, spans, gapSegment, () => false);
}

/** The timeline with each of `spans` (oldest first, not overlapping) drawn as maintenance where anyone was watching. */
export function maintenanceOver(segments: readonly Segment[], spans: Spans): Segment[] {
  return paintOver(segments, spans, maintenanceSegment, (segment) => segment.health === 'gap');
}

/** The timeline with each of `spans` (oldest first, not overlapping) drawn as a heartbeat's failed run where anyone was watching. */
export function failedOver(segments: readonly Segment[], spans: Spans): Segment[] {
  return paintOver(segments, spans, (from, to) => ({ from, to, health: 'critical', state: 'failed', detail: 'failed' }), (segment) => segment.health === 'gap');
}

function paintOver(segments: readonly Segment[], spans: Spans, paint: (from: number, to: number) => Segment, keeps: (segment: Segment) => boolean): Segment[] {
  if (spans.length === 0) return [...segments];
  const cut: Segment[] = [];
  for (const segment of segments) {
    if (keeps(segment)) {
      cut.push(segment);
      continue;
    }
    let cursor = segment.from;
    for (const span of spans) {
      if (span.to <= cursor || span.from >= segment.to) continue;
      if (span.from > cursor) cut.push({ ...segment, from: cursor, to: span.from });
      const end = Math.min(span.to, segment.to);
      cut.push(paint(Math.max(span.from, cursor), end));
      cursor = end;
    }
    if (cursor < segment.to) cut.push({ ...segment, from: cursor, to: segment.to });
  }
  return mergeAdjacent(cut);
}
