// Timelines from a server's history (pure). A monitor's: where the server checked (its series' buckets with
// checks), in the states its events give; elsewhere a gap. A heartbeat's: from its pings, on time up to the
// interval plus grace after each, then late, then down after a second interval; failed (critical) from a failure its
// events tell until the next ping, since pings are successes. Both are gaps wherever the service's own events say it
// was not running: a series bucket or a ping's interval can span a stop.
import { dateTimeToEpochMs, monitorStatusOf, type HistoryEvent, type Series } from '../../../common/api/index.ts';
import { monitorHealth } from '../health/index.ts';
import type { Segment } from './record-types.ts';
import { failedOver, gapSegment, gapsOver, mergeAdjacent } from './timeline.ts';

export interface ServerTimeline {
  segments: Segment[];
  /** Where the server's history of this item begins within the window (undefined: nowhere). */
  historyStart: number | undefined;
}

export interface MonitorTimelineInput {
  series: Series;
  /** The monitor's events, any order. */
  events: readonly HistoryEvent[];
  /** `last_status` now. */
  currentStatus: string | undefined;
  frequencySeconds: number | undefined;
  /** The service's own events (kind `service`), any order. */
  serviceEvents: readonly HistoryEvent[];
  from: number;
  to: number;
}

export function monitorServerTimeline(input: MonitorTimelineInput): ServerTimeline {
  const coverage = checkedStretches(input);
  const changes = statusChanges(input.events);
  const segments: Segment[] = [];
  let cursor = input.from;
  for (const stretch of coverage) {
    if (stretch.from > cursor) segments.push(gapSegment(cursor, stretch.from));
    let at = stretch.from;
    let index = changes.findIndex((change) => change.at > at);
    if (index === -1) index = changes.length;
    let status = index > 0 ? changes[index - 1]?.to : (changes[0]?.from ?? input.currentStatus);
    let detail = index > 0 ? changes[index - 1]?.detail : undefined;
    while (at < stretch.to) {
      const next = changes[index];
      const until = next !== undefined && next.at < stretch.to ? next.at : stretch.to;
      segments.push(statusSegment(status, detail, at, until));
      if (next === undefined || until === stretch.to) break;
      status = next.to;
      detail = next.detail;
      at = until;
      index += 1;
    }
    cursor = stretch.to;
  }
  if (cursor < input.to) segments.push(gapSegment(cursor, input.to));
  return { segments: gapsOver(mergeAdjacent(segments), serviceStops(input.serviceEvents, input.from, input.to)), historyStart: coverage[0]?.from };
}

/**
 * When the service was not running within [from, to], oldest first: from each `stopped` to the next `started`
 * (or `to`); a `started` with no `stopped` before it in the window ends a stop that began at or before `from`
 * (the service's first start ends the time before it existed).
 */
export function serviceStops(events: readonly HistoryEvent[], from: number, to: number): { from: number; to: number }[] {
  const changes = events
    .filter((event) => event.kind === 'service')
    .flatMap((event) => {
      const at = event.at === undefined ? undefined : dateTimeToEpochMs(event.at);
      return at === undefined || (event.to !== 'stopped' && event.to !== 'started') ? [] : [{ at, to: event.to }];
    })
    .sort((a, b) => a.at - b.at);
  const stops: { from: number; to: number }[] = [];
  let stoppedAt: number | undefined;
  let seenAny = false;
  for (const change of changes) {
    if (change.to === 'stopped') stoppedAt ??= change.at;
    else {
      if (stoppedAt !== undefined || !seenAny) stops.push({ from: Math.max(stoppedAt ?? from, from), to: Math.min(change.at, to) });
      stoppedAt = undefined;
    }
    seenAny = true;
  }
  if (stoppedAt !== undefined) stops.push({ from: Math.max(stoppedAt, from), to });
  return stops.filter((stop) => stop.to > stop.from);
}

function statusSegment(status: string | undefined, detail: string | undefined, from: number, to: number): Segment {
  const state = monitorStatusOf({ last_status: status });
  return { from, to, health: monitorHealth(state), state, detail: state === 'down' ? (detail ?? 'down') : undefined };
}

interface StatusChange {
  at: number;
  from: string | undefined;
  to: string | undefined;
  detail: string | undefined;
}

/** The states of a monitor's certificate events (docs/api-decisions.md §14, `/events`): news about the certificate, no status. */
const certificateStates = new Set(['expiring', 'expired', 'renewed']);

function isCertificateEvent(event: HistoryEvent): boolean {
  return event.kind === 'monitor' && event.to !== undefined && certificateStates.has(event.to);
}

/**
 * The monitor's changes of status, oldest first; a change whose `from` is missing is taken as from the opposite.
 * The maintenance that came with them is no status (server-maintenance.ts draws it).
 */
