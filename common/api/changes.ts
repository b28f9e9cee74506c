// The `changes` extension (docs/api-decisions.md §17): `GET /changes`, a stream of server-sent events that says the
// moment the service records a change (a monitor went down, a heartbeat was pinged, anything was created, edited or
// deleted), so a client asks again at once instead of at its next poll. The events carry what changed, never the
// new state: the client reads that the usual way, so a stream is only ever a hint and polling stays the truth. The
// one thing an event says of itself is the statuses a monitor passed through: a poll sees only where it ended, and
// an outage shorter than the poll it asked for would otherwise never be seen.
import { dateTimeToEpochMs } from './datetimes.ts';
import { MONITOR_STATUSES, type MonitorStatus } from './known.ts';
export const CHANGES_EXTENSION = 'changes';
export const CHANGES_PATH = '/changes';

/** The event every stream starts with, once the service follows it for this client. */
export const READY_EVENT = 'ready';
/** One change; its data is a `ChangeNotice` as JSON. */
export const CHANGE_EVENT = 'change';
/**
 * A comment line the service sends this often while nothing happens, so a dead stream is noticed (after three
 * missed). Polling stays the truth, so a dead stream costs only its hints; beating less often lets both processes
 * sleep between polls, and 45 s is still under the 60 s a proxy commonly waits before it closes a silent connection.
 */
export const CHANGES_KEEP_ALIVE_MS = 45_000;

export const changeKinds = ['monitor', 'heartbeat', 'domain', 'notification', 'maintenance', 'dependency'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** A status a monitor took, and when (an RFC 3339 date-time of the service's clock). */
export interface StatusTaken {
  status: MonitorStatus;
  at: string;
}

export interface ChangeNotice {
  kind: ChangeKind;
  /** The item that changed, when the change concerns one. */
  id?: string;
  /** A monitor's status changes since the last event about it, oldest first (the last is its status now). */
  statuses?: StatusTaken[];
}

/** A change event's data, read tolerantly: anything unreadable is still a change of something (undefined kind). */
export function readChangeNotice(data: string): Partial<ChangeNotice> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const { kind, id, statuses } = value as Record<string, unknown>;
  const notice: Partial<ChangeNotice> = {};
  if (typeof kind === 'string' && (changeKinds as readonly string[]).includes(kind)) notice.kind = kind as ChangeKind;
  if (typeof id === 'string') notice.id = id;
  if (Array.isArray(statuses)) {
    // A status the client cannot read is left out: the poll the notice asks for still shows where the monitor is.
    const readable = statuses.filter(isStatusTaken);
    if (readable.length > 0) notice.statuses = readable.map(({ status, at }) => ({ status, at }));
  }
  return notice;
}

function isStatusTaken(value: unknown): value is StatusTaken {
  if (typeof value !== 'object' || value === null) return false;
  const { status, at } = value as Record<string, unknown>;
  return (MONITOR_STATUSES as readonly unknown[]).includes(status) && typeof at === 'string' && dateTimeToEpochMs(at) !== undefined;
}
