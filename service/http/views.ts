// Records as the API shows them (spec §2). Read-only and internal columns stay inside the service.
import { domainFields } from '../../common/api/domain.ts';
import { readDateTime } from '../../common/api/fields.ts';
import { heartbeatFields } from '../../common/api/heartbeat.ts';
import { DEFAULT_EXPECTED_STATUS, DEFAULT_RETRY_SECONDS } from '../../common/api/monitor-check-input.ts';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS } from '../../common/api/monitor-tls-input.ts';
import { notificationHandlerFields } from '../../common/api/notification-handler.ts';
import { monitorFields } from '../../common/api/monitor.ts';
import { definedMembers, type FieldSpec, type FieldTable, type ResourceOf } from '../../common/api/resource-fields.ts';
import type { DomainRecord } from '../storage/domain-store.ts';
import type { HandlerRecord } from '../storage/handler-store.ts';
import type { HeartbeatRunRecord } from '../storage/heartbeat-run-store.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';
import type { MonitorRecord } from '../storage/monitor-store.ts';
import { daysUntilExpiry } from '../domains/expiry.ts';
import { isoTime } from '../history/time-units.ts';

/**
 * What an answer shows of an http monitor's request and expectations where the record holds the defaults (none),
 * and its certificate last seen (§16: when it ends, and what verification would refuse when ignored); another type
 * shows none of them.
 */
function httpCheckParts(record: MonitorRecord) {
  if (record.type !== 'http') return { method: undefined, headers: undefined, secret_headers: undefined, body: undefined, expect: undefined, tls: undefined, certificate_expires_on: undefined, certificate_warning: undefined };
  return {
    method: record.method ?? 'GET',
    headers: record.headers ?? {},
    expect: { status: DEFAULT_EXPECTED_STATUS, ...record.expect },
    tls: { expiry_days: record.tls?.expiry_days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS, ignore_errors: record.tls?.ignore_errors ?? false },
    certificate_expires_on: record.certificate_expires_at,
  };
}

/**
 * Every field of the monitor's table as its record holds it (`answerOf`), but for what an answer computes: an
 * http monitor's defaults and certificate, a dns monitor's lookup only for that type, and the retry's default.
 * `status_since` is Vigil's extension (docs/api-decisions.md §14), absent while the status is unknown and
 * unchecked; the check's fields and the latest check are §16's, the latter absent until the first.
 */
export function monitorJson(record: MonitorRecord) {
  return monitorAnswer(record, {
    ...httpCheckParts(record),
    dns: record.type === 'dns' ? record.dns : undefined,
    retry_seconds: record.retry_seconds ?? DEFAULT_RETRY_SECONDS,
  });
}

/**
 * The fields of a resource's table (common/api/) as the API shows them, each from `computed` where that names it
 * (undefined: left out), otherwise from the record, which holds them under the same names: a time the store keeps
 * as epoch ms in RFC 3339, a value holding secrets as its table entry masks it, an absent one left out. So a column
 * added for a field is answered with no line written for it, and no other member of a record ever is. What each
 * field needs is worked out once per table, so answering 10,000 monitors costs about what the hand-written answer did.
 */
function answerOf<Table extends FieldTable>(table: Table) {
  const fields = (Object.entries(table) as [string, FieldSpec<unknown>][]).map(([key, spec]) => ({ key, time: spec.read === readDateTime, masked: spec.masked }));
  return (record: object, computed: { readonly [Key in keyof Table]?: unknown } = {}): ResourceOf<Table> => {
    const stored = record as Readonly<Record<string, unknown>>;
    const given = computed as Readonly<Record<string, unknown>>;
    const answer: Record<string, unknown> = {};
    for (const { key, time, masked } of fields) {
      const value = key in given ? given[key] : stored[key];
      if (value === undefined) continue;
      const shown = time && typeof value === 'number' ? isoTime(value) : value;
      answer[key] = masked === undefined ? shown : masked(shown, stored);
    }
    return answer as ResourceOf<Table>;
  };
}

const monitorAnswer = answerOf(monitorFields);
const heartbeatAnswer = answerOf(heartbeatFields);
const domainAnswer = answerOf(domainFields);
const handlerAnswer = answerOf(notificationHandlerFields);

/**
 * `ping_url` is Vigil's extension (docs/api-decisions.md §6), and so are `created_at` (§14: a history starts there)
 * and the schedule and run fields (§16): set ones only, the read-only ones once there is something to tell.
 * `last_ping` is absent until the first success.
 */
export function heartbeatJson(record: HeartbeatRecord, publicOrigin: string) {
  return { ...heartbeatAnswer(record), ping_url: `${publicOrigin}/ping/${record.slug}` };
}

/** A run of `GET /heartbeats/{id}/runs` (docs/api-decisions.md §16). */
export function heartbeatRunJson(run: HeartbeatRunRecord) {
  return definedMembers({
    started_at: iso(run.startedAt),
    ended_at: iso(run.endedAt),
    duration_ms: run.startedAt !== undefined && run.endedAt !== undefined ? Math.max(0, run.endedAt - run.startedAt) : undefined,
    outcome: run.outcome,
    exit_code: run.exitCode,
    log: run.log,
    log_truncated: run.logTruncated ? true : undefined,
  });
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : isoTime(ms));


/**
 * days_until_expiry is computed at response time against today's UTC date, so it is never stale. `created_at` is
 * Vigil's extension (docs/api-decisions.md §14: a history starts there), and so are `last_checked_at` and `last_error`
 * (§7): when the latest lookup ended, and why it failed.
 */
export function domainJson(record: DomainRecord, nowMs: number) {
  return {
    ...domainAnswer(record),
    ...(record.expires_on !== undefined ? { days_until_expiry: daysUntilExpiry(record.expires_on, nowMs) } : {}),
    ...(record.looked_up_at !== undefined ? { last_checked_at: isoTime(record.looked_up_at) } : {}),
    ...(record.lookup_error !== undefined ? { last_error: record.lookup_error } : {}),
  };
}

export function handlerJson(record: HandlerRecord) {
  return handlerAnswer(record);
}
