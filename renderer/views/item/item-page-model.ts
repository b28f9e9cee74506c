// What the item page shows of an ItemHistoryView (pure): the windows by name, the part of the window a younger
// item lived (from its creation, common/api/item-lifetime.ts) and its words, the status timeline reduced to bars a
// screen can draw and sentences a screen reader can say, and the response times as a chart's columns and a summary.
import { livedPart } from '../../../common/api/item-lifetime.ts';
import { timeSpanEnds } from '../../../common/format/clock-time.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { ItemHistoryView, ItemPageWindow, ResponseTimePoint, TimelineSegment } from '../../../common/ipc/history.ts';
import { stateLabel } from '../../format/state-label.ts';
import { formatDateTime } from '../../format/time.ts';
import { creationText } from '../../format/uptime.ts';

export const windowNames: Record<ItemPageWindow, { short: string; long: string }> = {
  '24h': { short: '24 h', long: '24 hours' },
  '7d': { short: '7 d', long: '7 days' },
  '30d': { short: '30 d', long: '30 days' },
  '90d': { short: '90 d', long: '90 days' },
  '365d': { short: '365 d', long: '365 days' },
};

/**
 * What the page's timeline and chart cover: the window, or for an item created within it, its life. `label` heads a
 * sentence ("Past 24 hours", "Since 13:38 (3 min)"), `phrase` ends one ("over the past 24 hours", "since 13:38
 * (3 min)"); `since` is said beside the window's name only for a younger item.
 */
export interface ShownPeriod {
  from: number;
  to: number;
  label: string;
  phrase: string;
  since: string | undefined;
}

export function shownPeriod(view: Pick<ItemHistoryView, 'window' | 'from' | 'to' | 'createdAt'>): ShownPeriod {
  const lived = livedPart({ from: view.from, to: view.to }, view.createdAt);
  const name = windowNames[view.window].long;
  if (!lived.sinceCreation) return { from: lived.from, to: lived.to, label: `Past ${name}`, phrase: `over the past ${name}`, since: undefined };
  const created = creationText(lived.from, view.to);
  return { from: lived.from, to: lived.to, label: `Since ${created}`, phrase: `since ${created}`, since: `since ${created}` };
}

export type TimelineHealth = TimelineSegment['health'];

/**
 * A column where several states met shows the one that matters most: trouble, then maintenance (time that counts
 * neither way, so a short window stays visible next to up), then time nobody watched.
 */
const rank: Record<TimelineHealth, number> = { critical: 5, warning: 4, maintenance: 3, gap: 2, unknown: 1, ok: 0 };
/** The legend reads from fine to trouble, then maintenance, what is not known, and time nobody watched. */
const legendOrder: Record<TimelineHealth, number> = { ok: 0, warning: 1, critical: 2, maintenance: 3, unknown: 4, gap: 5 };

/** A stretch of the drawn timeline, as fractions of its width. */
export interface TimelineBar {
  start: number;
  end: number;
  health: TimelineHealth;
}

/**
 * The timeline cut into `columns` equal columns, each showing the worst state within it, then joined into bars:
 * a 1-minute outage in a year stays visible, and a year of segments is never more than `columns` elements. Time
 * no segment covers was not watched.
 */
export function timelineBars(segments: readonly TimelineSegment[], from: number, to: number, columns: number): TimelineBar[] {
  const span = to - from;
  if (span <= 0 || columns <= 0) return [];
  const cells: TimelineHealth[] = Array.from({ length: columns }, () => 'gap');
  const covered: boolean[] = Array.from({ length: columns }, () => false);
  for (const segment of segments) {
    const start = Math.max(from, segment.from);
    const end = Math.min(to, segment.to);
    if (end <= start) continue;
    const first = Math.min(columns - 1, Math.floor(((start - from) / span) * columns));
    const last = Math.min(columns - 1, Math.max(first, Math.ceil(((end - from) / span) * columns) - 1));
    for (let column = first; column <= last; column += 1) {
      const current = cells[column] ?? 'gap';
      if (covered[column] !== true || rank[segment.health] > rank[current]) cells[column] = segment.health;
      covered[column] = true;
    }
  }
  const bars: TimelineBar[] = [];
  cells.forEach((health, column) => {
    const previous = bars.at(-1);
    if (previous !== undefined && previous.health === health) previous.end = (column + 1) / columns;
    else bars.push({ start: column / columns, end: (column + 1) / columns, health });
  });
  return bars;
}

/** The word for each state the timeline shows, as the core named it ("Down", "Late", "Not watching"). */
export function timelineLegend(segments: readonly TimelineSegment[]): { health: TimelineHealth; label: string }[] {
  const labels = new Map<TimelineHealth, string>();
  for (const segment of segments) if (!labels.has(segment.health)) labels.set(segment.health, segment.health === 'maintenance' ? 'In maintenance (not counted)' : stateLabel(segment.state));
  if (!labels.has('gap')) labels.set('gap', 'Not watching');
  return [...labels].sort(([a], [b]) => legendOrder[a] - legendOrder[b]).map(([health, label]) => ({ health, label }));
}

