// What `vigil status` prints over several servers, and its exit code (pure). Each server is judged on its own
// (status-report.ts); one that cannot be polled is "cannot tell" for itself while the others still report. The
// exit code is the worst: critical (2) above cannot tell (3) above warning (1) above ok (0), since a known outage
// needs the person more than an unknown, and an unknown may hide one.
import { acknowledgementsOn, type Acknowledgement } from '../core/alerts/index.ts';
import type { AssessOptions } from '../core/health/index.ts';
import { connectionsCount, type ConnectionKind } from '../../common/ipc/connection-kinds.ts';
import { cannotTell } from './exit-codes.ts';
import type { PollFailure, ServerPoll } from './server-poll.ts';
import { formatStatusReport, statusReport, type ClockText, type ReportLevel, type ReportRow, type StatusReport } from './status-report.ts';

/** A server's level: its report's, or "unknown" when it cannot tell. */
export type ServerLevel = ReportLevel | 'unknown';

/** `id`: the saved connection's id; absent for a server named by --base-url alone (not saved). `kind`: a Vigil server's
 * or a read-only source's. */
export type ServerStatus = { name: string; id?: string; baseUrl: string; kind: ConnectionKind } & ({ report: StatusReport } | { failure: PollFailure });

const levelRank: Record<ServerLevel, number> = { ok: 0, warning: 1, unknown: 2, critical: 3 };
const exitCodes: Record<ServerLevel, number> = { ok: 0, warning: 1, unknown: cannotTell, critical: 2 };

/** `acknowledgements`: the settings' (by server item key); a server named by --base-url alone has none. */
export function serverStatuses(polls: readonly ServerPoll[], options: AssessOptions, acknowledgements: readonly Acknowledgement[] = []): ServerStatus[] {
  return polls.map((poll) => {
    const { name, baseUrl, sourceKind: kind } = poll.target;
    const id = poll.target.connection?.id;
    const server = id === undefined ? { name, baseUrl, kind } : { name, id, baseUrl, kind };
    if (!poll.ok) return { ...server, failure: poll.failure };
    const acknowledged = id === undefined ? undefined : acknowledgementsOn(id, acknowledgements);
    return { ...server, report: statusReport(poll.snapshot, options, acknowledged) };
  });
}

export function serverLevel(status: ServerStatus): ServerLevel {
  return 'report' in status ? status.report.level : 'unknown';
}

export function worstLevel(statuses: readonly ServerStatus[]): ServerLevel {
  return statuses.map(serverLevel).reduce((worst, level) => (levelRank[level] > levelRank[worst] ? level : worst), 'ok');
}

export function exitCodeOf(level: ServerLevel): number {
  return exitCodes[level];
}

/** One group per server (its rows, then its summary, or why it cannot tell), then the roll-up. */
export function formatServersReport(statuses: readonly ServerStatus[], clock?: ClockText): string {
  const groups = statuses.map((status) => {
    const body = 'report' in status ? formatStatusReport(status.report, status.name, clock) : `${status.name}: CANNOT TELL — ${status.failure.message}`;
    return [`${status.name} (${status.baseUrl})`, ...body.split('\n').map((line) => (line === '' ? '' : `  ${line}`))].join('\n');
  });
  const each = statuses.map((status) => `${status.name} ${levelWords[serverLevel(status)]}`).join(', ');
  return [...groups, `${connectionsCount(statuses.map((status) => status.kind))}: ${levelWords[worstLevel(statuses)].toUpperCase()} (${each}).`].join('\n\n');
}

const levelWords: Record<ServerLevel, string> = { ok: 'ok', warning: 'warning', critical: 'critical', unknown: 'cannot tell' };

type JsonRow = Omit<ReportRow, 'annotations' | 'acknowledgedAt'> & Record<string, unknown> & { server: string; server_id: string | null; server_kind: ConnectionKind };

/** A row as JSON: its notes under their own names, when it was acknowledged as RFC 3339 (`acknowledged_at`), and
 * its server or source: name, id and kind. */
function jsonRow({ annotations, acknowledgedAt, ...row }: ReportRow, status: ServerStatus): JsonRow {
  const acknowledged = acknowledgedAt === undefined ? {} : { acknowledged_at: new Date(acknowledgedAt).toISOString() };
  return { ...row, ...acknowledged, ...annotations, server: status.name, server_id: status.id ?? null, server_kind: status.kind };
}

/**
 * `--json`: the level over every server, each server's own level and situation, and every item naming its server:
 * `server` its name, `server_id` its connection id (two servers may share a name; null for a server named by
 * --base-url alone, which is not saved), `server_kind` whether it is a Vigil server or which source. `items` holds
 * every row, worst first: a source's components and alerts are there only. With one server, `connection` names it
 * as before.
 */
export function serversJson(statuses: readonly ServerStatus[]): object {
  const rows = (pick: (report: StatusReport) => ReportRow[]): JsonRow[] =>
    statuses.flatMap((status) => ('report' in status ? pick(status.report).map((row) => jsonRow(row, status)) : []));
  const [only] = statuses;
  return {
    ...(statuses.length === 1 && only !== undefined ? { connection: { name: only.name, baseUrl: only.baseUrl } } : {}),
    level: worstLevel(statuses),
    servers: statuses.map((status) =>
      'report' in status
        ? { name: status.name, id: status.id ?? null, baseUrl: status.baseUrl, kind: status.kind, level: status.report.level, situation: 'ok', issues: status.report.issues }
        : { name: status.name, id: status.id ?? null, baseUrl: status.baseUrl, kind: status.kind, level: 'unknown', situation: status.failure.situation, problem: status.failure.message },
    ),
    items: rows((report) => report.rows),
    monitors: rows((report) => report.monitors),
    heartbeats: rows((report) => report.heartbeats),
    domains: rows((report) => report.domains),
    issues: statuses.reduce((sum, status) => sum + ('report' in status ? status.report.issues : 0), 0),
  };
}
