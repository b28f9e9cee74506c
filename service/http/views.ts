// Records as the API shows them (spec §2). Read-only and internal columns stay inside the service.
import { domainFields } from '../../common/api/domain.ts';
import { readDateTime } from '../../common/api/fields.ts';
import { heartbeatFields } from '../../common/api/heartbeat.ts';
import { DEFAULT_EXPECTED_STATUS, DEFAULT_RETRY_SECONDS } from '../../common/api/monitor-check-input.ts';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS } from '../../common/api/monitor-tls-input.ts';
import { notificationHandlerFields } from '../../common/api/notification-handler.ts';
import { definedMembers, type FieldTable, type ResourceOf } from '../../common/api/resource-fields.ts';
import { maskSecretHeaders } from '../../common/api/secret-headers.ts';
import type { HttpCheckRequest } from '../checks/check-result.ts';
import type { DomainRecord } from '../storage/domain-store.ts';
import type { HandlerRecord } from '../storage/handler-store.ts';
import type { HeartbeatRunRecord } from '../storage/heartbeat-run-store.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';
import type { MonitorRecord } from '../storage/monitor-store.ts';
import { daysUntilExpiry } from '../domains/expiry.ts';
import { isoTime } from '../history/time-units.ts';

/** An http monitor's request and expectations with their defaults filled in; secret header values masked. */
function httpCheckJson(http: HttpCheckRequest) {
  return {
    method: http.method ?? 'GET',
    headers: maskSecretHeaders(http.headers ?? {}, http.secret_headers),
    ...(http.secret_headers !== undefined ? { secret_headers: http.secret_headers } : {}),
    ...(http.body !== undefined ? { body: http.body } : {}),
    expect: { status: DEFAULT_EXPECTED_STATUS, ...http.expect },
    tls: { expiry_days: http.tls?.expiry_days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS, ignore_errors: http.tls?.ignore_errors ?? false },
  };
}

/** The certificate last seen (§16): when it ends, to the second, and what verification would refuse when ignored. */
function certificateJson(record: MonitorRecord) {
  return {
    ...(record.certificate_expires_at !== undefined ? { certificate_expires_on: isoTime(record.certificate_expires_at) } : {}),
    ...(record.certificate_warning !== undefined ? { certificate_warning: record.certificate_warning } : {}),
  };
}

/** The latest check (§16): absent until the first; `last_error` only when it failed. */
function lastCheckJson(record: MonitorRecord) {
  if (record.last_checked_at === undefined) return {};
  return {
    last_checked_at: isoTime(record.last_checked_at),
    ...(record.last_response_time_ms !== undefined ? { last_response_time_ms: record.last_response_time_ms } : {}),
    ...(record.last_error !== undefined ? { last_error: record.last_error } : {}),
  };
}

/**
 * `status_since` is Vigil's extension (docs/api-decisions.md §14), absent while the status is unknown and unchecked;
 * the check's fields (a dns monitor's `dns` among them) and the latest check are §16's.
 */
export function monitorJson(record: MonitorRecord) {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    url: record.url,
    frequency: record.frequency,
    last_status: record.last_status,
    created_at: record.created_at,
    updated_at: record.updated_at,
    ...(record.status_since !== undefined ? { status_since: new Date(record.status_since).toISOString() } : {}),
    ...(record.type === 'http' ? httpCheckJson(record) : {}),
    ...(record.type === 'dns' && record.dns !== undefined ? { dns: record.dns } : {}),
    retry_seconds: record.retry_seconds ?? DEFAULT_RETRY_SECONDS,
    ...lastCheckJson(record),
    ...(record.type === 'http' ? certificateJson(record) : {}),
  };
}

/**
 * The fields of a resource's table (common/api/) that its record holds under the same names, as the API shows them:
 * a time the store keeps as epoch ms in RFC 3339, an absent one left out. So a column added for a field is answered
 * with no line written for it.
 */
function tableFields<Table extends FieldTable>(table: Table, record: object): ResourceOf<Table> {
  const answer: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(table)) {
    const value = (record as Record<string, unknown>)[key];
    if (value !== undefined) answer[key] = typeof value === 'number' && spec.read === readDateTime ? isoTime(value) : value;
  }
  return answer as ResourceOf<Table>;
}

/**
 * `ping_url` is Vigil's extension (docs/api-decisions.md §6), and so are `created_at` (§14: a history starts there)
 * and the schedule and run fields (§16): set ones only, the read-only ones once there is something to tell.
 * `last_ping` is absent until the first success.
 */
export function heartbeatJson(record: HeartbeatRecord, publicOrigin: string) {
  return { ...tableFields(heartbeatFields, record), ping_url: `${publicOrigin}/ping/${record.slug}` };
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
    ...tableFields(domainFields, record),
    ...(record.expires_on !== undefined ? { days_until_expiry: daysUntilExpiry(record.expires_on, nowMs) } : {}),
    ...(record.looked_up_at !== undefined ? { last_checked_at: isoTime(record.looked_up_at) } : {}),
    ...(record.lookup_error !== undefined ? { last_error: record.lookup_error } : {}),
  };
}

export function handlerJson(record: HandlerRecord) {
  return tableFields(notificationHandlerFields, record);
}
