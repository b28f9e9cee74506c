// The words of each alert: one short title a person can act on, and a body with what the snapshot says
// (nothing more: the client does not know why a check failed).
import { certificateExpiryPhrase, certificateOf } from '../../../common/format/certificate-words.ts';
import { formatClockTime, formatDateTime } from '../../../common/format/clock-time.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { notificationLine, type Heartbeat } from '../../../common/api/index.ts';
import { hostLocale } from '../app/host-locale.ts';
import { cleanName, countPhrase, domainName, expectation, expiryPhrase, heartbeatName, monitorName, overranWords } from '../health/index.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { worseSeverity, type AlertSeverity, type ExpiryAlertKind, type ItemAlertKind } from './alert.ts';
import type { ItemEvent } from './item-changes.ts';
import type { SourceItem } from '../sources/source-reading.ts';

export interface AlertText {
  severity: AlertSeverity;
  title: string;
  body: string;
  /** The item's own words (its first annotation, item-fields.ts): a notification's second line. */
  detail?: string;
}

/** How a body names its server at its end (" · Work"): one server's alerts say it there. */
export function connectionSuffix(connectionName: string): string {
  return ` · ${cleanName(connectionName)}`;
}

export function withConnection(sentence: string, connectionName: string): string {
  return `${sentence}${connectionSuffix(connectionName)}`;
}

function monitorTarget(event: Extract<ItemEvent, { kind: 'monitor-down' | 'monitor-recovered' }>): string {
  const { type, url } = event.monitor;
  if (url === undefined) return type === undefined ? 'this monitor' : `this ${cleanName(type)} monitor`;
  return `${type === undefined ? 'the check of' : `the ${cleanName(type)} check of`} ${cleanName(url)}`;
}

export function itemSeverity(event: ItemEvent): AlertSeverity {
  switch (event.kind) {
    case 'monitor-down':
    case 'domain-expired':
    case 'certificate-expired':
      return 'critical';
    case 'heartbeat-late':
      return event.timing.state === 'down' ? 'critical' : 'warning';
    case 'heartbeat-failed':
      return 'critical';
    case 'domain-expiring':
    case 'certificate-expiring':
      return 'warning';
    case 'source-problem':
      return event.item.health === 'critical' ? 'critical' : 'warning';
    case 'monitor-recovered':
    case 'heartbeat-recovered':
    case 'source-recovered':
      return 'info';
  }
}

/** "is down", "is degraded", "is firing": a source's item's problem in a few words, its summary where none fits. */
function sourceProblemTitle(item: SourceItem): string {
  switch (item.state) {
    case 'down':
      return `${item.name} is down`;
    case 'degraded':
      return `${item.name} is degraded`;
    case 'late':
      return `${item.name} is late`;
    case 'firing':
      return `${item.name} is firing`;
    case 'pending':
      return `${item.name} may be down`;
    default:
      return `${item.name}: ${item.summary}`;
  }
}

/** "is back up", "is operational again", "stopped firing": a source's item well again, as its kind says it. */
function sourceRecoveredTitle(item: SourceItem): string {
  switch (item.kind) {
    case 'component':
      return `${item.name} is operational again`;
    case 'alert':
      return `${item.name} stopped firing`;
    case 'heartbeat':
      return `${item.name} is on time again`;
    case 'monitor':
      return `${item.name} is back up`;
  }
}

/** "; expected every 1 h", "; on schedule 30 2 * * *", or nothing when the server says neither. */
function expected(heartbeat: Heartbeat): string {
  const words = expectation(heartbeat);
  return words === '' ? '' : `; ${words}`;
}

/** An expiry's title, with `daysLeft` as its kind counts them: "shop.example expires in 7 days", "The certificate of
 * API expires within a day". Owed news is told with it again as the days then stand. */
export function expiryTitle(kind: ExpiryAlertKind, name: string, daysLeft: number): string {
  switch (kind) {
    case 'domain-expired':
      return `${name} has expired`;
    case 'domain-expiring':
      return `${name} ${expiryPhrase(daysLeft)}`;
    case 'certificate-expiring':
    case 'certificate-expired':
      return `${certificateOf(name)} ${certificateExpiryPhrase(daysLeft)}`;
  }
}

