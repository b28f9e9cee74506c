// The heartbeat monitor as a response carries it (spec §2.2), plus the fields Vigil's own service adds: `ping_url`
// (docs/api-decisions.md §6) and the schedules and runs of §16. Every field optional: a server with only the spec
// sends none of the extensions, and one object shape holds both.

import { readDateTime, readHttpUrl, readId, readInteger, readPositiveInteger, readText, type ItemReader, type ReadContext } from './fields.ts';
import type { JsonObject } from './json.ts';

export type Heartbeat = {
  id?: string | undefined;
  name?: string | undefined;
  slug?: string | undefined;
  /** Seconds between expected pings. With a schedule, the longest gap between its occurrences. */
  expected_interval?: number | undefined;
  /** Absent until the first ping (with the extension: the first success). */
  last_ping?: string | undefined;
  /** Extension sent by Vigil's service: where to send pings. Only http(s) URLs are kept. */
  ping_url?: string | undefined;
  /** Extension sent by Vigil's service (read-only): when it was created; its history starts there. */
  created_at?: string | undefined;
  /** Extension: a cron expression the job runs on, kept as the server wrote it (it may know another dialect). */
  schedule?: string | undefined;
  /** Extension: the IANA time zone of `schedule`. */
  timezone?: string | undefined;
  /** Extension: seconds after the expected time before the heartbeat counts as late. */
  grace_seconds?: number | undefined;
  /** Extension: seconds a run may take from its start ping before it counts as too long. */
  max_runtime_seconds?: number | undefined;
  /** Extension: when the next success is expected (in the past while the heartbeat is overdue). */
  next_expected_at?: string | undefined;
  /** Extension: the latest start ping. */
  last_start?: string | undefined;
  /**
   * Extension: when the latest finished run ended (its success or failure). A `last_start` after it (or without it)
   * is a run still open.
   */
  last_end?: string | undefined;
  /** Extension: how long the latest finished run took, from its start ping to its end; absent without a start. */
  last_duration_ms?: number | undefined;
  /** Extension: the exit code the latest finished run reported. */
  last_exit_code?: number | undefined;
  /** Extension: how the latest finished run ended, `success` or `failed`; another value is kept as sent. */
  last_outcome?: string | undefined;
};

/** Zero is a fair value here (no grace, an instant run), unlike for an interval. */
function readNonNegativeInteger(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = readInteger(object, key, context);
  if (value === undefined || value >= 0) return value;
  context.issues.push({ path: [...context.at, key], message: `expected an integer of 0 or more, got ${value}` });
  return undefined;
}

export const readHeartbeat: ItemReader<Heartbeat> = (object, context) => ({
  id: readId(object, 'id', context),
  name: readText(object, 'name', context),
  slug: readText(object, 'slug', context),
  expected_interval: readPositiveInteger(object, 'expected_interval', context),
  last_ping: readDateTime(object, 'last_ping', context),
  ping_url: readHttpUrl(object, 'ping_url', context),
  created_at: readDateTime(object, 'created_at', context),
  schedule: readText(object, 'schedule', context),
  timezone: readText(object, 'timezone', context),
  grace_seconds: readNonNegativeInteger(object, 'grace_seconds', context),
  max_runtime_seconds: readPositiveInteger(object, 'max_runtime_seconds', context),
  next_expected_at: readDateTime(object, 'next_expected_at', context),
  last_start: readDateTime(object, 'last_start', context),
  last_end: readDateTime(object, 'last_end', context),
  last_duration_ms: readNonNegativeInteger(object, 'last_duration_ms', context),
  last_exit_code: readInteger(object, 'last_exit_code', context),
  last_outcome: readText(object, 'last_outcome', context),
});
