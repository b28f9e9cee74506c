// One poll's pass through the person's rules: what it knows (the moment's quiet and maintenance, the new memory)
// and what it produces (news told now, news held or owed, and why each change was not told). The rule steps
// (owed-news.ts, flapping-alerts.ts, dependencies.ts, quiet-hours.ts) work on it in turn.
import { maintenanceOf, type ActiveMaintenance } from '../maintenance/active-maintenance.ts';
import { alertId, type Alert } from './alert.ts';
import { itemTells, type SuppressionReason } from './alert-rules.ts';
import type { AlertState, HeldStory, OwedChange } from './alert-state.ts';
import type { AlertText } from './alert-text.ts';
import { topicOf, type AlertPreferences } from './preferences.ts';
import type { PollContext } from './poll-context.ts';
import { HELD_LIMIT } from './held-limit.ts';
import { isCertificateNewsKey, newsItemKey } from './news-key.ts';
import { isQuietAt, maintenanceAt } from './rule-moments.ts';
import { activeSnoozes, isPaused } from './snooze.ts';

/** An alert on its way out, with what quiet hours would say of it and the change ids it stands for. */
export interface Telling {
  alert: Alert;
  /** The item's name (or the server's, for its own news). */
  name: string;
  /** The item's state after it: bad (down, late, expiring, flapping) or not. */
  bad: boolean;
  /** How the quiet-hours summary tells it. */
  story: string;
  ids: string[];
  /** News of a child told as its parent recovers: told together with its siblings. */
  parent?: string;
}

export interface Suppressed {
  alert: Alert;
  reason: SuppressionReason;
}

export interface RulePass {
  context: PollContext;
  /** The memory after this poll's changes: what is bad now. */
  memory: AlertState;
  paused: boolean;
  snoozed: ReadonlyMap<string, number | 'resumed'>;
  quiet: boolean;
  maintenance: ActiveMaintenance;
  owed: Map<string, OwedChange>;
  held: Map<string, HeldStory>;
  heldUncounted: number;
  told: Telling[];
  suppressed: Suppressed[];
}

export function startPass(memory: AlertState, context: PollContext): RulePass {
  const { now, rules } = context;
  const asMap = <T>(record: Record<string, T>): Map<string, T> => new Map(Object.entries(record));
  return {
    context,
    memory,
    paused: isPaused(context.pausedUntil, now),
    snoozed: activeSnoozes(context.snoozes, now),
    quiet: isQuietAt(rules.quietHours, now),
    maintenance: maintenanceAt(rules.maintenance, now),
    owed: asMap(memory.owed),
    held: asMap(memory.held),
    heldUncounted: memory.heldUncounted,
    told: [],
    suppressed: [],
  };
}

export function makeAlert(text: AlertText, kind: Alert['kind'], context: PollContext, itemKey?: string, idSuffix = ''): Alert {
  const connectionId = context.connection.id;
  const alert: Alert = { id: `${alertId(connectionId, kind, itemKey, context.now)}${idSuffix}`, kind, ...text, connectionId };
  if (itemKey !== undefined) alert.itemKey = itemKey;
  return alert;
}

/** Whether the item (or its certificate, by its news key) is bad in the memory after this poll (its key is
 * remembered as down, late or expiring). */
export function isBadNow(memory: AlertState, itemKey: string): boolean {
  if (isCertificateNewsKey(itemKey)) return memory.certificates !== undefined && Object.hasOwn(memory.certificates, newsItemKey(itemKey));
  if (itemKey.startsWith('monitor')) return Object.hasOwn(memory.monitorsDown, itemKey);
  if (itemKey.startsWith('heartbeat')) return Object.hasOwn(memory.heartbeatsLate, itemKey);
  return Object.hasOwn(memory.domains, itemKey);
}

function wanted(kind: Alert['kind'], preferences: AlertPreferences): boolean {
  const topic = topicOf(kind);
  return topic === undefined || preferences.notify[topic];
}

/** The person's choices that drop news for good: lifting them never replays it. */
export function droppedBy(pass: RulePass, alert: Alert): SuppressionReason | undefined {
  if (pass.paused) return 'paused';
  const key = alert.itemKey;
  if (key !== undefined && pass.snoozed.has(key)) return 'snoozed';
  if (!wanted(alert.kind, pass.context.preferences)) return 'topic-off';
  if (key !== undefined && !itemTells(pass.context.rules, key, alert.kind)) return 'kind-off';
  return undefined;
}

export function inMaintenance(pass: RulePass, itemKey: string): boolean {
  return maintenanceOf(pass.maintenance, itemKey) !== undefined;
}

/** A monitor down, a heartbeat that missed two pings or failed: told at once in quiet hours when the person asks for it. */
function breaksThrough(pass: RulePass, alert: Alert): boolean {
  const critical = alert.severity === 'critical' && (alert.kind === 'monitor-down' || alert.kind === 'heartbeat-late' || alert.kind === 'heartbeat-failed');
  return critical && pass.context.rules.quietHours?.criticalBreaksThrough === true;
}

/** Keeps the news for the quiet-hours summary: the item's latest story, every change id it stands for. */
export function hold(pass: RulePass, telling: Telling, holdKey: string): void {
  const before = pass.held.get(holdKey);
  if (before === undefined && pass.held.size >= HELD_LIMIT) {
    pass.heldUncounted += Math.max(1, telling.ids.length);
    return;
  }
  pass.held.set(holdKey, { story: telling.story, severity: telling.alert.severity, bad: telling.bad, ids: [...(before?.ids ?? []), ...telling.ids] });
}

/** News told while its item has a held story (breaking through, or in the poll quiet hours end) stands for that
 * story too, so the summary cannot say "recovered" of an item that is down again, nor tell the item twice. */
function withHeldNews(pass: RulePass, telling: Telling, holdKey: string): Telling {
  const held = pass.held.get(holdKey);
  if (held === undefined) return telling;
  pass.held.delete(holdKey);
  const includes = [...held.ids, ...(telling.alert.includes ?? [])];
  return { ...telling, alert: { ...telling.alert, includes }, ids: [...held.ids, ...telling.ids] };
}

/** Told now, or held for the quiet-hours summary; true when held. */
export function tellOrHold(pass: RulePass, telling: Telling, holdKey: string): boolean {
  if (!pass.quiet || breaksThrough(pass, telling.alert)) {
    pass.told.push(withHeldNews(pass, telling, holdKey));
    return false;
  }
  hold(pass, telling, holdKey);
  return true;
}

/** News the rules made (flapping, owed news told late): dropped by the person's choices (listed in `suppressed` as
 * that alert, its `includes` naming the changes it stood for), else told or held under `holdKey` (its news key).
 * Callers owe it instead while its item is in maintenance. */
export function tellDerived(pass: RulePass, telling: Telling, holdKey = telling.alert.itemKey ?? telling.alert.id): void {
  const dropped = droppedBy(pass, telling.alert);
  if (dropped !== undefined) {
    pass.suppressed.push({ alert: telling.alert, reason: dropped });
    return;
  }
  tellOrHold(pass, telling, holdKey);
}
