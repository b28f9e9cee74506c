// The history extension of Vigil's service (docs/api-decisions.md §14): what it answers, read as tolerantly as the
// spec's resources. A server without the extension answers 404 to `GET /capabilities` and is spec-only; the client
// then keeps its own record (main/core/history/). Every field is optional here as everywhere.
import { readDateTime, readId, readInteger, readNumber, readText, type ItemReader } from './fields.ts';
import { isJsonObject, type JsonObject } from './json.ts';

/** The windows history is summed over, and how long each is. */
export const HISTORY_WINDOWS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, '90d': 90 * 86_400_000, '365d': 365 * 86_400_000 } as const;
export type HistoryWindow = keyof typeof HISTORY_WINDOWS;

export function isHistoryWindow(value: string): value is HistoryWindow {
  return Object.hasOwn(HISTORY_WINDOWS, value);
}

/** The extensions a server lists under `GET /capabilities`; `history` is the one this module reads. */
export interface Capabilities {
  extensions: string[];
  /** Sentences about the server's own trouble that the user should see ("History is not being saved: the disk is
   * full."); empty when there is none. */
  problems: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export function readCapabilities(json: unknown): Capabilities {
  return isJsonObject(json) ? { extensions: strings(json.extensions), problems: strings(json.problems) } : { extensions: [], problems: [] };
}

/** One finished check (`GET /monitors/{id}/checks`, newest first). */
export type CheckRecord = {
  checked_at?: string | undefined;
  status?: string | undefined;
  response_time_ms?: number | undefined;
  /** Only on a failed check: what went wrong, in one sentence. */
  error?: string | undefined;
};

export const readCheckRecord: ItemReader<CheckRecord> = (object, context) => ({
  checked_at: readDateTime(object, 'checked_at', context),
  status: readText(object, 'status', context),
  response_time_ms: readNumber(object, 'response_time_ms', context),
  error: readText(object, 'error', context),
});

export type ResponseTimes = { avg?: number | undefined; p50?: number | undefined; p95?: number | undefined; max?: number | undefined };

/**
 * A monitor over a window (`GET /monitors/{id}/stats`, and each item of `GET /stats` with its `id`). `uptime` is
 * up ÷ (up + down) over the time that was observed; time nobody watched is `unknown_seconds`, never up; time in
 * maintenance (the maintenance extension) is `maintenance_seconds`, counted neither up, down nor unknown.
 */
export type MonitorStats = {
  id?: string | undefined;
  window?: string | undefined;
  /** Where the figures start: the window's start, or (Vigil's service) the monitor's creation within it. */
  from?: string | undefined;
  to?: string | undefined;
  /** 0..1, or absent when nothing in the window was observed. */
  uptime?: number | undefined;
  up_seconds?: number | undefined;
  down_seconds?: number | undefined;
  unknown_seconds?: number | undefined;
  /** Absent on a server without the maintenance extension: none. */
  maintenance_seconds?: number | undefined;
  checks?: number | undefined;
  failed_checks?: number | undefined;
  /** Successful checks only. */
  response_time_ms?: ResponseTimes | undefined;
  /**
   * `GET /stats?slots=N` only: the window cut into N equal slots, one character each, oldest first: `d` down at
   * some time in the slot, else `u` up for most of it, else `m` in maintenance for most of it (the maintenance
   * extension), else `-` not observed for most of it.
   */
  slots?: string | undefined;
};

function readResponseTimes(object: JsonObject, key: string, context: Parameters<ItemReader<unknown>>[1]): ResponseTimes | undefined {
  const value = object[key];
  if (!isJsonObject(value)) return undefined;
  const inner = { at: [...context.at, key], issues: context.issues };
  return { avg: readNumber(value, 'avg', inner), p50: readNumber(value, 'p50', inner), p95: readNumber(value, 'p95', inner), max: readNumber(value, 'max', inner) };
}

export const readMonitorStats: ItemReader<MonitorStats> = (object, context) => ({
  id: readId(object, 'id', context),
  window: readText(object, 'window', context),
  from: readDateTime(object, 'from', context),
  to: readDateTime(object, 'to', context),
  uptime: readNumber(object, 'uptime', context),
  up_seconds: readNumber(object, 'up_seconds', context),
  down_seconds: readNumber(object, 'down_seconds', context),
  unknown_seconds: readNumber(object, 'unknown_seconds', context),
  maintenance_seconds: readNumber(object, 'maintenance_seconds', context),
  checks: readInteger(object, 'checks', context),
  failed_checks: readInteger(object, 'failed_checks', context),
  response_time_ms: readResponseTimes(object, 'response_time_ms', context),
  slots: readText(object, 'slots', context),
});

/** One bucket of `GET /monitors/{id}/series`; the times are over successful checks, absent when there were none. */
export type SeriesPoint = {
  at?: string | undefined;
  checks?: number | undefined;
  failed?: number | undefined;
  avg_ms?: number | undefined;
  p95_ms?: number | undefined;
  max_ms?: number | undefined;
};

export const readSeriesPoint: ItemReader<SeriesPoint> = (object, context) => ({
  at: readDateTime(object, 'at', context),
  checks: readInteger(object, 'checks', context),
  failed: readInteger(object, 'failed', context),
  avg_ms: readNumber(object, 'avg_ms', context),
  p95_ms: readNumber(object, 'p95_ms', context),
  max_ms: readNumber(object, 'max_ms', context),
});

/** `GET /monitors/{id}/series`: at most about 1,000 points, oldest first. */
export type Series = { step_seconds?: number | undefined; points: SeriesPoint[] };

/** What happened (`GET /events`, oldest first): a monitor down or up, a heartbeat late or on time again, a domain
 * (or a monitor's certificate) past a threshold, expired or renewed, the service's own stops and starts (the gaps in
 * its watch), and (the maintenance extension) an item, or every item, going into maintenance (`off` → `on`) and out
 * (`on` → `off`). */
export type HistoryEvent = {
  id?: string | undefined;
  at?: string | undefined;
  /** monitor, heartbeat, domain, service or maintenance (without `item_id` when it covered every item). */
  kind?: string | undefined;
  item_id?: string | undefined;
  item_name?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  detail?: string | undefined;
};

export const readHistoryEvent: ItemReader<HistoryEvent> = (object, context) => ({
  id: readId(object, 'id', context),
  at: readDateTime(object, 'at', context),
  kind: readText(object, 'kind', context),
  item_id: readId(object, 'item_id', context),
  item_name: readText(object, 'item_name', context),
  from: readText(object, 'from', context),
  to: readText(object, 'to', context),
  detail: readText(object, 'detail', context),
});

/** One ping of a heartbeat (`GET /heartbeats/{id}/pings`, newest first). */
export type PingRecord = { at?: string | undefined };

export const readPingRecord: ItemReader<PingRecord> = (object, context) => ({ at: readDateTime(object, 'at', context) });
