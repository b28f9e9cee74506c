// The check extension's part of the monitor form (docs/api-decisions.md §16), as typed: the request, the
// expectations, the re-check, the certificate and the dns lookup. Pure: a draft from a monitor, the fields to send
// from a draft, and the form's own check of them with the rules the service uses (monitor-check-input.ts,
// dns-check-input.ts), so the form and the service agree.
import { z } from 'zod';
import { DEFAULT_EXPECTED_STATUS, DEFAULT_RETRY_SECONDS, isMaskedValue, isSecretHeader, SECRET_MASK, validationDetails, type ValidationDetail } from '../../../common/api/index.ts';
import { httpCheckProblems, monitorCheckInputs } from '../../../common/api/monitor-check-input.ts';
import type { Monitor } from '../../../common/ipc/views.ts';

export interface HeaderRow {
  name: string;
  value: string;
  /** Marked secret by the user, or sent masked by the server (a header Vigil always treats as secret). */
  secret: boolean;
}

export interface JsonRow {
  path: string;
  /** As typed: JSON (`true`, `200`, `"ok"`), or plain text taken as text. */
  equals: string;
}

export interface CheckDraft {
  method: string;
  headers: HeaderRow[];
  body: string;
  /** "200, 3xx". */
  status: string;
  bodyContains: string;
  bodyNotContains: string;
  json: JsonRow[];
  maxResponseMs: string;
  retry_seconds: string;
  /** "30, 14, 7". */
  expiryDays: string;
  ignoreCertificateErrors: boolean;
  dnsRecord: string;
  /** One expected value a line. */
  dnsExpect: string;
  dnsResolver: string;
}

/** The fields of the check extension, as a create or PUT body carries them. */
export type CheckFields = Partial<Record<keyof typeof monitorCheckInputs, unknown>>;

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

export function checkDraftOf(monitor: Monitor | undefined): CheckDraft {
  const expect = monitor?.expect;
  return {
    method: monitor?.method ?? 'GET',
    headers: Object.entries(monitor?.headers ?? {}).map(([name, value]) => ({ name, value, secret: isSecretHeader(name, monitor?.secret_headers) || isMaskedValue(value) })),
    body: monitor?.body ?? '',
    status: (expect?.status ?? []).join(', '),
    bodyContains: expect?.body_contains ?? '',
    bodyNotContains: expect?.body_not_contains ?? '',
    json: (expect?.json ?? []).map(({ path, equals }) => ({ path, equals: equalsText(equals) })),
    maxResponseMs: numberText(expect?.max_response_ms),
    retry_seconds: numberText(monitor?.retry_seconds),
    expiryDays: (monitor?.tls?.expiry_days ?? []).join(', '),
    ignoreCertificateErrors: monitor?.tls?.ignore_errors ?? false,
    dnsRecord: monitor?.dns?.record ?? 'A',
    dnsExpect: typeof monitor?.dns?.expect === 'string' ? monitor.dns.expect : (monitor?.dns?.expect ?? []).join('\n'),
    dnsResolver: monitor?.dns?.resolver ?? '',
  };
}

/** A text shows as itself unless it would read back as something else: the text "true" shows as "\"true\"". */
function equalsText(equals: unknown): string {
  return typeof equals === 'string' && jsonValueOf(equals) === equals ? equals : JSON.stringify(equals);
}

/**
 * A masked value edited: what the user typed, without the mask and the secret's end shown after it. Typing after
 * `Bearer ••••••••x9Qz` gives `Bearer xyz`, and one Backspace empties it, where keeping the mask would make the
 * service keep the old secret without a word. An edit of the scheme before the mask keeps the edited scheme.
 */
export function editedHeaderValue(before: string, typed: string): string {
  if (!isMaskedValue(before) || typed === before) return typed;
  // The masked run is the mask and what follows it to the end (`maskSecret`); the scheme before it is plain.
  const maskStart = before.indexOf(SECRET_MASK);
  const maskedRun = before.slice(maskStart);
  if (typed.endsWith(maskedRun)) return typed.slice(0, typed.length - maskedRun.length);
  let same = 0;
  while (same < typed.length && same < before.length && typed[same] === before[same]) same += 1;
  let sameEnd = 0;
  while (sameEnd < typed.length - same && sameEnd < before.length - same && typed[typed.length - 1 - sameEnd] === before[before.length - 1 - sameEnd]) sameEnd += 1;
  const inserted = typed.slice(same, typed.length - sameEnd);
  return typed.slice(0, Math.min(same, maskStart)) + inserted.replaceAll('•', '');
}

/** Which disclosure sections the monitor already uses: those start open. */
export function usedSections(draft: CheckDraft): { request: boolean; expectations: boolean; retry: boolean; certificate: boolean } {
  return {
    request: draft.method !== 'GET' || draft.headers.length > 0 || draft.body !== '',
    expectations: expectOf(draft) !== undefined && !isDefaultStatusOnly(draft),
    retry: draft.retry_seconds !== '' && draft.retry_seconds !== String(DEFAULT_RETRY_SECONDS),
    certificate: draft.expiryDays !== '' || draft.ignoreCertificateErrors,
  };
}

function isDefaultStatusOnly(draft: CheckDraft): boolean {
  const expect = expectOf(draft);
  return expect !== undefined && Object.keys(expect).length === 1 && JSON.stringify(expect['status']) === JSON.stringify(DEFAULT_EXPECTED_STATUS);
}

