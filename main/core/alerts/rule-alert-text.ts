// The words of the alerts the person's rules add: flapping and settled, news told late (after maintenance, a delay
// or a parent's outage), a parent's outage with its dependents, and the quiet-hours summary. Names arrive cleaned
// and bounded (health/display.ts); the lists a body names are bounded too.
import { certificateDaysLeft, certificateOf } from '../../../common/format/certificate-words.ts';
import { lastedAtMaintenanceEndWords, stillAfterMaintenanceTitle } from '../../../common/maintenance/maintenance-end.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { countPhrase, utcDay } from '../health/index.ts';
import { isBadKind, isExpiryKind, worseSeverity, type AlertSeverity, type ExpiryAlertKind, type ItemAlertKind } from './alert.ts';
import type { AlertRules } from './alert-rules.ts';
import type { HeldStory, OwedChange } from './alert-state.ts';
import { expiryTitle, withConnection, type AlertText } from './alert-text.ts';
import type { ItemEvent } from './item-changes.ts';

export function flappingText(name: string, rule: AlertRules['flapping'], connectionName: string): AlertText {
  const sentence =
    `It changed state more than ${countPhrase(rule.changes, 'time')} in ${rule.minutes} min. ` +
    `Vigil says how it settles once it has stayed put for ${rule.minutes} min.`;
  return { severity: 'warning', title: `${name} is flapping`, body: withConnection(sentence, connectionName) };
}

export function settledText(name: string, down: boolean, rule: AlertRules['flapping'], connectionName: string): AlertText {
  const state = down ? 'down' : 'up';
  return {
    severity: down ? 'critical' : 'info',
    title: `${name} stopped flapping: ${state}`,
    body: withConnection(`No change for ${rule.minutes} min; the server reports it ${state}.`, connectionName),
  };
}

/** "down", "late", "failing": the state a still-bad monitor or heartbeat is in; undefined for a domain (its title says it). */
function badWord(kind: ItemAlertKind): string | undefined {
  if (kind === 'monitor-down') return 'down';
  if (kind === 'heartbeat-late') return 'late';
  if (kind === 'heartbeat-failed') return 'failing';
  return undefined;
}

/** The days left of an owed expiry as its kind counts them (a certificate's to its instant, a domain's UTC days). */
function daysLeftNow(kind: ExpiryAlertKind, endsAt: number, now: number): number {
  return kind === 'certificate-expiring' || kind === 'certificate-expired' ? certificateDaysLeft(endsAt, now) : utcDay(endsAt) - utcDay(now);
}

/** The owed news's title as it stands now: an expiry's days counted again (days may have passed since it was owed). */
function owedTitle(owed: OwedChange, now: number): string {
  return owed.endsAt !== undefined && isExpiryKind(owed.kind) ? expiryTitle(owed.kind, owed.name, daysLeftNow(owed.kind, owed.endsAt, now)) : owed.title;
}

/** When the maintenance owing the news ended: the windows' end as last seen, else (ended early) the poll that saw it. */
function maintenanceEndedAt(owed: OwedChange, now: number): number {
  return owed.coveredUntil !== undefined && owed.coveredUntil <= now ? owed.coveredUntil : now;
}

const sentenceCase = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** News owed, told when its reason lifts: as the item stands now. */
export function owedText(entry: OwedChange, now: number, connectionName: string, parentName: string | undefined): AlertText {
  const owed = { ...entry, title: owedTitle(entry, now) };
  const lasted = formatDuration(now - owed.since);
  // Only maintenance owes a recovery: elsewhere a recovery of an outage already told is told at once.
  if (!isBadKind(owed.kind)) return { severity: owed.severity, title: owed.title, body: withConnection('It recovered during maintenance.', connectionName) };
  const word = badWord(owed.kind);
  switch (owed.reason) {
    case 'maintenance':
      if (word === undefined) return { severity: owed.severity, title: `${owed.title} (after maintenance)`, body: withConnection(`So for ${lasted}; maintenance has ended.`, connectionName) };
      return {
        severity: owed.severity,
        title: stillAfterMaintenanceTitle(owed.name, word),
        body: withConnection(`${sentenceCase(lastedAtMaintenanceEndWords(word, owed.outageBegan ?? owed.since, maintenanceEndedAt(owed, now)))}.`, connectionName),
      };
    case 'delay':
      return { severity: owed.severity, title: owed.title, body: withConnection(`So for ${lasted} now.`, connectionName) };
    case 'dependency':
      return {
        severity: owed.severity,
        title: word === undefined ? owed.title : `${owed.name} is still ${word}`,
        body: withConnection(`${parentName ?? 'The item it depends on'} is back up.`, connectionName),
      };
  }
}

