// Records as the API shows them (spec §2). Read-only and internal columns stay inside the service.
import type { DomainRecord } from '../storage/domain-store.ts';
import type { HandlerRecord } from '../storage/handler-store.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';
import type { MonitorRecord } from '../storage/monitor-store.ts';
import { daysUntilExpiry } from '../domains/expiry.ts';

/** `status_since` is Vigil's extension (docs/api-decisions.md §14), absent while the status is unknown and unchecked. */
export function monitorJson(record: MonitorRecord) {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    url: record.url,
    frequency: record.frequency,
    last_status: record.lastStatus,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    ...(record.statusSince !== undefined ? { status_since: new Date(record.statusSince).toISOString() } : {}),
  };
}

/** `ping_url` is Vigil's extension (docs/api-decisions.md); `last_ping` is absent until the first ping. */
export function heartbeatJson(record: HeartbeatRecord, publicOrigin: string) {
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    expected_interval: record.expectedInterval,
    ...(record.lastPing ? { last_ping: record.lastPing } : {}),
    ping_url: `${publicOrigin}/ping/${record.slug}`,
  };
}

/** days_until_expiry is computed at response time against today's UTC date, so it is never stale. */
export function domainJson(record: DomainRecord, nowMs: number) {
  return {
    id: record.id,
    domain: record.domain,
    ...(record.expiresOn ? { expires_on: record.expiresOn, days_until_expiry: daysUntilExpiry(record.expiresOn, nowMs) } : {}),
    ...(record.registrar ? { registrar: record.registrar } : {}),
  };
}

export function handlerJson(record: HandlerRecord) {
  return { id: record.id, name: record.name, type: record.type, destination: record.destination };
}
