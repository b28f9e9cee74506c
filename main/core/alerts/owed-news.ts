// News owed: a change not told because its item is in maintenance, its parent is down or its delay has not passed.
// The item's memory keeps tracking it; when the reason lifts, the item is told once as it then stands, or not at all
// when it is back as the person was last told (down and recovered inside a window: nothing). A monitor down inside a
// window is owed its end even when it was told down before it (common/api/maintenance-end.ts), as the service's own
// alerts do.
import { monitorStatusOf, type Monitor } from '../../../common/api/index.ts';
import { isBadKind, isExpiryKind, type Alert } from './alert.ts';
import { delayMsOf } from './alert-rules.ts';
import type { OwedChange } from './alert-state.ts';
import { eventName, itemAlertText } from './alert-text.ts';
import type { ItemEvent } from './item-changes.ts';
import { owedText } from './rule-alert-text.ts';
import { monitorKey, utcDay } from '../health/index.ts';
import { maintenanceOf } from '../maintenance/active-maintenance.ts';
import { newsItemKey } from './news-key.ts';
import { inMaintenance, isBadNow, makeAlert, tellDerived, type RulePass } from './rule-pass.ts';

/** Only a down, a late or a failed run waits for its delay: the rest is news at once. */
function delayable(kind: ItemEvent['kind']): boolean {
  return kind === 'monitor-down' || kind === 'heartbeat-late' || kind === 'heartbeat-failed';
}

/** The parent this item depends on, when that parent is bad now. */
function downParent(pass: RulePass, itemKey: string): string | undefined {
  const parent = pass.context.rules.dependencies.get(itemKey);
  return parent !== undefined && isBadNow(pass.memory, parent) ? parent : undefined;
}

/** Why this change is owed rather than told, if it is. Owed news is kept by its news key, the rules go by its item. */
export function owedReason(pass: RulePass, event: ItemEvent): OwedChange['reason'] | undefined {
  const itemKey = newsItemKey(event.key);
  if (inMaintenance(pass, itemKey)) return 'maintenance';
  const bad = isBadKind(event.kind);
  if (bad && downParent(pass, itemKey) !== undefined) return 'dependency';
  const owed = pass.owed.get(event.key);
  if (owed !== undefined) return owed.reason;
  if (bad && delayable(event.kind) && delayMsOf(pass.context.rules, itemKey) > 0) return 'delay';
  return undefined;
}

const DAY_MS = 86_400_000;

/** When an expiry's item ends (`OwedChange.endsAt`); undefined for other news. */
function expiryEnd(event: ItemEvent, now: number): number | undefined {
  if (event.kind === 'certificate-expiring' || event.kind === 'certificate-expired') return event.expiresAt;
  if (event.kind === 'domain-expiring' || event.kind === 'domain-expired') return (utcDay(now) + event.daysLeft) * DAY_MS;
  return undefined;
}

/** When a down monitor's outage began: the server's `status_since` where it says, else when Vigil first saw it down. */
function monitorOutageBegan(pass: RulePass, key: string, monitor: Monitor): number {
  const said = monitor.status_since === undefined ? Number.NaN : Date.parse(monitor.status_since);
  return Number.isFinite(said) ? said : (pass.memory.monitorsDown[key] ?? pass.context.now);
}

/** When the trouble the news is about began, for a monitor down or a heartbeat late or failing. */
function outageBegan(pass: RulePass, event: ItemEvent): number | undefined {
  if (event.kind === 'monitor-down') return monitorOutageBegan(pass, event.key, event.monitor);
  if (event.kind === 'heartbeat-late') return pass.memory.heartbeatsLate[event.key];
  if (event.kind === 'heartbeat-failed') return pass.memory.heartbeatsFailed[event.key];
  return undefined;
}

/** News owed for maintenance keeps when the item's windows are to end (they may be moved), so that once they have,
 * it is told how long the trouble had lasted at that moment rather than at the poll that saw it. */
function coveredUntil(pass: RulePass, owed: OwedChange, key: string): OwedChange {
  if (owed.reason !== 'maintenance') return owed;
  const until = maintenanceOf(pass.maintenance, newsItemKey(key))?.until;
  if (until === owed.coveredUntil) return owed;
  const kept = { ...owed };
  if (until === undefined) delete kept.coveredUntil;
  else kept.coveredUntil = until;
  return kept;
}

