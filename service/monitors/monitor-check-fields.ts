// Turns the check extension fields of a create or PUT body (docs/api-decisions.md §16) into what the store keeps.
// A PUT that leaves a field out keeps the stored value, so a client that knows only the spec loses nothing; `null`
// puts it back to the default; a masked header value stands for the stored secret of that header. A dns monitor's
// `dns` is kept the same way, and is what makes it a dns monitor: it cannot be cleared. The editable fields of the
// monitor's other extensions are stored as given, by the same rule.
import { monitorFields } from '../../common/api/monitor.ts';
import { CHECKS_EXTENSION, dnsCheckProblems, httpCheckProblems, type HttpCheckFields } from '../../common/api/monitor-check-input.ts';
import { fieldsWhere, type EditableKey } from '../../common/api/resource-fields.ts';
import { isMaskedValue, isSecretHeader } from '../../common/api/secret-headers.ts';
import type { MonitorCreateBody, MonitorUpdateBody } from '../../common/api/monitor-input.ts';
import type { ValidationDetail } from '../../common/api/validation-details.ts';
import type { HttpCheckRequest } from '../checks/check-result.ts';
import { editedFields } from '../http/field-edits.ts';
import type { MonitorFields, MonitorRecord } from '../storage/monitor-store.ts';

/** The editable fields of the monitor's extensions other than the check's, which this file judges. */
const otherExtensionFields = fieldsWhere<EditableKey<typeof monitorFields>>(monitorFields, (spec) => spec.editable === true && spec.extension !== undefined && spec.extension !== CHECKS_EXTENSION);

export type MonitorFieldsResult = { ok: true; fields: MonitorFields } | { ok: false; details: ValidationDetail[] };

/** The request's fields an http monitor stores (another type stores none); `null` (the default) as absent. */
function toRequest(type: string, fields: HttpCheckFields): HttpCheckRequest {
  if (type !== 'http') return {};
  return {
    method: fields.method ?? undefined,
    headers: fields.headers ?? undefined,
    secret_headers: fields.secret_headers ?? undefined,
    body: fields.body ?? undefined,
    expect: fields.expect ?? undefined,
    tls: fields.tls ?? undefined,
  };
}

/** POST /monitors: the schema has judged everything already. */
export function createdMonitorFields(body: MonitorCreateBody): MonitorFields {
  const { name, type, url, frequency } = body;
  const nothingStored: Partial<MonitorRecord> = {};
  const others = editedFields(otherExtensionFields, body, nothingStored);
  return { ...others, name, type, url, frequency, ...toRequest(type, body), retry_seconds: body.retry_seconds ?? undefined, dns: body.dns };
}

/** Masked values sent back take the stored value of the same header (names are case-insensitive). */
function unmasked(sent: Record<string, string>, stored: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const storedByName = new Map(Object.entries(stored ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    headers[name] = isMaskedValue(value) ? (storedByName.get(name.toLowerCase()) ?? value) : value;
  }
  return headers;
}

/**
 * The names marked secret after a PUT: those sent, plus any stored one whose header keeps its stored value. So an
 * API token cannot unmark a header to read back the secret it holds; a new value for the header can be unmarked.
 */
function markedSecret(sent: string[] | undefined, headers: Record<string, string> | undefined, stored: HttpCheckRequest): string[] | undefined {
  const storedValues = new Map(Object.entries(stored.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const marked = new Set((sent ?? []).map((name) => name.toLowerCase()));
  const kept = (stored.secret_headers ?? []).filter((name) => {
    const lower = name.toLowerCase();
    const value = Object.entries(headers ?? {}).find(([header]) => header.toLowerCase() === lower)?.[1];
    return !marked.has(lower) && value !== undefined && value === storedValues.get(lower);
  });
  return kept.length === 0 ? sent : [...(sent ?? []), ...kept];
}

function originOf(url: string): string | undefined {
  return URL.parse(url)?.origin;
}

/**
 * A stored secret never follows a monitor to another origin: whoever holds an API token could otherwise point the
 * monitor at a server of their own and read the secret there. A PUT that moves an http monitor elsewhere must give
 * each secret header again (or leave it out of `headers`); leaving `headers` out, or sending a masked value, is
 * refused, naming the header.
 */
function secretsLeftBehind(body: MonitorUpdateBody, stored: MonitorRecord): ValidationDetail[] {
  if (stored.type !== 'http' || body.type !== 'http' || body.headers === null || originOf(stored.url) === originOf(body.url)) return [];
  const secrets = Object.keys(stored.headers ?? {}).filter((name) => isSecretHeader(name, stored.secret_headers));
  if (secrets.length === 0) return [];
  const where = originOf(stored.url) ?? stored.url;
  if (body.headers === undefined) {
    return [{ field: 'headers', message: `hold secrets kept for ${where} (${secrets.join(', ')}): give them again for the new address, or send headers without them` }];
  }
  const secretNames = new Set(secrets.map((name) => name.toLowerCase()));
  return Object.entries(body.headers)
    .filter(([name, value]) => isMaskedValue(value) && secretNames.has(name.toLowerCase()))
    .map(([name]) => ({ field: `headers.${name}`, message: `is a secret kept for ${where}: type it again for the new address` }));
}

/** An absent field keeps what is stored, `null` clears it. */
function kept<T>(sent: T | null | undefined, stored: T | undefined): T | undefined {
  return sent === undefined ? stored : (sent ?? undefined);
}

/**
 * PUT /monitors/{id}. A monitor that stops being http drops its stored request and expectations (they cannot
 * apply), one that stops being dns its lookup; http-only fields and `dns` the body itself sends for another type
 * are refused, naming them.
 */
export function replacedMonitorFields(body: MonitorUpdateBody, stored: MonitorRecord): MonitorFieldsResult {
  const { name, type, url, frequency } = body;
  const leftBehind = secretsLeftBehind(body, stored);
  if (leftBehind.length > 0) return { ok: false, details: leftBehind };
  const storedHttp: HttpCheckRequest = type === 'http' ? stored : {};
  const headers = body.headers === undefined ? storedHttp.headers : body.headers && unmasked(body.headers, stored.headers);
  const merged: HttpCheckFields = {
    method: kept(body.method, storedHttp.method),
    headers,
    secret_headers: markedSecret(kept(body.secret_headers, storedHttp.secret_headers && [...storedHttp.secret_headers]), headers ?? undefined, storedHttp),
    body: kept(body.body, storedHttp.body),
    expect: kept(body.expect, storedHttp.expect),
    tls: kept(body.tls, storedHttp.tls),
  };
  const dns = kept(body.dns, type === 'dns' ? stored.dns : undefined);
  const details = [...httpCheckProblems(type, merged), ...dnsCheckProblems(type, dns)];
  if (details.length > 0) return { ok: false, details };
  const retrySeconds = kept(body.retry_seconds, stored.retry_seconds);
  const others = editedFields(otherExtensionFields, body, stored);
  return { ok: true, fields: { ...others, name, type, url, frequency, ...toRequest(type, merged), retry_seconds: retrySeconds, dns } };
}
