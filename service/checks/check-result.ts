// What a check is asked to probe and what it reports back.
import type { MonitorType } from '../../common/api/known.ts';

export interface CheckTarget {
  type: MonitorType;
  /** An http(s) URL, `host:port` for tcp/udp (IPv6 as `[::1]:53`), or a host for ping. */
  url: string;
}

export interface CheckResult {
  ok: boolean;
  durationMs: number;
  /** One short sentence a person can read, e.g. "HTTP 503"; only when not ok. */
  error?: string;
}

/** What the scheduler calls: one check of one target, never rejecting. */
export type CheckRunner = (target: CheckTarget) => Promise<CheckResult>;