/** "Past 7 days: up 6 d 20 h, down 2 h in 3 stretches, not watching 2 h." (`label`: "Past 7 days".) */
export function timelineSummary(segments: readonly TimelineSegment[], from: number, to: number, label: string): string {
  const totals = new Map<string, { ms: number; stretches: number }>();
  let coveredMs = 0;
  for (const segment of segments) {
    const ms = Math.min(to, segment.to) - Math.max(from, segment.from);
    if (ms <= 0) continue;
    coveredMs += ms;
    const total = totals.get(segment.state) ?? { ms: 0, stretches: 0 };
    totals.set(segment.state, { ms: total.ms + ms, stretches: total.stretches + 1 });
  }
  const unwatched = to - from - coveredMs;
  if (unwatched >= 60_000) {
    const total = totals.get('not watching') ?? { ms: 0, stretches: 0 };
    totals.set('not watching', { ms: total.ms + unwatched, stretches: total.stretches + 1 });
  }
  if (totals.size === 0) return `${label}: nothing was observed.`;
  // Under a second reads "0 s": a young item's moment between its creation and its first check says nothing.
  const said = [...totals].filter(([, { ms }]) => ms >= 1000);
  if (said.length === 0) return `${label}: nothing was observed.`;
  const parts = said.sort(([, a], [, b]) => b.ms - a.ms).map(([state, { ms, stretches }]) => {
    const many = stretches > 1 && state !== 'up' && state !== 'ok' ? ` in ${stretches} stretches` : '';
    return `${state === 'ok' ? 'OK' : state} ${formatDuration(ms, 'elapsed')}${many}`;
  });
  return `${label}: ${parts.join(', ')}.`;
}

/** The stretches that were not fine (maintenance included: it is not up), the first `limit` as sentences ("Down
 * from 3 Mar 14:05 to …, 15 min."), for screen readers; and how many there are in all. */
export function troubleStretches(segments: readonly TimelineSegment[], now: number, limit: number): { told: string[]; count: number } {
  const trouble = segments.filter((segment) => segment.health !== 'ok');
  const told = trouble.slice(0, limit).map((segment) => {
    const ends = timeSpanEnds(segment.from, segment.to);
    const until = segment.to >= now ? 'until now' : `to ${ends.to}`;
    return `${stateLabel(segment.state)} from ${ends.from} ${until}, ${formatDuration(segment.to - segment.from, 'elapsed')}.`;
  });
  return { told, count: trouble.length };
}

/**
 * The chart's columns in drawing order: time in seconds, the 95th percentile, then the average on top of it (null
 * where no check succeeded): where the two are equal (every check as fast, a lone step's dots) the average shows.
 * Each step sums the checks across it, so it is drawn at the middle of its part within the period: a younger item's
 * one step so far sits in the middle of its life, not before its creation.
 */
export function responseChartData(points: readonly ResponseTimePoint[], stepMs: number, period: Pick<ShownPeriod, 'from' | 'to'>): [number[], (number | null)[], (number | null)[]] {
  const times: number[] = [];
  const averages: (number | null)[] = [];
  const p95s: (number | null)[] = [];
  for (const point of points) {
    const start = Math.max(point.at, period.from);
    const end = Math.max(start, Math.min(point.at + stepMs, period.to));
    times.push((start + end) / 2 / 1000);
    averages.push(point.avgMs ?? null);
    p95s.push(point.p95Ms ?? null);
  }
  return [times, p95s, averages];
}

/** "123 ms" (response times are measurements in milliseconds, shown as such). */
export function millisecondsText(ms: number): string {
  return `${Math.round(ms).toLocaleString('en')} ms`;
}

/**
 * The steps of the period: those that end after it starts (a younger item's first step began before its creation,
 * and holds only the checks since).
 */
export function stepsInPeriod(points: readonly ResponseTimePoint[], stepMs: number, period: Pick<ShownPeriod, 'from'>): ResponseTimePoint[] {
  return points.filter((point) => point.at + stepMs > period.from);
}

/**
 * The chart in words: the average over the period, the slowest step's 95th percentile (when its step began, or the
 * item's creation within it), and failed checks. `period.phrase`: "over the past 24 hours", "since 13:38 (3 min)".
 */
export function responseSummary(points: readonly ResponseTimePoint[], period: Pick<ShownPeriod, 'from' | 'phrase'>): string {
  const { phrase } = period;
  let weighted = 0;
  let succeeded = 0;
  let checks = 0;
  let failed = 0;
  let slowest: ResponseTimePoint | undefined;
  for (const point of points) {
    checks += point.checks;
    failed += point.failed;
    const ok = point.checks - point.failed;
    if (point.avgMs !== undefined && ok > 0) {
      weighted += point.avgMs * ok;
      succeeded += ok;
    }
    if (point.p95Ms !== undefined && (slowest?.p95Ms === undefined || point.p95Ms > slowest.p95Ms)) slowest = point;
  }
  if (succeeded === 0) return `No check succeeded ${phrase}, so there are no response times to show.`;
  const parts = [`Average response time ${phrase}: ${millisecondsText(weighted / succeeded)}.`];
  if (slowest?.p95Ms !== undefined) parts.push(`The slowest 95th percentile was ${millisecondsText(slowest.p95Ms)}, at ${formatDateTime(Math.max(slowest.at, period.from))}.`);
  parts.push(`${failed.toLocaleString('en')} of ${checks.toLocaleString('en')} checks failed.`);
  return parts.join(' ');
}