function itemTitleAndSentence(event: ItemEvent, now: number): { title: string; sentence: string } {
  switch (event.kind) {
    case 'monitor-down':
      return {
        title: `${monitorName(event.monitor)} is down`,
        sentence: `The server reports ${monitorTarget(event)} as down.`,
      };
    case 'monitor-recovered': {
      const downFor = formatDuration((event.recoveredAt ?? now) - event.downSince);
      return {
        title: `${monitorName(event.monitor)} is back up`,
        sentence: `The server reports ${monitorTarget(event)} as up again, after ${downFor} down.`,
      };
    }
    case 'heartbeat-late': {
      const name = heartbeatName(event.heartbeat);
      const { lastPingAt, runStartedAt, state } = event.timing;
      if (runStartedAt !== undefined) return { title: `${name} ran too long`, sentence: `${overranWords(event.heartbeat, runStartedAt, now)}.` };
      const every = expected(event.heartbeat);
      if (lastPingAt === undefined) {
        const { waitingSince } = event;
        const watched =
          waitingSince === undefined ? '' : ` in the ${formatDuration(now - waitingSince)} Vigil has watched it`;
        return { title: `${name} has not pinged yet`, sentence: `No ping${watched}${every}.` };
      }
      return {
        title: state === 'down' ? `${name} missed two pings` : `${name} is late`,
        sentence: `Last ping at ${clockTime(lastPingAt, now)}${every}.`,
      };
    }
    case 'heartbeat-failed': {
      const code = event.heartbeat.last_exit_code;
      const { failedAt } = event.timing;
      const at = failedAt === undefined ? '' : ` at ${clockTime(failedAt, now)}`;
      return {
        title: `${heartbeatName(event.heartbeat)} failed${code === undefined ? '' : ` (exit code ${code})`}`,
        sentence: `Its latest run ended${at} ${code === undefined ? 'reporting a failure' : `with exit code ${code}`}.`,
      };
    }
    case 'heartbeat-recovered': {
      const at = event.timing.lastPingAt === undefined ? '' : ` at ${clockTime(event.timing.lastPingAt, now)}`;
      if (event.failedSince !== undefined) {
        return {
          title: `${heartbeatName(event.heartbeat)} recovered: succeeded after failing`,
          sentence: `Pinged${at}, after failing for ${formatDuration(now - event.failedSince)}.`,
        };
      }
      return {
        title: `${heartbeatName(event.heartbeat)} is on time again`,
        sentence: `Pinged${at}, after being late for ${formatDuration(now - event.lateSince)}.`,
      };
    }
    case 'domain-expiring':
    case 'domain-expired': {
      const { expires_on: expiresOn, registrar } = event.domain;
      const name = domainName(event.domain);
      const expired = event.kind === 'domain-expired';
      const by = registrar === undefined ? '' : ` (registrar: ${cleanName(registrar)})`;
      const when = expiresOn === undefined ? '' : ` ${expired ? 'ended' : 'ends'} on ${expiresOn}`;
      const title = expiryTitle(event.kind, name, event.daysLeft);
      if (expired) return { title, sentence: `The registration${when}${by}.` };
      return { title, sentence: `The registration${when}${by}; renew it to keep the domain.` };
    }
    case 'source-problem':
      return { title: sourceProblemTitle(event.item), sentence: `Its source says: ${event.item.summary}${/[.!?]$/.test(event.item.summary) ? '' : '.'}` };
    case 'source-recovered':
      return { title: sourceRecoveredTitle(event.item), sentence: `After ${formatDuration(now - event.troubleSince)} with a problem, its source says: ${event.item.summary}${/[.!?]$/.test(event.item.summary) ? '' : '.'}` };
    case 'certificate-expiring':
    case 'certificate-expired': {
      // The title is the event feed's and the service's sentence (common/format/certificate-words.ts).
      const { url } = event.monitor;
      const at = url === undefined ? '' : ` (${cleanName(url)})`;
      const title = expiryTitle(event.kind, monitorName(event.monitor), event.daysLeft);
      const ends = formatDateTime(event.expiresAt, { locale: hostLocale() });
      if (event.kind === 'certificate-expired') return { title, sentence: `It ended on ${ends}${at}; renew it.` };
      return { title, sentence: `It ends on ${ends}${at}; renew it before then.` };
    }
  }
}

export function itemAlertText(event: ItemEvent, connectionName: string, now: number): AlertText {
  const { title, sentence } = itemTitleAndSentence(event, now);
  const text: AlertText = { severity: itemSeverity(event), title, body: withConnection(sentence, connectionName) };
  const detail = 'monitor' in event ? notificationLine('monitor', event.monitor) : 'heartbeat' in event ? notificationLine('heartbeat', event.heartbeat) : 'domain' in event ? notificationLine('domain', event.domain) : undefined;
  if (detail !== undefined) text.detail = detail;
  return text;
}

// Summaries name problems first, the worst first.
const SUMMARY_ORDER: readonly ItemAlertKind[] = [
  'monitor-down',
  'domain-expired',
  'heartbeat-failed',
  'certificate-expired',
  'heartbeat-late',
  'source-problem',
  'monitor-flapping',
  'domain-expiring',
  'certificate-expiring',
  'monitor-settled',
  'monitor-recovered',
  'heartbeat-recovered',
  'source-recovered',
];

