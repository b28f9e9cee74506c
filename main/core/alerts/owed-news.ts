// News owed: a change not told because its item is in maintenance, its parent is down or its delay has not passed
// (alert-stages.ts decides which). The item's memory keeps tracking it; what stays owed is decided as the service's
// own alerts decide it (common/maintenance/maintenance-release.ts): when the reason lifts, the item is told once as
// the news said, or not at all when it stands otherwise or is back as the person was last told (down and recovered
// inside a window: nothing). A monitor down inside a window is owed its end even when it was told down before it
// (common/maintenance/maintenance-end.ts words it).
import { monitorStatusOf, type Monitor } from '../../../common/api/index.ts';
import { heldNewsStands, owedAtRelease, type HeldNews } from '../../../common/maintenance/maintenance-release.ts';
import { isBadKind, isExpiryKind, type Alert, type ItemAlertKind } from './alert.ts';
import { delayMsOf } from './alert-rules.ts';
import type { Decision, Moment, News, OwedReason } from './alert-stages.ts';
import { isBadNow, isItemBad, newsId, type OwedChange } from './alert-state.ts';
import { eventName, itemAlertText } from './alert-text.ts';
import { subjectOf, type ItemEvent } from './item-changes.ts';
import { owedText } from './rule-alert-text.ts';
import { monitorKey, utcDay } from '../health/index.ts';
import { maintenanceOf } from '../maintenance/active-maintenance.ts';
import { makeAlert, settleMade, type NewsLedger } from './news-ledger.ts';

const DAY_MS = 86_400_000;

/**
 * An item's state as news tells it, in the terms maintenance-release.ts compares: bad or good, and two kinds of news
 * that are never what the person was last told: flapping (bad whether the monitor is up or down this minute), and an
 * expiry's threshold crossed (an expiry only gets worse, so it is owed until told).
 */
type NewsState = 'bad' | 'good' | 'flapping' | 'past-threshold';

function newsStateOf(kind: ItemAlertKind): NewsState {
  if (kind === 'monitor-flapping') return 'flapping';
  if (isExpiryKind(kind)) return 'past-threshold';
  return isBadKind(kind) ? 'bad' : 'good';
}

/** The owed news in those terms: what the person was last told of its item, and what the news says it became. */
function heldNews(owed: OwedChange): HeldNews<NewsState> {
  return { told: owed.toldBad ? 'bad' : 'good', says: newsStateOf(owed.kind) };
}

/** What the owed news's item is now, in the news's terms: flapping owed stands while the monitor flaps
 * (`flappingAsItStands` has turned it into the monitor's state once it does not), the rest as bad or good. */
function stateNow(moment: Moment, owed: OwedChange): NewsState {
  if (owed.kind === 'monitor-flapping') return 'flapping';
  return isBadNow(moment.memory, owed.about) ? (isExpiryKind(owed.kind) ? 'past-threshold' : 'bad') : 'good';
}

/** When an expiry's item ends (`OwedChange.endsAt`); undefined for other news. */
function expiryEnd(event: ItemEvent, now: number): number | undefined {
  if (event.kind === 'certificate-expiring' || event.kind === 'certificate-expired') return event.expiresAt;
  if (event.kind === 'domain-expiring' || event.kind === 'domain-expired') return (utcDay(now) + event.daysLeft) * DAY_MS;
  return undefined;
}

/** When a down monitor's outage began: the server's `status_since` where it says, else when Vigil first saw it down. */
function monitorOutageBegan(moment: Moment, key: string, monitor: Monitor): number {
  const said = monitor.status_since === undefined ? Number.NaN : Date.parse(monitor.status_since);
  return Number.isFinite(said) ? said : (moment.memory.monitors[key]?.downSince ?? moment.context.now);
}

/** When the trouble the news is about began, for a monitor down, a heartbeat late or failing, a source's item with a problem. */
function outageBegan(moment: Moment, event: ItemEvent): number | undefined {
  if (event.kind === 'monitor-down') return monitorOutageBegan(moment, event.key, event.monitor);
  if (event.kind === 'heartbeat-late') return moment.memory.heartbeats[event.key]?.troubleSince;
  if (event.kind === 'heartbeat-failed') return moment.memory.heartbeats[event.key]?.failedSince;
  if (event.kind === 'source-problem') return moment.memory.sources[event.key]?.troubleSince;
  return undefined;
}

/** News owed for maintenance keeps when the item's windows are to end (they may be moved), so that once they have,
 * it is told how long the trouble had lasted at that moment rather than at the poll that saw it. */
function coveredUntil(moment: Moment, owed: OwedChange): OwedChange {
  if (owed.reason !== 'maintenance') return owed;
  const until = maintenanceOf(moment.maintenance, owed.about.key)?.until;
  if (until === owed.coveredUntil) return owed;
  const kept = { ...owed };
  if (until === undefined) delete kept.coveredUntil;
  else kept.coveredUntil = until;
  return kept;
}