/** A list typed as "200, 3xx" or one a line: its entries, trimmed, empty ones left out. */
function entriesOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A number is a number (9.5 too, so the shared rule says it must be whole); anything else goes as typed, for the
 * shared rule to judge. */
function numberOrText(text: string): number | string {
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** JSON when it reads as JSON, else the text itself: `ok` expects the text "ok". */
function jsonValueOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function expectOf(draft: CheckDraft): Record<string, unknown> | undefined {
  const expect: Record<string, unknown> = {};
  const status = entriesOf(draft.status);
  if (status.length > 0) expect['status'] = status.map(numberOrText);
  if (draft.bodyContains !== '') expect['body_contains'] = draft.bodyContains;
  if (draft.bodyNotContains !== '') expect['body_not_contains'] = draft.bodyNotContains;
  const json = draft.json.filter((row) => row.path.trim() !== '' || row.equals.trim() !== '');
  if (json.length > 0) expect['json'] = json.map((row) => ({ path: row.path.trim(), equals: jsonValueOf(row.equals.trim()) }));
  if (draft.maxResponseMs.trim() !== '') expect['max_response_ms'] = numberOrText(draft.maxResponseMs.trim());
  return Object.keys(expect).length === 0 ? undefined : expect;
}

/** Every field the draft sets, for the monitor's type; an unset one is undefined. */
function fieldsOf(draft: CheckDraft, type: string): CheckFields {
  const fields: CheckFields = {};
  const retry = draft.retry_seconds.trim();
  if (retry !== '') fields.retry_seconds = numberOrText(retry);
  if (type === 'http') {
    const rows = draft.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
    fields.method = draft.method;
    fields.headers = Object.fromEntries(rows.map((row) => [row.name.trim(), row.value]));
    // Headers Vigil always treats as secret need no mark.
    const secret = rows.filter((row) => row.secret && !isSecretHeader(row.name.trim())).map((row) => row.name.trim());
    if (secret.length > 0) fields.secret_headers = secret;
    if (draft.method === 'POST' && draft.body !== '') fields.body = draft.body;
    fields.expect = expectOf(draft);
    // `tls` applies to an http address too: to the https answer a redirect leads to.
    const days = entriesOf(draft.expiryDays).map(numberOrText);
    if (days.length > 0 || draft.ignoreCertificateErrors) fields.tls = { ...(days.length > 0 ? { expiry_days: days } : {}), ignore_errors: draft.ignoreCertificateErrors };
  }
  if (type === 'dns') {
    const expect = entriesOf(draft.dnsExpect.replaceAll(',', '\n'));
    const resolver = draft.dnsResolver.trim();
    fields.dns = { record: draft.dnsRecord, ...(expect.length > 0 ? { expect } : {}), ...(resolver === '' ? {} : { resolver }) };
  }
  return fields;
}

const unset = (value: unknown) => value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * What a create body carries: the fields set, each left out for its default. An edit carries only what changed
 * from `before` (the monitor as the form opened it), `null` for a field cleared: the service keeps what is not
 * sent, so a masked secret left alone and a field nobody touched stay as they are.
 */
export function checkFieldsOf(draft: CheckDraft, type: string, before?: { draft: CheckDraft; type: string }): CheckFields {
  const now = fieldsOf(draft, type);
  if (before === undefined) return Object.fromEntries(Object.entries(now).filter(([, value]) => !unset(value)));
  const then = fieldsOf(before.draft, before.type);
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(now), ...Object.keys(then)]) as Set<keyof CheckFields>) {
    if (JSON.stringify(now[key]) === JSON.stringify(then[key])) continue;
    // A field of the old type is the service's to drop when the type changes.
    if (now[key] === undefined && type !== before.type) continue;
    changed[key] = unset(now[key]) && key !== 'headers' ? null : now[key];
  }
  return changed;
}

/** Two rows of the same name would become one header, and one of the values would be lost without a word. */
function repeatedHeaders(draft: CheckDraft, type: string): ValidationDetail[] {
  if (type !== 'http') return [];
  const seen = new Set<string>();
  const details: ValidationDetail[] = [];
  for (const row of draft.headers) {
    const name = row.name.trim();
    if (name !== '' && seen.has(name)) details.push({ field: `headers.${name}`, message: 'names a header already given (names are case-insensitive)' });
    seen.add(name);
  }
  return details;
}

const checkInputs = z.object(monitorCheckInputs).partial();

/** Where the form shows an error: a status code or a warning day is the list's field; a header and a json row are their own. */
export function checkFieldOf(field: string): string {
  return field.replace(/^(expect\.status|tls\.expiry_days)\.\d+$/, '$1');
}

/**
 * The form's own check of what it would send, by the service's rules, on the monitor as it would be saved. An edit
 * sends masked header values back on purpose: they stand for the stored secrets.
 */
export function checkProblems(draft: CheckDraft, type: string, editing: boolean): ValidationDetail[] {
  const fields = Object.fromEntries(Object.entries(fieldsOf(draft, type)).filter(([, value]) => !unset(value))) as CheckFields;
  const details: ValidationDetail[] = [...repeatedHeaders(draft, type)];
  const parsed = checkInputs.safeParse(fields);
  if (!parsed.success) details.push(...validationDetails(parsed.error));
  else {
    const { headers, ...rest } = parsed.data;
    details.push(...httpCheckProblems(type, editing ? rest : { ...rest, headers }));
  }
  return details.map((detail) => ({ ...detail, field: checkFieldOf(detail.field) }));
}