/** "Router is down — 12 dependent monitors affected". */
export function withDependents(title: string, affected: number, allMonitors: boolean): string {
  return `${title} — ${countPhrase(affected, allMonitors ? 'dependent monitor' : 'dependent item')} affected`;
}

const NAMES_IN_LIST = 3;

function namesList(names: readonly string[]): string {
  const more = names.length > NAMES_IN_LIST ? ` and ${names.length - NAMES_IN_LIST} more` : '';
  return `${names.slice(0, NAMES_IN_LIST).join(', ')}${more}`;
}

/** Several children still bad when their parent recovers: one alert. */
export function dependentsStillBadText(
  parentName: string | undefined,
  names: readonly string[],
  severity: AlertSeverity,
  connectionName: string,
): AlertText {
  const parent = parentName === undefined ? 'The item they depend on is back up' : `${parentName} is back up`;
  return {
    severity,
    title: `${countPhrase(names.length, 'dependent item')} still not well`,
    body: withConnection(`${parent}; still down or late: ${namesList(names)}.`, connectionName),
  };
}

/** How a change reads in the quiet-hours summary: a recovery says how long the trouble lasted. */
export function changeStory(event: ItemEvent, title: string, name: string, now: number): string {
  if (event.kind === 'monitor-recovered') return `${name} was down ${formatDuration((event.recoveredAt ?? now) - event.downSince)}, recovered`;
  if (event.kind === 'heartbeat-recovered') {
    if (event.failedSince !== undefined) return `${name} was failing ${formatDuration(now - event.failedSince)}, succeeded again`;
    return `${name} was late ${formatDuration(now - event.lateSince)}, on time again`;
  }
  if (event.kind === 'source-recovered') return `${name} had a problem for ${formatDuration(now - event.troubleSince)}, well again`;
  return title;
}

/** A certificate held as expiring in quiet hours, then renewed: how the summary ends its story. */
export function certificateRenewedStory(name: string): string {
  return `${certificateOf(name)} was renewed`;
}

const STORIES_IN_SUMMARY = 5;

/**
 * "While quiet: 1 still wrong, 1 resolved" — "Backup is late; API was down 14 min, recovered." Problems first. The
 * title says when, once: a notification shows the body under it.
 */
export function quietSummaryText(stories: readonly HeldStory[], uncounted: number, connectionName: string): AlertText {
  const ranked = [...stories].sort((a, b) => Number(b.bad) - Number(a.bad));
  const wrong = stories.filter((story) => story.bad).length;
  const counts = [wrong > 0 ? `${wrong} still wrong` : '', wrong < stories.length ? `${stories.length - wrong} resolved` : ''];
  const extra = stories.length - STORIES_IN_SUMMARY;
  const moreItems = extra > 0 ? `; and ${countPhrase(extra, 'more item')}` : '';
  const moreChanges = uncounted > 0 ? `; and ${countPhrase(uncounted, 'more change')} not kept` : '';
  const told = ranked.slice(0, STORIES_IN_SUMMARY).map((story) => story.story).join('; ');
  const severity = ranked.reduce<AlertSeverity>((worst, story) => (story.bad ? worseSeverity(worst, story.severity) : worst), 'info');
  return {
    severity,
    title: `While quiet: ${counts.filter((count) => count !== '').join(', ') || countPhrase(uncounted, 'change')}`,
    body: withConnection(`${told}${moreItems}${moreChanges}.`, connectionName),
  };
}