const SUMMARY_PHRASES: Record<ItemAlertKind, (count: number) => string> = {
  'monitor-down': (count) => `${countPhrase(count, 'monitor')} down`,
  'domain-expired': (count) => `${countPhrase(count, 'domain')} expired`,
  'heartbeat-late': (count) => `${countPhrase(count, 'heartbeat')} late`,
  'heartbeat-failed': (count) => `${countPhrase(count, 'heartbeat')} failed`,
  'monitor-flapping': (count) => `${countPhrase(count, 'monitor')} flapping`,
  'domain-expiring': (count) => `${countPhrase(count, 'domain')} expiring`,
  'certificate-expired': (count) => `${countPhrase(count, 'certificate')} expired`,
  'certificate-expiring': (count) => `${countPhrase(count, 'certificate')} expiring`,
  'monitor-settled': (count) => `${countPhrase(count, 'monitor')} settled`,
  'monitor-recovered': (count) => `${countPhrase(count, 'monitor')} back up`,
  'heartbeat-recovered': (count) => `${countPhrase(count, 'heartbeat')} on time again`,
  'source-problem': (count) => `${countPhrase(count, 'item')} with a problem`,
  'source-recovered': (count) => `${countPhrase(count, 'item')} well again`,
};

const NAMES_IN_SUMMARY = 3;

export function eventName(event: ItemEvent): string {
  if ('monitor' in event) return monitorName(event.monitor);
  if ('heartbeat' in event) return heartbeatName(event.heartbeat);
  if ('item' in event) return event.item.name;
  return domainName(event.domain);
}

/** One item alert a summary stands for. */
export interface SummaryLine {
  kind: ItemAlertKind;
  name: string;
  severity: AlertSeverity;
}

/** "5 monitors down", or "5 problems: 3 monitors down, 2 heartbeats late"; the body names a few. */
export function summaryText(lines: readonly SummaryLine[], connectionName: string, atStart: boolean): AlertText {
  const counts = new Map<ItemAlertKind, number>();
  let severity: AlertSeverity = 'info';
  let problems = 0;
  for (const line of lines) {
    counts.set(line.kind, (counts.get(line.kind) ?? 0) + 1);
    if (line.severity !== 'info') problems += 1;
    severity = worseSeverity(severity, line.severity);
  }
  const phrases = SUMMARY_ORDER.flatMap((kind) => {
    const count = counts.get(kind);
    return count === undefined ? [] : [SUMMARY_PHRASES[kind](count)];
  });
  const title =
    phrases.length === 1
      ? (phrases[0] ?? '')
      : `${lines.length} ${problems === lines.length ? 'problems' : 'changes'}: ${phrases.join(', ')}`;
  const ranked = [...lines].sort((a, b) => SUMMARY_ORDER.indexOf(a.kind) - SUMMARY_ORDER.indexOf(b.kind));
  const names = ranked.slice(0, NAMES_IN_SUMMARY).map((line) => line.name).join(', ');
  const more = lines.length > NAMES_IN_SUMMARY ? ` and ${lines.length - NAMES_IN_SUMMARY} more` : '';
  // The first poll of a server, at Vigil's start or just after the server was added: the same words fit both.
  const lead = atStart ? 'Already so when Vigil began watching this server: ' : '';
  return { severity, title, body: withConnection(`${lead}${names}${more}.`, connectionName) };
}

export function connectionLostText(connectionName: string, error: ClientErrorInfo, failedPolls: number): AlertText {
  const name = cleanName(connectionName);
  return {
    severity: 'warning',
    title: `Can't reach ${name}`,
    body:
      `${error.message} (${failedPolls} checks in a row failed.) ` +
      'Vigil keeps trying; the tray shows the last known state.',
  };
}

export function connectionRestoredText(connectionName: string): AlertText {
  const name = cleanName(connectionName);
  return { severity: 'info', title: `${name} is reachable again`, body: 'Vigil is checking your monitors again.' };
}

export function signInAgainText(connectionName: string): AlertText {
  const name = cleanName(connectionName);
  return {
    severity: 'warning',
    title: `Sign in to ${name} again`,
    body: 'The server no longer accepts the token. Vigil has stopped checking this connection until you sign in.',
  };
}

export function tokenExpiringText(connectionName: string, expiresAt: number, now: number): AlertText {
  const name = cleanName(connectionName);
  const when = expiresAt <= now ? 'has expired' : `expires in ${formatDuration(expiresAt - now)}`;
  return {
    severity: 'warning',
    title: `Your sign-in to ${name} ${when}`,
    body: 'Sign in again (or use a new token) to keep Vigil watching.',
  };
}

/**
 * A moment in a notification's sentence, as a time of day to the second rather than "4 s ago": a notification stays
 * on screen (and in the OS's list) long after it was written, and a clock time never goes stale.
 */
function clockTime(at: number, now: number): string {
  return formatClockTime(at, now, { locale: hostLocale(), seconds: true });
}
