// The tray icon's tooltip: one line, under 128 UTF-16 units because Windows cuts tray tooltips there. With several
// servers it counts per server where that fits ("Work: 2 down · Home: all 12 OK"), else the counts of all of them
// with the servers that cannot be watched named.
import { connectionsNoun, type ConnectionKind } from '../../../common/ipc/connection-kinds.ts';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { cleanName, truncate, type Health } from '../health/index.ts';
import type { SourceState } from '../sources/source-reading.ts';

export const MAX_TOOLTIP_LENGTH = 127;

export interface TrayCounts {
  monitors: { up: number; down: number; unknown: number };
  heartbeats: { up: number; waiting: number; late: number; down: number; failed: number; unknown: number };
  domains: { ok: number; expiring: number; expired: number; unknown: number };
  /** A read-only source's items, by the word the tooltip says of them (`sourceCount`). */
  sources: Record<SourceCount, number>;
  /** Items under an active snooze, left out of every other count and of the level. */
  snoozed: number;
  /** Items in maintenance (and not snoozed), left out likewise. */
  inMaintenance: number;
  /** Problems acknowledged (and neither snoozed nor in maintenance), left out likewise. */
  acknowledged: number;
}

/** The word a source's item is counted under: its health when that says it all, else what its source says. */
export type SourceCount = 'ok' | 'degraded' | 'pending' | 'late' | 'down' | 'firing' | 'unknown';

export function sourceCount(health: Health, state: SourceState): SourceCount {
  if (health === 'ok' || health === 'unknown') return health;
  if (state === 'degraded' || state === 'pending' || state === 'late' || state === 'down' || state === 'firing') return state;
  return health === 'critical' ? 'down' : 'degraded';
}

/** What the tooltip leads with, before the item counts. */
export type TooltipSituation = 'not-polled' | 'offline' | 'signed-out' | 'setup' | 'data';

/** One server as the tooltip speaks of it. */
export interface TooltipServer {
  name: string;
  kind: ConnectionKind;
  situation: TooltipSituation;
  counts: TrayCounts;
}

export interface TooltipInput {
  /** Every enabled server, in the settings' order. */
  servers: readonly TooltipServer[];
  /** Present while a global pause is active. */
  pausedUntil?: number | 'resumed' | undefined;
  /** The stalest server's latest answer, so "last checked" holds for all of them. */
  lastSuccessfulPollAt?: number | undefined;
  now: number;
  timeZone?: string | undefined;
  /** The computer's locale for times ("13:41", "1:41 PM"); Intl's default when absent. */
  locale?: string | undefined;
}

/** "2 down, 1 failed, 1 late, 1 expiring", "all 25 OK" or "nothing watched yet", plus ", 1 acknowledged, 2 snoozed, 3 in maintenance". */
export function countsSummary(counts: TrayCounts): string {
  const { monitors, heartbeats, domains, sources } = counts;
  const parts: string[] = [];
  const add = (count: number, word: string): void => {
    if (count > 0) parts.push(`${count} ${word}`);
  };
  add(monitors.down + heartbeats.down + sources.down, 'down');
  add(sources.firing, 'firing');
  add(heartbeats.failed, 'failed');
  add(domains.expired, 'expired');
  add(heartbeats.late + sources.late, 'late');
  add(sources.degraded, 'degraded');
  add(sources.pending, 'pending');
  add(domains.expiring, 'expiring');
  add(monitors.unknown + heartbeats.unknown + domains.unknown + sources.unknown, 'unknown');
  const fine = monitors.up + heartbeats.up + heartbeats.waiting + domains.ok + sources.ok;
  const acknowledged = counts.acknowledged > 0 ? `${counts.acknowledged} acknowledged` : '';
  // Nothing but acknowledged problems (and what is set aside): they are the summary, as "1 acknowledged".
  const onlyAcknowledged = parts.length === 0 && fine === 0 && acknowledged !== '';
  const summary = parts.length > 0 ? parts.join(', ') : fine > 0 ? `all ${fine} OK` : onlyAcknowledged ? acknowledged : counts.inMaintenance > 0 ? 'all in maintenance' : 'nothing watched yet';
  const aside = [onlyAcknowledged ? '' : acknowledged, counts.snoozed > 0 ? `${counts.snoozed} snoozed` : '', counts.inMaintenance > 0 && (fine + parts.length > 0 || onlyAcknowledged) ? `${counts.inMaintenance} in maintenance` : ''].filter((text) => text !== '');
  return [summary, ...aside].join(', ');
}

