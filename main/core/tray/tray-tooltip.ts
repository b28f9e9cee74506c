// The tray icon's tooltip: one line, under 128 UTF-16 units because Windows cuts tray tooltips there.
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { cleanName, truncate } from '../health/index.ts';

export const MAX_TOOLTIP_LENGTH = 127;

/** The tray speaks English with 24-hour times, the same on every machine. */
export const trayLocale = 'en-GB';

export interface TrayCounts {
  monitors: { up: number; down: number; unknown: number };
  heartbeats: { up: number; waiting: number; late: number; down: number; unknown: number };
  domains: { ok: number; expiring: number; expired: number; unknown: number };
  /** Items under an active snooze, left out of every other count and of the level. */
  snoozed: number;
}

/** What the tooltip leads with, before the item counts. */
export type TooltipSituation = 'not-polled' | 'offline' | 'signed-out' | 'setup' | 'data';

export interface TooltipInput {
  connectionName: string;
  situation: TooltipSituation;
  counts: TrayCounts;
  /** Present while a global pause is active. */
  pausedUntil?: number | 'resumed' | undefined;
  lastSuccessfulPollAt?: number | undefined;
  now: number;
  timeZone?: string | undefined;
}

/** "2 down, 1 late, 1 expiring", "all 25 OK" or "nothing watched yet", plus ", 2 snoozed". */
export function countsSummary(counts: TrayCounts): string {
  const { monitors, heartbeats, domains } = counts;
  const parts: string[] = [];
  const add = (count: number, word: string): void => {
    if (count > 0) parts.push(`${count} ${word}`);
  };
  add(monitors.down + heartbeats.down, 'down');
  add(domains.expired, 'expired');
  add(heartbeats.late, 'late');
  add(domains.expiring, 'expiring');
  add(monitors.unknown + heartbeats.unknown + domains.unknown, 'unknown');
  const fine = monitors.up + heartbeats.up + heartbeats.waiting + domains.ok;
  const summary = parts.length > 0 ? parts.join(', ') : fine > 0 ? `all ${fine} OK` : 'nothing watched yet';
  return counts.snoozed > 0 ? `${summary}, ${counts.snoozed} snoozed` : summary;
}

function situationText(input: TooltipInput, name: string): string {
  switch (input.situation) {
    case 'not-polled':
      return `${name}: checking…`;
    case 'offline':
      return `can't reach ${name}`;
    case 'signed-out':
      return `${name}: sign in again`;
    case 'setup':
      return `${name}: check the connection settings`;
    case 'data':
      return `${name}: ${countsSummary(input.counts)}`;
  }
}

export function trayTooltip(input: TooltipInput): string {
  const { now, timeZone, pausedUntil } = input;
  const paused =
    pausedUntil === undefined
      ? ''
      : pausedUntil === 'resumed'
        ? 'alerts paused · '
        : `alerts paused until ${formatClockTime(pausedUntil, now, { locale: trayLocale, timeZone })} · `;
  const checked =
    input.lastSuccessfulPollAt === undefined
      ? ' · not checked yet'
      : ` · last checked ${formatClockTime(input.lastSuccessfulPollAt, now, { locale: trayLocale, timeZone })}`;
  const head = `Vigil — ${paused}`;
  const name = cleanName(input.connectionName);
  const full = `${head}${situationText(input, name)}${checked}`;
  if (full.length <= MAX_TOOLTIP_LENGTH) return full;
  // A long connection name gives way first, then the middle; the time of the last check always stays.
  const shorter = situationText(input, truncate(name, 24));
  return `${head}${truncate(shorter, MAX_TOOLTIP_LENGTH - head.length - checked.length)}${checked}`;
}
