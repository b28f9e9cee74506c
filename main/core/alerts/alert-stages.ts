// The person's choices and rules as one ordered list of stages, read top to bottom: every piece of news (a change
// found in this poll, or news the rules made from earlier changes) goes down the list, and the first stage with
// something to say decides what happens to it: told now, held for the quiet-hours summary, owed until a rule lifts,
// folded into a monitor's flapping, or dropped by the person's choice. A stage is a pure function of the news and
// the poll's moment (which does not change while the poll is judged), so a stage added anywhere leaves the decisions
// of the stages above it as they were.
//
// A new rule is a new stage here, at the place its precedence says (a rule that only delays news below the choices
// that drop it; one that silences outright beside them), with its reason added to `SuppressionReason` when it holds
// news back. Applying a decision (remembering what is owed or held) is news-ledger.ts's job, not a stage's.
import { isFlappingChange } from './flapping.ts';
import { maintenanceOf, type ActiveMaintenance } from '../maintenance/active-maintenance.ts';
import { isRecoveryNews } from './acknowledgement.ts';
import { isBadKind, isTroubleKind, type Alert, type ItemAlertKind } from './alert.ts';
import { delayMsOf, itemTells, type SuppressionReason } from './alert-rules.ts';
import { isItemBad, type AlertState, type OwedChange } from './alert-state.ts';
import type { ConnectionEvent } from './connection-changes.ts';
import type { ItemEvent } from './item-changes.ts';
import type { PollContext } from './poll-context.ts';
import { topicOf } from './preferences.ts';

/** Why news is owed: the rule that will lift. */
export type OwedReason = OwedChange['reason'];

/** One piece of news on its way out. Its source says which stages apply: a change is judged by every rule; news the
 * rules made from earlier changes, which a rule already held back once, is first asked whether that rule still holds. */
export type News =
  /** A change of an item's state found in this poll. `owedFor`: why its item's news is owed already, if it is. */
  | { source: 'item-change'; alert: Alert; event: ItemEvent; itemKey: string; owedFor: OwedReason | undefined }
  /** A change of the connection's own state. `owedAlready`: reachability news from a window is still owed. */
  | { source: 'connection-change'; alert: Alert; event: ConnectionEvent; owedAlready: boolean }
  /** News owed now asked whether its reason has lifted (owed-news.ts). */
  | { source: 'owed'; alert: Alert; itemKey: string; owed: OwedChange }
  /** A monitor began flapping, or settled (flapping-alerts.ts). */
  | { source: 'flapping'; alert: Alert; itemKey: string }
  /** The connection's reachability owed since a server-wide window (owed-reachability.ts). */
  | { source: 'reachability-owed'; alert: Alert };

/** What the stages know of the poll: fixed while its news is judged. */
export interface Moment {
  readonly context: PollContext;
  /** The memory after this poll's changes: what is bad now. */
  readonly memory: AlertState;
  readonly paused: boolean;
  /** The active snoozes by item key. */
  readonly snoozed: ReadonlyMap<string, number | 'resumed'>;
  /** The acknowledged items by item key: when each was acknowledged. */
  readonly acknowledged: ReadonlyMap<string, number>;
  readonly quiet: boolean;
  readonly maintenance: ActiveMaintenance;
}

export type Decision =
  | { verdict: 'tell'; reason: 'due' }
  | { verdict: 'hold'; reason: 'quiet' }
  | { verdict: 'owe'; reason: OwedReason }
  | { verdict: 'fold'; reason: 'flapping' }
  | { verdict: 'drop'; reason: Extract<SuppressionReason, 'paused' | 'snoozed' | 'acknowledged' | 'topic-off' | 'kind-off'> };

export interface Stage {
  /** What the stage is for, as its decisions are traced. */
  name: string;
  /** Its decision, or undefined to leave the news to the stages below. */
  decide(news: News, moment: Moment): Decision | undefined;
}

const owe = (reason: OwedReason): Decision => ({ verdict: 'owe', reason });

function inMaintenance(moment: Moment, itemKey: string): boolean {
  return maintenanceOf(moment.maintenance, itemKey) !== undefined;
}

/** The parent this item depends on, when that parent is bad now. */
function downParent(moment: Moment, itemKey: string): string | undefined {
  const { rules, elsewhere } = moment.context;
  const parent = rules.dependencies.get(itemKey);
  if (parent !== undefined && isItemBad(moment.memory, parent)) return parent;
  const away = rules.dependsElsewhere?.get(itemKey);
  return away !== undefined && elsewhere?.isBad(away) === true ? away : undefined;
}

/** Only a down, a late or a failed run waits for its delay: the rest is news at once. */
function delayable(kind: ItemAlertKind): boolean {
  return isTroubleKind(kind);
}

/** A monitor down, a heartbeat that missed two pings or failed: told at once in quiet hours when the person asks for it. */
function breaksThrough(moment: Moment, alert: Alert): boolean {
  const critical = alert.severity === 'critical' && isTroubleKind(alert.kind);
  return critical && moment.context.rules.quietHours?.criticalBreaksThrough === true;
}

/** The rules' order. Each stage says which news it judges: the first judges only news the rules made, flapping to
 * the delay only changes (news the rules made was judged by them when it was a change). */
