// What a read-only source keeps of one item's past (Healthchecks' flips, Gatus' results and events, Uptime Kuma's
// status-page beats) as the parts of an item page a Vigil server's history gives: a timeline where each result or
// change of state holds until the next, and its results as the item's checks. The page says whose history it is.
import { SOURCE_KIND_NAMES } from '../../../common/ipc/connection-kinds.ts';
import type { Health } from '../../../common/ipc/views.ts';
import type { CheckView } from '../../../common/ipc/history.ts';
import type { SourceHistoryEntry } from '../sources/source-adapter.ts';
import type { SourcePoll } from '../sources/source-poll.ts';
import type { Segment } from './record-types.ts';
import { Parts, type ServerParts } from './server-history.ts';
import { mergeAdjacent } from './timeline.ts';

export interface SourceHistory {
  /** Whose history it is, as a sentence names it ("Uptime Kuma", "the status page"). */
  owner: string;
  /** Newest first; undefined where the source keeps none Vigil can read of the item. Rejects with why it could not be read. */
  entries(itemId: string): Promise<SourceHistoryEntry[] | undefined>;
}

/** A source's history as its poll reads it with `key`; undefined for a kind that keeps none Vigil can read. */
export function sourceHistoryOf(poll: SourcePoll, key: string | undefined): SourceHistory | undefined {
  if (poll.adapter.history === undefined) return undefined;
  return { owner: SOURCE_KIND_NAMES[poll.adapter.kind], entries: (itemId) => poll.history(key, itemId) };
}

/** The page's first checks, as for a Vigil server's monitor; more come with `olderSourceChecks`. */
const checksOnPage = 20;

/** How the item stands now and since when (the source's word, else when Vigil first saw it so). */
export interface CurrentStanding {
  health: Health;
  state: string;
  since: number | undefined;
}

/**
 * The source's history of the item as page parts; undefined where it keeps none. `current` ends the timeline where
 * the history stops short of it: Healthchecks flips only between up and down, so a job late now is drawn late from
 * when it became so.
 */
export async function sourceServerParts(history: SourceHistory, itemId: string, to: number, current?: CurrentStanding): Promise<ServerParts | undefined> {
  const parts = new Parts();
  // Read, or not read: `undefined` inside says the source keeps none of it; none at all, that it could not be read.
  const read = await parts.get(async () => ({ entries: await history.entries(itemId) }), undefined);
  if (read === undefined) return { timeline: undefined, stats: {}, responseTimes: undefined, checks: undefined, pings: undefined, events: [], problem: parts.problem };
  const { entries } = read;
  if (entries === undefined) return undefined;
  const shown = entries.filter((entry) => entry.at <= to);
  const checks = resultsOf(shown);
  return {
    timeline: { segments: withCurrent(sourceTimeline(shown, to), current, to), historyStart: shown.at(-1)?.at },
    stats: {},
    responseTimes: undefined,
    // A history of changes alone (Healthchecks' flips) has no checks to list.
    checks: checks.length === 0 ? undefined : checks.slice(0, checksOnPage),
    pings: undefined,
    events: [],
    problem: undefined,
  };
}

/** The item's results older than `before` (the newest, without it), newest first, for "Show more checks". */
export async function olderSourceChecks(history: SourceHistory, itemId: string, before: number | undefined, limit: number): Promise<CheckView[]> {
  const entries = (await history.entries(itemId)) ?? [];
  return resultsOf(entries.filter((entry) => before === undefined || entry.at < before)).slice(0, limit);
}

/** Each entry (newest first) holds from its time until the next one's, the newest until `to`. */
function sourceTimeline(newestFirst: readonly SourceHistoryEntry[], to: number): Segment[] {
  const segments: Segment[] = [];
  let until = to;
  for (const entry of newestFirst) {
    segments.push({ from: entry.at, to: until, ...standingOf(entry), detail: entry.detail });
    until = entry.at;
  }
  return mergeAdjacent(segments.reverse());
}

function standingOf(entry: SourceHistoryEntry): Pick<Segment, 'health' | 'state'> {
  if (entry.ok) return { health: 'ok', state: 'up' };
  return entry.warning === true ? { health: 'warning', state: 'degraded' } : { health: 'critical', state: 'down' };
}

function withCurrent(segments: Segment[], current: CurrentStanding | undefined, to: number): Segment[] {
  const last = segments.at(-1);
  if (last === undefined || current === undefined || current.since === undefined || current.health === 'unknown' || last.state === current.state) return segments;
  const from = Math.max(current.since, last.from);
  return mergeAdjacent([...segments.slice(0, -1), { ...last, to: from }, { from, to, health: current.health, state: current.state }]);
}

function resultsOf(newestFirst: readonly SourceHistoryEntry[]): CheckView[] {
  return newestFirst.flatMap((entry) => (entry.change === true ? [] : [{ at: entry.at, status: entry.ok ? 'up' : 'down', responseTimeMs: entry.responseMs, error: entry.ok ? undefined : entry.detail }]));
}