function statusChanges(events: readonly HistoryEvent[]): StatusChange[] {
  const changes: StatusChange[] = [];
  for (const event of events) {
    if (event.kind === 'maintenance' || isCertificateEvent(event)) continue;
    const at = event.at === undefined ? undefined : dateTimeToEpochMs(event.at);
    if (at === undefined || event.to === undefined) continue;
    const from = event.from ?? (event.to === 'down' ? 'up' : event.to === 'up' ? 'down' : undefined);
    changes.push({ at, from, to: event.to, detail: event.detail });
  }
  return changes.sort((a, b) => a.at - b.at);
}

/**
 * The stretches the server checked the monitor: its series' buckets with checks, joined across empty buckets
 * shorter than two check intervals (a monitor checked every 5 min leaves most 1-min buckets empty); a stretch
 * that reaches that close to the window's end runs to it.
 */
function checkedStretches(input: MonitorTimelineInput): { from: number; to: number }[] {
  const step = (input.series.step_seconds ?? 0) * 1000;
  if (step <= 0) return [];
  const tolerance = Math.max(step, 2 * (input.frequencySeconds ?? 0) * 1000);
  const stretches: { from: number; to: number }[] = [];
  const starts = input.series.points
    .filter((point) => (point.checks ?? 0) > 0)
    .map((point) => (point.at === undefined ? undefined : dateTimeToEpochMs(point.at)))
    .filter((at): at is number => at !== undefined)
    .sort((a, b) => a - b);
  for (const start of starts) {
    const from = Math.max(start, input.from);
    const to = Math.min(start + step, input.to);
    if (to <= from) continue;
    const last = stretches.at(-1);
    if (last !== undefined && from - last.to <= tolerance) last.to = Math.max(last.to, to);
    else stretches.push({ from, to });
  }
  const last = stretches.at(-1);
  if (last !== undefined && input.to - last.to <= tolerance) last.to = input.to;
  return stretches;
}

export interface HeartbeatTimelineInput {
  /** Epoch ms, any order. */
  pings: readonly number[];
  intervalSeconds: number | undefined;
  graceSeconds: number;
  /** The heartbeat's events, any order: its failures (`to: failed`, docs/api-decisions.md §16) are drawn. */
  events: readonly HistoryEvent[];
  /** The service's own events (kind `service`), any order. */
  serviceEvents: readonly HistoryEvent[];
  from: number;
  to: number;
}

/** From each failure the events tell to the next ping (a success) or `to`: oldest first, not overlapping. */
function failureSpans(events: readonly HistoryEvent[], pings: readonly number[], to: number): { from: number; to: number }[] {
  const failures = events
    .filter((event) => event.to === 'failed')
    .flatMap((event) => {
      const at = event.at === undefined ? undefined : dateTimeToEpochMs(event.at);
      return at === undefined ? [] : [at];
    })
    .sort((a, b) => a - b);
  const spans: { from: number; to: number }[] = [];
  for (const failedAt of failures) {
    const last = spans.at(-1);
    if (last !== undefined && failedAt < last.to) continue;
    const until = Math.min(pings.find((ping) => ping > failedAt) ?? to, to);
    if (until > failedAt) spans.push({ from: failedAt, to: until });
  }
  return spans;
}

export function heartbeatPingTimeline(input: HeartbeatTimelineInput): ServerTimeline {
  const { from, to } = input;
  const pings = [...input.pings].sort((a, b) => a - b);
  const first = pings[0];
  if (input.intervalSeconds === undefined || first === undefined) return { segments: [gapSegment(from, to)], historyStart: undefined };
  const intervalMs = input.intervalSeconds * 1000;
  const lateAfter = intervalMs + input.graceSeconds * 1000;
  const segments: Segment[] = [];
  if (first > from) segments.push(gapSegment(from, first));
  for (const [index, ping] of pings.entries()) {
    const until = pings[index + 1] ?? to;
    const clip = (start: number, end: number) => [Math.max(start, from), Math.min(end, until, to)] as const;
    const pieces = [
      { span: clip(ping, ping + lateAfter), health: 'ok', state: 'up' },
      { span: clip(ping + lateAfter, ping + lateAfter + intervalMs), health: 'warning', state: 'late' },
      { span: clip(ping + lateAfter + intervalMs, Infinity), health: 'critical', state: 'down' },
    ] as const;
    for (const { span, health, state } of pieces) if (span[1] > span[0]) segments.push({ from: span[0], to: span[1], health, state, detail: state === 'up' ? undefined : state });
  }
  const failed = failedOver(mergeAdjacent(segments), failureSpans(input.events, pings, to));
  return { segments: gapsOver(failed, serviceStops(input.serviceEvents, from, to)), historyStart: Math.max(first, from) };
}