/** Records the change as owed; an item back as it was last told owes nothing. */
export function owe(pass: RulePass, event: ItemEvent, alert: Alert, reason: OwedChange['reason']): void {
  const { now, rules } = pass.context;
  const before = pass.owed.get(event.key);
  const bad = isBadKind(event.kind);
  const owed: OwedChange = {
    reason,
    kind: event.kind,
    title: alert.title,
    severity: alert.severity,
    name: eventName(event),
    toldBad: before?.toldBad ?? !bad,
    since: now,
    ids: [...(before?.ids ?? []), alert.id],
  };
  const began = outageBegan(pass, event);
  if (began !== undefined) owed.outageBegan = began;
  const dueAt = before?.dueAt ?? (reason === 'delay' ? now + delayMsOf(rules, newsItemKey(event.key)) : undefined);
  if (dueAt !== undefined) owed.dueAt = dueAt;
  const endsAt = expiryEnd(event, now);
  if (endsAt !== undefined) owed.endsAt = endsAt;
  // An expiry's news only ever gets worse (a nearer threshold), so it is owed until told.
  const asTold = bad === owed.toldBad && !isExpiryKind(event.kind);
  if (asTold) pass.owed.delete(event.key);
  else pass.owed.set(event.key, coveredUntil(pass, owed, event.key));
}

/**
 * Every monitor down inside a window is owed its end, even one told down before the window began and so with no
 * change to owe: when the window ends it is told "still down after maintenance", as the service's own alerts tell it.
 * Only a monitor with no news owed yet is looked at (news owed already, flapping say, tells as it does).
 */
export function oweStillDown(pass: RulePass, monitors: readonly Monitor[]): void {
  const { maintenance, memory, context } = pass;
  if ((maintenance.everything === undefined && maintenance.items.size === 0) || Object.keys(memory.monitorsDown).length === 0) return;
  for (const monitor of monitors) {
    if (monitorStatusOf(monitor) !== 'down') continue;
    const key = monitorKey(monitor);
    if (pass.owed.has(key) || !isBadNow(memory, key) || !inMaintenance(pass, key)) continue;
    const event: ItemEvent = { kind: 'monitor-down', key, monitor };
    const text = itemAlertText(event, context.connection.name, context.now);
    const owed: OwedChange = {
      reason: 'maintenance',
      kind: event.kind,
      title: text.title,
      severity: text.severity,
      name: eventName(event),
      // Down with no news owed: down is what the person last heard of it (a recovery inside the window is owed).
      toldBad: true,
      since: context.now,
      outageBegan: monitorOutageBegan(pass, key, monitor),
      // No change stands behind it: its alert includes none.
      ids: [],
    };
    pass.owed.set(key, coveredUntil(pass, owed, key));
  }
}

/** What still holds the news back now, if anything. */
function stillOwed(pass: RulePass, itemKey: string, owed: OwedChange): OwedChange['reason'] | undefined {
  if (inMaintenance(pass, itemKey)) return 'maintenance';
  if (isBadKind(owed.kind) && downParent(pass, itemKey) !== undefined) return 'dependency';
  if (owed.dueAt !== undefined && owed.dueAt > pass.context.now) return 'delay';
  return undefined;
}

/** Flapping owed since a window (flapping-alerts.ts) stays so while the monitor flaps (how it settles tells it); a
 * monitor no longer flapping without having settled (the rule turned off) is told as it stands. */
function flappingAsItStands(pass: RulePass, key: string, owed: OwedChange): OwedChange {
  if (owed.kind !== 'monitor-flapping' || pass.memory.flapping[key]?.flappingSince !== undefined) return owed;
  const down = isBadNow(pass.memory, key);
  const changed: OwedChange = { ...owed, kind: down ? 'monitor-down' : 'monitor-recovered', title: down ? `${owed.name} is down` : `${owed.name} is back up` };
  pass.owed.set(key, changed);
  return changed;
}

/**
 * Tells each owed item whose reason has lifted, as it now stands. `names`: this poll's items by key, to name a
 * recovered parent. Items gone from the server, and items back as last told, are dropped.
 */
export function releaseOwed(pass: RulePass, names: ReadonlyMap<string, string>): void {
  const { context } = pass;
  for (const [key, entry] of pass.owed) {
    const owed = flappingAsItStands(pass, key, entry);
    const bad = isBadKind(owed.kind);
    // Flapping is bad whether the monitor is up or down this minute.
    if (bad && owed.kind !== 'monitor-flapping' && !isBadNow(pass.memory, key)) {
      pass.owed.delete(key);
      continue;
    }
    const itemKey = newsItemKey(key);
    const reason = stillOwed(pass, itemKey, owed);
    if (reason !== undefined) {
      const kept = coveredUntil(pass, reason === owed.reason ? owed : { ...owed, reason }, key);
      if (kept !== owed) pass.owed.set(key, kept);
      continue;
    }
    pass.owed.delete(key);
    const parent = owed.reason === 'dependency' ? context.rules.dependencies.get(itemKey) : undefined;
    const text = owedText(owed, context.now, context.connection.name, parent === undefined ? undefined : names.get(parent));
    const alert = makeAlert(text, owed.kind, context, itemKey, `|${owed.reason}`);
    if (owed.ids.length > 0) alert.includes = owed.ids;
    const telling = { alert, name: owed.name, bad, story: alert.title, ids: owed.ids };
    tellDerived(pass, parent === undefined ? telling : { ...telling, parent }, key);
  }
}
