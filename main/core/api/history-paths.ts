// The paths of the history extension (common/api/history.ts) below the base URL, queries included. Times go as
// RFC 3339 UTC (the API's own format), ids as one encoded segment or query value.
import { resourcePath, type HistoryWindow } from '../../../common/api/index.ts';

export const capabilitiesPath = '/capabilities';

function query(parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const isoOf = (epochMs: number | undefined) => (epochMs === undefined ? undefined : new Date(epochMs).toISOString());

export function checksPath(monitorId: string, options: { before?: number | undefined; limit: number }): string {
  return `${resourcePath('monitors', monitorId)}/checks${query({ before: isoOf(options.before), limit: options.limit })}`;
}

export function monitorStatsPath(monitorId: string, window: HistoryWindow): string {
  return `${resourcePath('monitors', monitorId)}/stats${query({ window })}`;
}

export function allStatsPath(window: HistoryWindow, slots: number): string {
  return `/stats${query({ window, slots })}`;
}

export function seriesPath(monitorId: string, window: HistoryWindow): string {
  return `${resourcePath('monitors', monitorId)}/series${query({ window })}`;
}

export interface EventsQuery {
  /** Epoch ms: events at or after it. */
  since: number;
  /** The id of the last event already read: the page after it. */
  after?: string | undefined;
  /** Only this item's events: `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`. */
  item?: string | undefined;
  limit: number;
}

export function eventsPath(options: EventsQuery): string {
  return `/events${query({ since: isoOf(options.since), after: options.after, item: options.item, limit: options.limit })}`;
}

export function pingsPath(heartbeatId: string, options: { before?: number | undefined; limit: number }): string {
  return `${resourcePath('heartbeats', heartbeatId)}/pings${query({ before: isoOf(options.before), limit: options.limit })}`;
}

/** A heartbeat's runs (§16), newest first, before the epoch ms given (none: up to the newest). */
export function runsPath(heartbeatId: string, options: { before?: number | undefined; limit: number }): string {
  return `${resourcePath('heartbeats', heartbeatId)}/runs${query({ before: isoOf(options.before), limit: options.limit })}`;
}
