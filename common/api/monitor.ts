// The uptime monitor as a response carries it (spec §2.1), plus the extensions Vigil's own service adds
// (docs/api-decisions.md §14, §16): every field optional.

import { readDateTime, readId, readPositiveInteger, readText, type ItemReader } from './fields.ts';
import type { KnownOr, MonitorStatus, MonitorType } from './known.ts';
import { readDnsCheck, readExpectation, readHeaders, readMilliseconds, readTextList, readTls, type ReadDnsCheck, type ReadExpectation, type ReadTls } from './monitor-check.ts';

export type Monitor = {
  id?: string | undefined;
  name?: string | undefined;
  /** Raw value; classify with `monitorTypeOf`. */
  type?: KnownOr<MonitorType> | undefined;
  url?: string | undefined;
  /** Seconds between checks. */
  frequency?: number | undefined;
  /** Raw value; classify with `monitorStatusOf`. */
  last_status?: KnownOr<MonitorStatus> | undefined;
  created_at?: string | undefined;
  updated_at?: string | undefined;
  /** Extension sent by Vigil's service: when `last_status` last changed. */
  status_since?: string | undefined;
  // Extensions of an http monitor's check (§16). Secret header values arrive masked.
  /** Raw value: GET, HEAD or POST from Vigil's service. */
  method?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** Header names the user marked secret, beyond those Vigil always treats as secret. */
  secret_headers?: string[] | undefined;
  body?: string | undefined;
  expect?: ReadExpectation | undefined;
  tls?: ReadTls | undefined;
  /** Any type: seconds before a failed check is checked again. */
  retry_seconds?: number | undefined;
  /** A dns monitor's lookup (§16): the record type, what its answer must hold, the resolver to ask. */
  dns?: ReadDnsCheck | undefined;
  // Read-only extensions (§16): the latest check, whatever its outcome.
  last_checked_at?: string | undefined;
  last_response_time_ms?: number | undefined;
  /** Why the latest check failed; absent when it passed. */
  last_error?: string | undefined;
  /** When the https server's certificate, as last seen, ends (RFC 3339). */
  certificate_expires_on?: string | undefined;
  /** With `tls.ignore_errors`: what verification would have refused, e.g. "the certificate is self-signed". */
  certificate_warning?: string | undefined;
};

// Every key is always written (undefined when absent) so all items share one object shape, which
// keeps property access fast when the client walks 10,000 of them.
export const readMonitor: ItemReader<Monitor> = (object, context) => ({
  id: readId(object, 'id', context),
  name: readText(object, 'name', context),
  type: readText(object, 'type', context),
  url: readText(object, 'url', context),
  frequency: readPositiveInteger(object, 'frequency', context),
  last_status: readText(object, 'last_status', context),
  created_at: readDateTime(object, 'created_at', context),
  updated_at: readDateTime(object, 'updated_at', context),
  status_since: readDateTime(object, 'status_since', context),
  method: readText(object, 'method', context),
  headers: readHeaders(object, 'headers', context),
  secret_headers: readTextList(object, 'secret_headers', context),
  body: readText(object, 'body', context),
  expect: readExpectation(object, context),
  tls: readTls(object, context),
  retry_seconds: readPositiveInteger(object, 'retry_seconds', context),
  dns: readDnsCheck(object, context),
  last_checked_at: readDateTime(object, 'last_checked_at', context),
  last_response_time_ms: readMilliseconds(object, 'last_response_time_ms', context),
  last_error: readText(object, 'last_error', context),
  certificate_expires_on: readDateTime(object, 'certificate_expires_on', context),
  certificate_warning: readText(object, 'certificate_warning', context),
});