function situationText(server: TooltipServer, name: string): string {
  switch (server.situation) {
    case 'not-polled':
      return `${name}: checking…`;
    case 'offline':
      return `can't reach ${name}`;
    case 'signed-out':
      return `${name}: sign in again`;
    case 'setup':
      return `${name}: check the connection settings`;
    case 'data':
      return `${name}: ${countsSummary(server.counts)}`;
  }
}

export function emptyCounts(): TrayCounts {
  return {
    monitors: { up: 0, down: 0, unknown: 0 },
    heartbeats: { up: 0, waiting: 0, late: 0, down: 0, failed: 0, unknown: 0 },
    domains: { ok: 0, expiring: 0, expired: 0, unknown: 0 },
    sources: { ok: 0, degraded: 0, pending: 0, late: 0, down: 0, firing: 0, unknown: 0 },
    snoozed: 0,
    inMaintenance: 0,
    acknowledged: 0,
  };
}

/** Every server's counts added up. */
function totalCounts(servers: readonly TooltipServer[]): TrayCounts {
  const total = emptyCounts();
  for (const { counts } of servers) {
    for (const kind of ['monitors', 'heartbeats', 'domains', 'sources'] as const) {
      const into = total[kind] as Record<string, number>;
      for (const [state, count] of Object.entries(counts[kind])) into[state] = (into[state] ?? 0) + count;
    }
    total.snoozed += counts.snoozed;
    total.inMaintenance += counts.inMaintenance;
    total.acknowledged += counts.acknowledged;
  }
  return total;
}

/** Several servers in one phrase when one phrase each does not fit: the sum, and who cannot be watched. */
function summaryText(servers: readonly TooltipServer[]): string {
  const watched = servers.filter((server) => server.situation === 'data');
  const sum = `${countsSummary(totalCounts(watched))} on ${watched.length} of ${servers.length} ${connectionsNoun(servers.map((server) => server.kind))}`;
  const others = servers.filter((server) => server.situation !== 'data').map((server) => situationText(server, truncate(cleanName(server.name), 16)));
  return [watched.length > 0 ? sum : undefined, ...others].filter((part) => part !== undefined).join(' · ');
}

export function trayTooltip(input: TooltipInput): string {
  const { now, timeZone, locale, pausedUntil } = input;
  const paused =
    pausedUntil === undefined
      ? ''
      : pausedUntil === 'resumed'
        ? 'alerts paused · '
        : `alerts paused until ${formatClockTime(pausedUntil, now, { locale, timeZone })} · `;
  const checked =
    input.lastSuccessfulPollAt === undefined
      ? ' · not checked yet'
      : ` · last checked ${formatClockTime(input.lastSuccessfulPollAt, now, { locale, timeZone })}`;
  const head = `Vigil — ${paused}`;
  const room = MAX_TOOLTIP_LENGTH - head.length - checked.length;
  const { servers } = input;
  if (servers.length === 0) return truncate(`${head}no server watched: add one, or turn one on`, MAX_TOOLTIP_LENGTH);
  const full = servers.map((server) => situationText(server, cleanName(server.name))).join(' · ');
  if (full.length <= room) return `${head}${full}${checked}`;
  // Long connection names give way first, then several servers are summed, then the middle; the time of the last
  // check always stays.
  const shorter = servers.map((server) => situationText(server, truncate(cleanName(server.name), 24))).join(' · ');
  if (shorter.length <= room || servers.length === 1) return `${head}${truncate(shorter, room)}${checked}`;
  return `${head}${truncate(summaryText(servers), room)}${checked}`;
}