export const ALERT_STAGES: readonly Stage[] = [
  {
    // News a window, a parent's outage or a delay held back stays owed while that holds (the person's choices judge
    // it when it is due: lifting a snooze before a window ends lets its news be told).
    name: 'still held back',
    decide(news, moment) {
      if (news.source === 'flapping') return inMaintenance(moment, news.itemKey) ? owe('maintenance') : undefined;
      if (news.source === 'reachability-owed') return moment.maintenance.everything === undefined ? undefined : owe('maintenance');
      if (news.source !== 'owed') return undefined;
      if (inMaintenance(moment, news.itemKey)) return owe('maintenance');
      if (isBadKind(news.owed.kind) && downParent(moment, news.itemKey) !== undefined) return owe('dependency');
      if (news.owed.dueAt !== undefined && news.owed.dueAt > moment.context.now) return owe('delay');
      return undefined;
    },
  },
  // The person's choices drop news for good: lifting them never replays it.
  { name: 'paused', decide: (_news, moment) => (moment.paused ? { verdict: 'drop', reason: 'paused' } : undefined) },
  {
    name: 'snoozed',
    decide: ({ alert }, moment) => (alert.itemKey !== undefined && moment.snoozed.has(alert.itemKey) ? { verdict: 'drop', reason: 'snoozed' } : undefined),
  },
  {
    // "I'm on it": the person has the problem in hand, so nothing more is said of it while it lasts — no reminder, no
    // "still down" after a window, no worse news (a late job's run failing, a domain nearer its end). The person's
    // choice, so it drops news for good, beside the pause and snoozes; below "still held back", so news a window, a
    // parent or a delay holds stays owed and is dropped here once due. Its recovery goes on to the stages below and is
    // told once as any recovery is (held while quiet, owed in a window, folded into flapping); the poll that sees the
    // item well again ends the acknowledgement (`endedAcknowledgements`).
    name: 'acknowledged',
    decide: ({ alert }, moment) =>
      alert.itemKey !== undefined && moment.acknowledged.has(alert.itemKey) && !isRecoveryNews(alert) ? { verdict: 'drop', reason: 'acknowledged' } : undefined,
  },
  {
    name: 'topic off',
    decide({ alert }, moment) {
      const topic = topicOf(alert.kind);
      return topic === undefined || moment.context.preferences.notify[topic] ? undefined : { verdict: 'drop', reason: 'topic-off' };
    },
  },
  {
    name: 'kind off',
    decide: ({ alert }, moment) =>
      alert.itemKey === undefined || itemTells(moment.context.rules, alert.itemKey, alert.kind) ? undefined : { verdict: 'drop', reason: 'kind-off' },
  },
  {
    // A flapping item's changes are its flapping's story: told by the flapping alert and how it settled.
    name: 'flapping',
    decide(news, moment) {
      if (news.source !== 'item-change' || !isFlappingChange(news.event.kind)) return undefined;
      return moment.memory.flapping[news.event.key]?.flappingSince !== undefined ? { verdict: 'fold', reason: 'flapping' } : undefined;
    },
  },
  {
    // An item in a window, or the connection's reachability under a server-wide one: told once the window ends.
    name: 'maintenance',
    decide(news, moment) {
      if (news.source === 'item-change') return inMaintenance(moment, news.itemKey) ? owe('maintenance') : undefined;
      if (news.source !== 'connection-change' || (news.event.kind !== 'connection-lost' && news.event.kind !== 'connection-restored')) return undefined;
      return moment.maintenance.everything !== undefined || news.owedAlready ? owe('maintenance') : undefined;
    },
  },
  {
    // An item's trouble while what it depends on is down: folded into the parent's alert, or told as the parent recovers.
    name: 'dependency',
    decide: (news, moment) =>
      news.source === 'item-change' && isBadKind(news.event.kind) && downParent(moment, news.itemKey) !== undefined ? owe('dependency') : undefined,
  },
  {
    // A change of an item whose news is owed joins it, told together when its reason lifts.
    name: 'owed already',
    decide: (news) => (news.source === 'item-change' && news.owedFor !== undefined ? owe(news.owedFor) : undefined),
  },
  {
    name: 'delay',
    decide: (news, moment) =>
      news.source === 'item-change' && delayable(news.event.kind) && delayMsOf(moment.context.rules, news.itemKey) > 0 ? owe('delay') : undefined,
  },
  {
    // Held, never dropped: the first poll after quiet hours tells it all in one summary (quiet-hours.ts).
    name: 'quiet hours',
    decide: ({ alert }, moment) => (moment.quiet && !breaksThrough(moment, alert) ? { verdict: 'hold', reason: 'quiet' } : undefined),
  },
  { name: 'told', decide: () => ({ verdict: 'tell', reason: 'due' }) },
];

/** The first decision down `stages` (the last stage of `ALERT_STAGES` always has one). */
export function judge(news: News, moment: Moment, stages: readonly Stage[]): Decision {
  for (const stage of stages) {
    const decision = stage.decide(news, moment);
    if (decision !== undefined) return decision;
  }
  return { verdict: 'tell', reason: 'due' };
}
