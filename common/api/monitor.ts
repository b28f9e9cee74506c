// The uptime monitor, declared field by field (resource-fields.ts): the spec's fields (§2.1), and the extensions
// Vigil's own service adds (docs/api-decisions.md §14, §16). The response type, its tolerant reader, the create and PUT
// schemas (monitor-input.ts), the PUT body (monitor-put-body.ts) and the configuration file's entry all follow from it.

import { readDateTime, readId, readPositiveInteger, readText, type ReadContext } from './fields.ts';
import { choiceInput, numberInput, textInput } from './input-fields.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { frequencyRule, nameRule, plainTextRule } from './input-rules.ts';
import { MONITOR_TYPES, type KnownOr, type MonitorStatus, type MonitorType } from './known.ts';
import { readDnsCheck, readExpectation, readHeaders, readMilliseconds, readTextList, readTls, type ReadExpectation, type ReadTls } from './monitor-check.ts';
import { DEFAULT_EXPECTED_STATUS, DEFAULT_RETRY_SECONDS, monitorCheckInputs } from './monitor-check-input.ts';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS } from './monitor-tls-input.ts';
import type { JsonObject } from './json.ts';
import { notesField } from './notes.ts';
import { asIs, definedMembers, exporterOf, field, type ReadItem, type FieldReader, type ResourceOf } from './resource-fields.ts';
import { maskSecretHeaders } from './secret-headers.ts';
import { maskUrlSecrets } from './secret-urls.ts';

/** A value from a known list, kept whatever it is: a newer server may send more; classify it where it is used. */
const readKnownOr = <Known extends string>(): FieldReader<KnownOr<Known>> => readText;
const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[]) => a !== undefined && a.length === b.length && a.every((item, index) => item === b[index]);
const nonEmpty = <Value extends object>(value: Value) => (Object.keys(value).length === 0 ? undefined : value);

/** The expectations without the default status list, or nothing when that is all they say. */
function exportedExpect(expect: ReadExpectation): ReadExpectation | undefined {
  return nonEmpty(definedMembers({ ...expect, status: sameList(expect.status, DEFAULT_EXPECTED_STATUS) ? undefined : expect.status }));
}

function exportedTls(tls: ReadTls): ReadTls | undefined {
  const usual = (tls.expiry_days === undefined || sameList(tls.expiry_days, DEFAULT_CERTIFICATE_EXPIRY_DAYS)) && tls.ignore_errors !== true;
  return usual ? undefined : definedMembers(tls);
}

