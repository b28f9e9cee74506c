// Short human text about items, shared by notifications, the tray menu and the CLI. Names come from the
// server, so they are cleaned (no control characters or line breaks) and cut to a length menus can show.
import { domainNameForPeople, type Domain, type Heartbeat, type Monitor } from '../../../common/api/index.ts';

const MAX_NAME_LENGTH = 60;
const UNPRINTABLE = /[\p{Cc}\u2028\u2029]+/gu;

/** Cuts text to at most `max` UTF-16 units, ending in "…", without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

export function cleanName(text: string): string {
  return truncate(text.replace(UNPRINTABLE, ' ').trim(), MAX_NAME_LENGTH);
}

function firstUsable(...candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const cleaned = cleanName(candidate);
    if (cleaned !== '') return cleaned;
  }
  return undefined;
}

export function monitorName(monitor: Monitor): string {
  return firstUsable(monitor.name, monitor.url, monitor.id) ?? 'Unnamed monitor';
}

export function heartbeatName(heartbeat: Heartbeat): string {
  return firstUsable(heartbeat.name, heartbeat.slug, heartbeat.id) ?? 'Unnamed heartbeat';
}

/** As people write it: `bücher.de`, never the stored `xn--bcher-kva.de` (`domainNameForPeople`). */
export function domainName(domain: Domain): string {
  return firstUsable(domain.domain === undefined ? undefined : domainNameForPeople(domain.domain), domain.id) ?? 'Unnamed domain';
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "expires in 5 days", "expires today", "expired 3 days ago". */
export function expiryPhrase(daysLeft: number): string {
  if (daysLeft > 1) return `expires in ${plural(daysLeft, 'day')}`;
  if (daysLeft === 1) return 'expires tomorrow';
  if (daysLeft === 0) return 'expires today';
  return daysLeft === -1 ? 'expired yesterday' : `expired ${plural(-daysLeft, 'day')} ago`;
}

export function countPhrase(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
