// The heartbeat monitor, declared field by field (resource-fields.ts): the spec's fields (§2.2), and those Vigil's own
// service adds: `ping_url` (docs/api-decisions.md §6) and the schedules and runs of §16. Every field of a response is
// optional: a server with only the spec sends none of the extensions, and one object shape holds both.

import { z } from 'zod';
import { readDateTime, readHttpUrl, readId, readInteger, readPositiveInteger, readText, type ReadContext } from './fields.ts';
import { heartbeatFieldInputs, oneExpectation } from './heartbeat-input.ts';
import { BODY_MUST_BE_OBJECT, editBodyError } from './input-fields.ts';
import type { JsonObject } from './json.ts';
import { notesField } from './notes.ts';
import { asIs, createShape, editShape, exporterOf, field, type ReadItem, type ResourceOf } from './resource-fields.ts';

/** Zero is a fair value here (no grace, an instant run), unlike for an interval. */
function readNonNegativeInteger(object: JsonObject, key: string, context: ReadContext): number | undefined {
  const value = readInteger(object, key, context);
  if (value === undefined || value >= 0) return value;
  context.issues.push({ path: [...context.at, key], message: `expected an integer of 0 or more, got ${value}` });
  return undefined;
}

export const heartbeatFields = {
  id: field(readId),
  name: field(readText, { input: heartbeatFieldInputs.name, exported: asIs }),
  slug: field(readText),
  /** Seconds between expected pings. With a schedule, the longest gap between its occurrences: exported with one too,
   * as what a server without schedules can follow instead. */
  expected_interval: field(readPositiveInteger, { input: heartbeatFieldInputs.expected_interval, exported: asIs }),
  /** Absent until the first ping (with the extension: the first success). */
  last_ping: field(readDateTime),
  /** Extension sent by Vigil's service (§6): where to send pings. Only http(s) URLs are kept. */
  ping_url: field(readHttpUrl),
  /** Extension sent by Vigil's service (read-only): when it was created; its history starts there. */
  created_at: field(readDateTime, { extension: 'history' }),
  /** A cron expression the job runs on, kept as the server wrote it (it may know another dialect). */
  schedule: field(readText, { extension: 'cron', input: heartbeatFieldInputs.schedule, exported: asIs }),
  /** The IANA time zone of `schedule`. */
  timezone: field(readText, { extension: 'cron', input: heartbeatFieldInputs.timezone, exported: asIs }),
  /** Seconds after the expected time before the heartbeat counts as late. */
  grace_seconds: field(readNonNegativeInteger, { extension: 'cron', input: heartbeatFieldInputs.grace_seconds, exported: asIs }),
  /** Seconds a run may take from its start ping before it counts as too long. */
  max_runtime_seconds: field(readPositiveInteger, { extension: 'cron', input: heartbeatFieldInputs.max_runtime_seconds, exported: asIs }),
  /** When the next success is expected (in the past while the heartbeat is overdue). */
  next_expected_at: field(readDateTime, { extension: 'cron' }),
  /** The latest start ping. */
  last_start: field(readDateTime, { extension: 'cron' }),
  /** When the latest finished run ended (its success or failure). A `last_start` after it (or without it) is a run still open. */
  last_end: field(readDateTime, { extension: 'cron' }),
  /** How long the latest finished run took, from its start ping to its end; absent without a start. */
  last_duration_ms: field(readNonNegativeInteger, { extension: 'cron' }),
  /** The exit code the latest finished run reported. */
  last_exit_code: field(readInteger, { extension: 'cron' }),
  /** How the latest finished run ended, `success` or `failed`; another value is kept as sent. */
  last_outcome: field(readText, { extension: 'cron' }),
  /** A person's notes on it (notes.ts). */
  notes: notesField,
};

export type Heartbeat = ResourceOf<typeof heartbeatFields>;
export const readHeartbeat = (object: JsonObject, context: ReadContext): ReadItem<typeof heartbeatFields> => ({
  id: heartbeatFields.id.read(object, 'id', context),
  name: heartbeatFields.name.read(object, 'name', context),
  slug: heartbeatFields.slug.read(object, 'slug', context),
  expected_interval: heartbeatFields.expected_interval.read(object, 'expected_interval', context),
  last_ping: heartbeatFields.last_ping.read(object, 'last_ping', context),
  ping_url: heartbeatFields.ping_url.read(object, 'ping_url', context),
  created_at: heartbeatFields.created_at.read(object, 'created_at', context),
  schedule: heartbeatFields.schedule.read(object, 'schedule', context),
  timezone: heartbeatFields.timezone.read(object, 'timezone', context),
  grace_seconds: heartbeatFields.grace_seconds.read(object, 'grace_seconds', context),
  max_runtime_seconds: heartbeatFields.max_runtime_seconds.read(object, 'max_runtime_seconds', context),
  next_expected_at: heartbeatFields.next_expected_at.read(object, 'next_expected_at', context),
  last_start: heartbeatFields.last_start.read(object, 'last_start', context),
  last_end: heartbeatFields.last_end.read(object, 'last_end', context),
  last_duration_ms: heartbeatFields.last_duration_ms.read(object, 'last_duration_ms', context),
  last_exit_code: heartbeatFields.last_exit_code.read(object, 'last_exit_code', context),
  last_outcome: heartbeatFields.last_outcome.read(object, 'last_outcome', context),
  notes: heartbeatFields.notes.read(object, 'notes', context),
});
/** A heartbeat's entry in the configuration file. */
export const exportedHeartbeat = exporterOf(heartbeatFields);

/** POST /heartbeats: every field optional, as in the spec; the service fills in HEARTBEAT_DEFAULTS. */
export const heartbeatCreateInput = z.object(createShape(heartbeatFields), { error: BODY_MUST_BE_OBJECT }).check(oneExpectation);
export type HeartbeatCreateBody = z.output<typeof heartbeatCreateInput>;

/**
 * PATCH /heartbeats/{id} (docs/api-decisions.md §19): the fields its table marks editable, each optional; `null` resets
 * one. The spec has no update for heartbeats, so only a server that lists a field's extension takes it.
 */
const heartbeatEditShape = editShape(heartbeatFields);
export const heartbeatEditInput = z.strictObject(heartbeatEditShape, { error: editBodyError(Object.keys(heartbeatEditShape)) });
export type HeartbeatEdits = z.output<typeof heartbeatEditInput>;
