// What one poll's news comes to, once the stages (alert-stages.ts) have judged it: what is told now, what stays owed
// or is held for the quiet-hours summary, and why each change was not told. The stages decide; the functions here
// and the news's own files (owed-news.ts, flapping-alerts.ts, owed-reachability.ts) carry the decisions out.
import { alertId, type Alert } from './alert.ts';
import type { SuppressionReason } from './alert-rules.ts';
import type { Decision } from './alert-stages.ts';
import { newsId, type AlertState, type HeldStory, type HeldSubject, type OwedChange, type OwedReachability } from './alert-state.ts';
import type { AlertText } from './alert-text.ts';
import { HELD_LIMIT } from './held-limit.ts';
import type { PollContext } from './poll-context.ts';

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

export interface NewsLedger {
  /** News owed, by `newsId` of what it is about, in the order it was first owed. */
  owed: Map<string, OwedChange>;
  /** The connection's reachability news owed since a server-wide window. */
  reachabilityOwed: OwedReachability | undefined;
  /** Stories held for the quiet-hours summary, by `newsId` of what each is about, in the order first held. */
  held: Map<string, HeldStory>;
  heldUncounted: number;
  /** Item news told now. */
  told: Telling[];
  /** The connection's own news told now. */
  connectionTold: Alert[];
  suppressed: Suppressed[];
}

export function openLedger(state: AlertState): NewsLedger {
  return {
    owed: new Map(state.owed.map((owed) => [newsId(owed.about), owed])),
    reachabilityOwed: state.connection.owed,
    held: new Map(state.held.map((story) => [newsId(story.about), story])),
    heldUncounted: state.heldUncounted,
    told: [],
    connectionTold: [],
    suppressed: [],
  };
}

/** The state with what the ledger keeps for the next poll. */
export function closeLedger(state: AlertState, ledger: NewsLedger): AlertState {
  const connection = { ...state.connection };
  if (ledger.reachabilityOwed === undefined) delete connection.owed;
  else connection.owed = ledger.reachabilityOwed;
  return { ...state, connection, owed: [...ledger.owed.values()], held: [...ledger.held.values()], heldUncounted: ledger.heldUncounted };
}

export function makeAlert(text: AlertText, kind: Alert['kind'], context: PollContext, itemKey?: string, idSuffix = ''): Alert {
  const connectionId = context.connection.id;
  const alert: Alert = { id: `${alertId(connectionId, kind, itemKey, context.now)}${idSuffix}`, kind, ...text, connectionId };
  if (itemKey !== undefined) alert.itemKey = itemKey;
  return alert;
}

/** Keeps the news for the quiet-hours summary: the item's latest story, every change id it stands for. */
export function hold(ledger: NewsLedger, telling: Telling, about: HeldSubject): void {
  const holdKey = newsId(about);
  const before = ledger.held.get(holdKey);
  if (before === undefined && ledger.held.size >= HELD_LIMIT) {
    ledger.heldUncounted += Math.max(1, telling.ids.length);
    return;
  }
  ledger.held.set(holdKey, { about, story: telling.story, severity: telling.alert.severity, bad: telling.bad, ids: [...(before?.ids ?? []), ...telling.ids] });
}

/** Item news told now. While its item has a held story (breaking through quiet hours, or in the poll they end) it
 * stands for that story too, so the summary cannot say "recovered" of an item that is down again, nor tell it twice. */
export function tell(ledger: NewsLedger, telling: Telling, about: HeldSubject): void {
  const holdKey = newsId(about);
  const held = ledger.held.get(holdKey);
  if (held === undefined) {
    ledger.told.push(telling);
    return;
  }
  ledger.held.delete(holdKey);
  const includes = [...held.ids, ...(telling.alert.includes ?? [])];
  ledger.told.push({ ...telling, alert: { ...telling.alert, includes }, ids: [...held.ids, ...telling.ids] });
}

/** News the rules made (flapping, owed news told late) that no rule holds back any more: dropped by the person's
 * choices (listed in `suppressed` as that alert, its `includes` naming the changes it stood for), held while quiet
 * as the story of what it is `about`, else told. */
export function settleMade(ledger: NewsLedger, decision: Exclude<Decision, { verdict: 'owe' | 'fold' }>, telling: Telling, about: HeldSubject): void {
  if (decision.verdict === 'drop') ledger.suppressed.push({ alert: telling.alert, reason: decision.reason });
  else if (decision.verdict === 'hold') hold(ledger, telling, about);
  else tell(ledger, telling, about);
}