/** Records the change as owed; an item back as it was last told owes nothing. */
export function owe(ledger: NewsLedger, moment: Moment, event: ItemEvent, alert: Alert, reason: OwedReason): void {
  const { now, rules } = moment.context;
  const about = subjectOf(event);
  const id = newsId(about);
  const before = ledger.owed.get(id);
  const bad = isBadKind(event.kind);
  const owed: OwedChange = {
    about,
    reason,
    kind: event.kind,
    title: alert.title,
    severity: alert.severity,
    name: eventName(event),
    toldBad: before?.toldBad ?? !bad,
    since: now,
    ids: [...(before?.ids ?? []), alert.id],
  };
  const began = outageBegan(moment, event);
  if (began !== undefined) owed.outageBegan = began;
  const dueAt = before?.dueAt ?? (reason === 'delay' ? now + delayMsOf(rules, event.key) : undefined);
  if (dueAt !== undefined) owed.dueAt = dueAt;
  const endsAt = expiryEnd(event, now);
  if (endsAt !== undefined) owed.endsAt = endsAt;
  // The item stands as the change says: owed unless that is what the person was last told.
  const held = heldNews(owed);
  if (heldNewsStands(held, held.says)) ledger.owed.set(id, coveredUntil(moment, owed));
  else ledger.owed.delete(id);
}

/**
 * Every monitor down inside a window is owed its end, even one told down before the window began and so with no
 * change to owe: when the window ends it is told "still down after maintenance", as the service's own alerts tell it.
 * Only a monitor with no news owed yet is looked at (news owed already, flapping say, tells as it does).
 */
export function oweStillDown(ledger: NewsLedger, moment: Moment, monitors: readonly Monitor[]): void {
  const { maintenance, memory, context } = moment;
  if ((maintenance.everything === undefined && maintenance.items.size === 0) || Object.keys(memory.monitors).length === 0) return;
  for (const monitor of monitors) {
    if (monitorStatusOf(monitor) !== 'down') continue;
    const key = monitorKey(monitor);
    if (ledger.owed.has(newsId({ about: 'state', key })) || !isItemBad(memory, key) || maintenanceOf(maintenance, key) === undefined) continue;
    const event: ItemEvent = { kind: 'monitor-down', key, monitor };
    const text = itemAlertText(event, context.connection.name, context.now);
    const owed: OwedChange = {
      about: { about: 'state', key },
      reason: 'maintenance',
      kind: event.kind,
      title: text.title,
      severity: text.severity,
      name: eventName(event),
      // Down with no news owed: down is what the person last heard of it (a recovery inside the window is owed).
      toldBad: true,
      since: context.now,
      outageBegan: monitorOutageBegan(moment, key, monitor),
      // No change stands behind it: its alert includes none.
      ids: [],
    };
    ledger.owed.set(newsId(owed.about), coveredUntil(moment, owed));
  }
}

/** Flapping owed since a window (flapping-alerts.ts) stays so while the monitor flaps (how it settles tells it); a
 * monitor no longer flapping without having settled (the rule turned off) is told as it stands, as one that settled
 * is: whatever was told before it flapped is stale. */
function flappingAsItStands(moment: Moment, owed: OwedChange): OwedChange {
  if (owed.kind !== 'monitor-flapping' || moment.memory.flapping[owed.about.key]?.flappingSince !== undefined) return owed;
  const down = isBadNow(moment.memory, owed.about);
  return { ...owed, kind: down ? 'monitor-down' : 'monitor-recovered', title: down ? `${owed.name} is down` : `${owed.name} is back up`, toldBad: !down };
}

/**
 * Asks each item's news owed whether its reason has lifted (`decide`: down the stages), and tells it as it now stands
 * when it has. `names`: this poll's items by key, to name a recovered parent. News its item no longer stands as, or
 * stands as the person was last told, is dropped (maintenance-release.ts).
 */
export function releaseOwed(ledger: NewsLedger, moment: Moment, decide: (news: News) => Decision, names: ReadonlyMap<string, string>): void {
  const { context } = moment;
  for (const [id, entry] of ledger.owed) {
    const owed = flappingAsItStands(moment, entry);
    if (owed !== entry) ledger.owed.set(id, owed);
    const itemKey = owed.about.key;
    // Asked every poll, so news the item has moved on from is dropped even while its reason holds. An item gone from
    // the server is gone from the memory too, so it reads as good: its bad news is dropped.
    const monitorDown = owed.about.about === 'state' && Object.hasOwn(moment.memory.monitors, itemKey);
    if (owedAtRelease(heldNews(owed), { state: stateNow(moment, owed), monitorDown }) === 'nothing') {
      ledger.owed.delete(id);
      continue;
    }
    const bad = isBadKind(owed.kind);
    const parent = owed.reason === 'dependency' ? (context.rules.dependencies.get(itemKey) ?? context.rules.dependsElsewhere?.get(itemKey)) : undefined;
    const text = owedText(owed, context.now, context.connection.name, parent === undefined ? undefined : (names.get(parent) ?? context.elsewhere?.name(parent)));
    const alert = makeAlert(text, owed.kind, context, itemKey, `|${owed.reason}`);
    const decision = decide({ source: 'owed', alert, itemKey, owed });
    if (decision.verdict === 'owe') {
      const kept = coveredUntil(moment, decision.reason === owed.reason ? owed : { ...owed, reason: decision.reason });
      if (kept !== owed) ledger.owed.set(id, kept);
      continue;
    }
    // Only a change is folded into flapping: news owed never is.
    if (decision.verdict === 'fold') continue;
    ledger.owed.delete(id);
    if (owed.ids.length > 0) alert.includes = owed.ids;
    const telling = { alert, name: owed.name, bad, story: alert.title, ids: owed.ids };
    settleMade(ledger, decision, parent === undefined ? telling : { ...telling, parent }, owed.about);
  }
}
