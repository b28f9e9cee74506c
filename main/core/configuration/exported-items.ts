// What of a monitor and a heartbeat goes into the configuration file: the spec's create fields, and the extension
// settings of docs/api-decisions.md §16 that differ from their defaults (a default is what a create without the
// field gives, so leaving it out loses nothing, and keeps an import into a spec-only server free of warnings about
// settings nobody made). Read-only fields (the latest check, the certificate, next_expected_at) stay out. Secret
// header values come masked from the server and go in masked, and so do the secrets of an address (a password, a
// secret query value, a chat webhook's path: secret-urls.ts): the import says which ones to give again.
import {
  DEFAULT_CERTIFICATE_EXPIRY_DAYS,
  DEFAULT_EXPECTED_STATUS,
  DEFAULT_RETRY_SECONDS,
  type Heartbeat,
  type Monitor,
  type ReadExpectation,
  type ReadTls,
  maskUrlSecrets,
  type NotificationHandler,
} from '../../../common/api/index.ts';
import type { ConfigurationHandler, ConfigurationHeartbeat, ConfigurationMonitor } from './configuration-file.ts';

/** The object without its undefined members, as the file writes it. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}

const maskedAddress = (address: string | undefined) => (address === undefined ? undefined : maskUrlSecrets(address));

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[]) => a !== undefined && a.length === b.length && a.every((item, index) => item === b[index]);

function exportedExpect(expect: ReadExpectation | undefined): ReadExpectation | undefined {
  if (expect === undefined) return undefined;
  const kept = defined({ ...expect, status: sameList(expect.status, DEFAULT_EXPECTED_STATUS) ? undefined : expect.status });
  return Object.keys(kept).length === 0 ? undefined : kept;
}

function exportedTls(tls: ReadTls | undefined): ReadTls | undefined {
  if (tls === undefined) return undefined;
  const usual = (tls.expiry_days === undefined || sameList(tls.expiry_days, DEFAULT_CERTIFICATE_EXPIRY_DAYS)) && tls.ignore_errors !== true;
  return usual ? undefined : defined(tls);
}

export function exportedMonitor(monitor: Monitor): ConfigurationMonitor {
  const { name, type, url, frequency, dns, method, headers, secret_headers, body, expect, tls, retry_seconds } = monitor;
  return defined({
    name,
    type,
    url: maskedAddress(url),
    frequency,
    dns,
    method: method === undefined || method.toUpperCase() === 'GET' ? undefined : method,
    headers: headers === undefined || Object.keys(headers).length === 0 ? undefined : headers,
    secret_headers: secret_headers === undefined || secret_headers.length === 0 ? undefined : secret_headers,
    body,
    expect: exportedExpect(expect),
    tls: exportedTls(tls),
    retry_seconds: retry_seconds === DEFAULT_RETRY_SECONDS ? undefined : retry_seconds,
  });
}

/** A scheduled heartbeat keeps its `expected_interval` too: what a server without schedules can follow instead. */
export function exportedHeartbeat(heartbeat: Heartbeat): ConfigurationHeartbeat {
  const { name, expected_interval, schedule, timezone, grace_seconds, max_runtime_seconds } = heartbeat;
  return defined({ name, expected_interval, schedule, timezone, grace_seconds, max_runtime_seconds });
}

/** A webhook's destination (a Slack, Discord or Teams one is its own credential) goes in with its secrets masked. */
export function exportedHandler({ name, type, destination }: NotificationHandler): ConfigurationHandler {
  return { name, type, destination: maskedAddress(destination) };
}
