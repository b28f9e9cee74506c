// What a check is asked to probe and what it reports back.
import type { DnsCheckSpec } from '../../common/api/dns-check-input.ts';
import type { MonitorType } from '../../common/api/known.ts';
import type { HttpMethod, MonitorExpect } from '../../common/api/monitor-check-input.ts';
import type { MonitorTls } from '../../common/api/monitor-tls-input.ts';

/** An http monitor's request and expectations (docs/api-decisions.md §16); absent parts take their defaults. */
export interface HttpCheckRequest {
  method?: HttpMethod | undefined;
  /** Sent as given (secret values in full); the Vigil user agent unless they name their own. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Names of further headers to treat as secret: kept off other hosts a redirect leads to. */
  secret_headers?: readonly string[] | undefined;
  /** POST only. */
  body?: string | undefined;
  expect?: MonitorExpect | undefined;
  /** The certificate's alert thresholds (for the check loop) and whether its errors are ignored (for the check). */
  tls?: MonitorTls | undefined;
}

export interface CheckTarget {
  type: MonitorType;
  /** An http(s) URL, `host:port` for tcp/udp (IPv6 as `[::1]:53`), a host for ping, or the name to look up for dns. */
  url: string;
  /** http only: what to send and what the answer must show; without it, a GET up on any 2xx or 3xx. */
  http?: HttpCheckRequest | undefined;
  /** dns only, and required there: the record type, what its answer must hold, the resolver to ask. */
  dns?: DnsCheckSpec | undefined;
}

export interface CheckResult {
  ok: boolean;
  durationMs: number;
  /** One short sentence a person can read, e.g. "HTTP 503, expected 2xx or 3xx"; only when not ok. */
  error?: string;
  /** https: when the certificate of the final answer (or of the refusal, when it carries one) ends, epoch ms. */
  certificateExpiresAt?: number;
  /** https: verification refused the certificate as expired (such a refusal does not carry the certificate). */
  certificateExpired?: true;
  /** https with `tls.ignore_errors`: what verification would have refused, e.g. "the certificate is self-signed". */
  certificateWarning?: string;
}

/** What the scheduler calls: one check of one target, never rejecting. */
export type CheckRunner = (target: CheckTarget) => Promise<CheckResult>;