export const monitorFields = {
  id: field(readId),
  name: field(readText, { input: textInput(nameRule), required: true, editable: true, exported: asIs }),
  /**
   * Only the basic text check here: what a valid url looks like depends on the type (monitor-input.ts). Exported with
   * its secrets masked (secret-urls.ts): the import asks for them again.
   */
  url: field(readText, { input: textInput(plainTextRule(INPUT_LIMITS.urlMaxLength)), required: true, editable: true, exported: maskUrlSecrets }),
  /** Raw value; classify with `monitorTypeOf`. */
  type: field(readKnownOr<MonitorType>(), { input: choiceInput(MONITOR_TYPES), required: true, editable: true, exported: asIs }),
  /** Seconds between checks. */
  frequency: field(readPositiveInteger, { input: numberInput(frequencyRule), required: true, editable: true, exported: asIs }),
  /** Raw value; classify with `monitorStatusOf`. */
  last_status: field(readKnownOr<MonitorStatus>()),
  created_at: field(readDateTime),
  updated_at: field(readDateTime),
  /** Extension sent by Vigil's service: when `last_status` last changed. */
  status_since: field(readDateTime, { extension: 'history' }),
  // The check's extension fields (§16): an http monitor's request, expectations and certificate, a dns monitor's lookup.
  /** Raw value: GET, HEAD or POST from Vigil's service. */
  method: field(readText, { extension: 'checks', input: monitorCheckInputs.method, editable: true, exported: (method) => (method.toUpperCase() === 'GET' ? undefined : method) }),
  /**
   * Secret header values are answered masked, and so exported masked: the import names the headers to give again.
   * Which are secret: those `isSecretHeader` names, and those the item's `secret_headers` marks.
   */
  headers: field(readHeaders, {
    extension: 'checks',
    input: monitorCheckInputs.headers,
    editable: true,
    exported: nonEmpty,
    masked: (headers, { secret_headers }: { secret_headers?: readonly string[] }) => maskSecretHeaders(headers, secret_headers),
  }),
  /** Header names the user marked secret, beyond those Vigil always treats as secret. */
  secret_headers: field(readTextList, { extension: 'checks', input: monitorCheckInputs.secret_headers, editable: true, exported: (names) => (names.length === 0 ? undefined : names) }),
  body: field(readText, { extension: 'checks', input: monitorCheckInputs.body, editable: true, exported: asIs }),
  expect: field(readExpectation, { extension: 'checks', input: monitorCheckInputs.expect, editable: true, exported: exportedExpect }),
  tls: field(readTls, { extension: 'checks', input: monitorCheckInputs.tls, editable: true, exported: exportedTls }),
  /** Any type: seconds before a failed check is checked again. */
  retry_seconds: field(readPositiveInteger, { extension: 'checks', input: monitorCheckInputs.retry_seconds, editable: true, exported: (seconds) => (seconds === DEFAULT_RETRY_SECONDS ? undefined : seconds) }),
  /** A dns monitor's lookup: the record type, what its answer must hold, the resolver to ask. */
  dns: field(readDnsCheck, { extension: 'checks', input: monitorCheckInputs.dns, editable: true, exported: asIs }),
  // Read-only extensions (§16): the latest check, whatever its outcome.
  last_checked_at: field(readDateTime, { extension: 'checks' }),
  last_response_time_ms: field(readMilliseconds, { extension: 'checks' }),
  /** Why the latest check failed; absent when it passed. */
  last_error: field(readText, { extension: 'checks' }),
  /** When the https server's certificate, as last seen, ends (RFC 3339). */
  certificate_expires_on: field(readDateTime, { extension: 'checks' }),
  /** With `tls.ignore_errors`: what verification would have refused, e.g. "the certificate is self-signed". */
  certificate_warning: field(readText, { extension: 'checks' }),
  /** A person's notes on it (notes.ts). */
  notes: notesField,
};

export type Monitor = ResourceOf<typeof monitorFields>;
export const readMonitor = (object: JsonObject, context: ReadContext): ReadItem<typeof monitorFields> => ({
  id: monitorFields.id.read(object, 'id', context),
  name: monitorFields.name.read(object, 'name', context),
  url: monitorFields.url.read(object, 'url', context),
  type: monitorFields.type.read(object, 'type', context),
  frequency: monitorFields.frequency.read(object, 'frequency', context),
  last_status: monitorFields.last_status.read(object, 'last_status', context),
  created_at: monitorFields.created_at.read(object, 'created_at', context),
  updated_at: monitorFields.updated_at.read(object, 'updated_at', context),
  status_since: monitorFields.status_since.read(object, 'status_since', context),
  method: monitorFields.method.read(object, 'method', context),
  headers: monitorFields.headers.read(object, 'headers', context),
  secret_headers: monitorFields.secret_headers.read(object, 'secret_headers', context),
  body: monitorFields.body.read(object, 'body', context),
  expect: monitorFields.expect.read(object, 'expect', context),
  tls: monitorFields.tls.read(object, 'tls', context),
  retry_seconds: monitorFields.retry_seconds.read(object, 'retry_seconds', context),
  dns: monitorFields.dns.read(object, 'dns', context),
  last_checked_at: monitorFields.last_checked_at.read(object, 'last_checked_at', context),
  last_response_time_ms: monitorFields.last_response_time_ms.read(object, 'last_response_time_ms', context),
  last_error: monitorFields.last_error.read(object, 'last_error', context),
  certificate_expires_on: monitorFields.certificate_expires_on.read(object, 'certificate_expires_on', context),
  certificate_warning: monitorFields.certificate_warning.read(object, 'certificate_warning', context),
  notes: monitorFields.notes.read(object, 'notes', context),
});
/** A monitor's entry in the configuration file: the settings a person chose, with defaults left out. */
export const exportedMonitor = exporterOf(monitorFields);
