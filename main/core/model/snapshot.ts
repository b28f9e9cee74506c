// What one poll of a connection yields, and how it can fail. Shared by the API client, the poller, the alert
// policy, the tray model and the CLI.
import type { StatusTaken } from '../../../common/api/changes.ts';
import type { Dependency } from '../../../common/api/dependencies.ts';
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import type { Domain, Heartbeat, Issue, Monitor } from '../../../common/api/index.ts';
import type { SourceIncident, SourceItem } from '../sources/source-reading.ts';

/** Everything a connection showed at one moment. */
export interface Snapshot {
  /** Epoch ms when the poll finished. */
  takenAt: number;
  /** Epoch ms when the poll began: any change confirmed before this is in the lists (absent in hand-made snapshots). */
  startedAt?: number;
  monitors: Monitor[];
  heartbeats: Heartbeat[];
  domains: Domain[];
  /** What the server sent that Vigil could not use (a bad item skipped, a field dropped). */
  issues: Issue[];
  /** The server's active and upcoming maintenance windows, when it keeps them and answered (the extension). */
  maintenance?: MaintenanceWindow[];
  /** What each item depends on, when the server keeps it and answered (the dependencies extension). */
  dependencies?: Dependency[];
  /**
   * The statuses monitors took before this poll began, by monitor id, oldest first, as the server's stream of changes
   * told them since the previous poll began (the changes extension): an outage that came and went between two polls
   * is in here, and nowhere in the lists.
   */
  statusesBefore?: Record<string, StatusTaken[]>;
  /** A read-only source's items (issue 21), as its reader gave them: a source has no monitors, heartbeats or domains. */
  sourceItems?: SourceItem[];
  /** A status page's open incidents and scheduled maintenance. */
  incidents?: SourceIncident[];
}

/** Why a request to a monitoring server failed, in terms a person and the alert policy can act on. */
export type ClientErrorKind =
  | 'unreachable' // DNS failure, connection refused or reset, TLS failure
  | 'timeout' // no complete answer within the request timeout
  | 'unauthorized' // 401: the token is missing, expired or rejected
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'rate-limited' // 429 (retryAfterMs when the server said)
  | 'server-error' // 5xx (503 may carry retryAfterMs)
  | 'bad-request' // other 4xx, e.g. 400 validation_failed (details when the server gave them)
  | 'protocol-error' // not what the API promises: HTML, broken JSON, wrong shape, too large, a redirect
  | 'insecure' // refused before sending: the token would go over plain http to a non-loopback host
  | 'cancelled'; // the caller aborted

export interface ClientErrorInfo {
  kind: ClientErrorKind;
  /** One sentence a person can read; never contains the token. */
  message: string;
  status?: number;
  retryAfterMs?: number;
  /** Field errors from a 400, when the server gave them. */
  details?: { field: string; message: string }[];
}

export type PollOutcome = { ok: true; snapshot: Snapshot } | { ok: false; error: ClientErrorInfo; at: number };
