// The alert policy as one pure reducer: remembered state + one poll outcome → new state + the alerts to show.
// Tracking and telling are separate steps: every change is tracked, then each piece of news goes down the stages of
// alert-stages.ts — the person's choices (the global pause, snoozes, topics and per-item kinds) and rules (flapping,
// maintenance, dependencies, a delay, quiet hours) — which decide what is told now, later or never, so lifting any of
// them never replays old news and what is held is never lost.
import type { PollOutcome } from '../model/snapshot.ts';
import { endedAcknowledgements } from './acknowledgement.ts';
import { isBadKind, STATE_CHANGE_KINDS, type Alert, type ItemAlertKind } from './alert.ts';
import { ALERT_STAGES, judge, type Decision, type Moment, type News, type Stage } from './alert-stages.ts';
import { heartbeatsWaiting, newsId, type AlertState } from './alert-state.ts';
import {
  connectionLostText,
  connectionRestoredText,
  eventName,
  itemAlertText,
  signInAgainText,
  summaryText,
  tokenExpiringText,
} from './alert-text.ts';
import type { CertificateRenewal } from './certificate-changes.ts';
import { connectionChanges, type ConnectionEvent } from './connection-changes.ts';
import { foldDependents, groupDependents } from './dependencies.ts';
import { flappingAlerts } from './flapping-alerts.ts';
import { isFlappingChange, trackFlapping, type FlapTracking } from './flapping.ts';
import { itemChanges, subjectOf, type ItemEvent } from './item-changes.ts';
import { closeLedger, hold, makeAlert, openLedger, tell, type NewsLedger, type Telling } from './news-ledger.ts';
import { owe, oweStillDown, releaseOwed } from './owed-news.ts';
import { isReachabilityNews, oweReachability, releaseReachability } from './owed-reachability.ts';
import type { PollContext, PollEvaluation } from './poll-context.ts';
import { quietSummary } from './quiet-hours.ts';
import { certificateRenewedStory, changeStory } from './rule-alert-text.ts';
import { isQuietAt, maintenanceAt } from './rule-moments.ts';
import { activeSnoozes, isPaused } from './snooze.ts';

function connectionAlert(event: ConnectionEvent, context: PollContext): Alert {
  const { name } = context.connection;
  switch (event.kind) {
    case 'connection-lost':
      return makeAlert(connectionLostText(name, event.error, event.failedPolls), event.kind, context);
    case 'connection-restored':
      return makeAlert(connectionRestoredText(name), event.kind, context);
    case 'sign-in-again':
      return makeAlert(signInAgainText(name), event.kind, context);
    case 'token-expiring':
      return makeAlert(tokenExpiringText(name, event.expiresAt, context.now), event.kind, context);
  }
}

const noAcknowledgements: ReadonlyMap<string, number> = new Map();

/** The item news a burst summary may stand for; flapping and grouped news are told on their own. */
const BURST_KINDS = new Set<Alert['kind']>(STATE_CHANGE_KINDS);

/** Item alerts, or one summary in their place when there are more than `limit`. */
function itemAlerts(told: readonly Telling[], limit: number, atStart: boolean, context: PollContext): Alert[] {
  if (told.length <= limit) return told.map(({ alert }) => alert);
  const lines = told.map(({ alert, name }) => ({ kind: alert.kind as ItemAlertKind, name, severity: alert.severity }));
  const summary = makeAlert(summaryText(lines, context.connection.name, atStart), 'summary', context);
  return [{ ...summary, covers: told.length, includes: told.flatMap(({ ids }) => ids) }];
}

/** The connection's own news, as the stages decide: dropped by the pause or its topic, its reachability owed under a
 * server-wide window, held while quiet (a server unreachable at night is no reason to wake anyone: the summary says
 * it), else told. */
function connectionNews(ledger: NewsLedger, moment: Moment, decide: (news: News) => Decision, changes: readonly { event: ConnectionEvent; alert: Alert }[]): void {
  for (const { event, alert } of changes) {
    const decision = decide({ source: 'connection-change', alert, event, owedAlready: ledger.reachabilityOwed !== undefined });
    if (decision.verdict === 'tell') {
      ledger.connectionTold.push(alert);
      continue;
    }
    ledger.suppressed.push({ alert, reason: decision.reason });
    // A reachability change dropped by the person's choice counts as told: nothing stays owed.
    if (decision.verdict === 'drop' && isReachabilityNews(event)) ledger.reachabilityOwed = undefined;
    else if (decision.verdict === 'owe' && isReachabilityNews(event)) oweReachability(ledger, event, alert);
    else if (decision.verdict === 'hold') {
      // One story for reachability and one for the token: the latest of each is what the summary says.
      const about = isReachabilityNews(event) ? 'reachability' : 'token';
      hold(ledger, { alert, name: moment.context.connection.name, bad: event.kind !== 'connection-restored', story: alert.title, ids: [alert.id] }, { about });
    }
  }
}

/** Each item change, as the stages decide: dropped by a choice, folded into flapping, owed, held while quiet, or told
 * now. Answers the change that started each monitor's flapping. */
function itemNews(ledger: NewsLedger, moment: Moment, decide: (news: News) => Decision, changes: readonly { event: ItemEvent; alert: Alert }[], tracking: FlapTracking): Map<string, string> {
  const tipping = new Map<string, string>();
  for (const { event, alert } of changes) {
    const subject = subjectOf(event);
    const decision = decide({ source: 'item-change', alert, event, itemKey: event.key, owedFor: ledger.owed.get(newsId(subject))?.reason });
    if (decision.verdict !== 'tell') ledger.suppressed.push({ alert, reason: decision.reason });
    switch (decision.verdict) {
      case 'drop':
        // A change dropped by the person's choice counts as told: nothing stays owed for the item.
        ledger.owed.delete(newsId(subject));
        break;
      case 'fold':
        if (tracking.started.has(event.key)) tipping.set(event.key, alert.id);
        break;
      case 'owe':
        owe(ledger, moment, event, alert, decision.reason);
        break;
      case 'hold':
      case 'tell': {
        const name = eventName(event);
        const telling = { alert, name, bad: isBadKind(event.kind), story: changeStory(event, alert.title, name, moment.context.now), ids: [alert.id] };
        if (decision.verdict === 'hold') hold(ledger, telling, subject);
        else tell(ledger, telling, subject);
      }
    }
  }
  return tipping;
}

/** The monitors whose certificate has news owed or held (usually none): a renewal voids it. */
function certificatesWithNews(state: AlertState): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const { about } of [...state.owed, ...state.held]) if (about.about === 'certificate') keys.add(about.key);
  return keys;
}

/**
 * While a poll fails, items are frozen: nothing is derived from missing data, and news owed waits for an answer.
 * The first successful poll after start tells what is already wrong in one alert (a summary when there is more
 * than one thing). `stages`: the rules' order (alert-stages.ts); tests insert stages of their own.
 */
export function evaluatePoll(state: AlertState, outcome: PollOutcome, context: PollContext, stages: readonly Stage[] = ALERT_STAGES): PollEvaluation {
  const { now, preferences, rules } = context;
  // What changed: the connection's state, each item's, and which monitors flap.
  const connection = connectionChanges(state.connection, outcome, {
    now,
    unreachableAfterPolls: preferences.unreachableAfterPolls,
    tokenWarningDays: preferences.tokenWarningDays,
    tokenExpiresAt: context.tokenExpiresAt,
  });
  let memory: AlertState = { ...state, connection: connection.memory };
  let itemEvents: ItemEvent[] = [];
  let renewedCertificates: CertificateRenewal[] = [];
  if (outcome.ok) {
    const changes = itemChanges(
      state,
      outcome.snapshot,
      { now, heartbeatGraceSeconds: preferences.heartbeatGraceSeconds, thresholds: preferences.thresholds },
      certificatesWithNews(state),
    );
    memory = { ...memory, ...changes.memory, primed: true };
    itemEvents = changes.events;
    renewedCertificates = changes.renewedCertificates;
  }
  const connectionChangeAlerts = connection.events.map((event) => ({ event, alert: connectionAlert(event, context) }));
  const itemChangeAlerts = itemEvents.map((event) => ({ event, alert: makeAlert(itemAlertText(event, context.connection.name, now), event.kind, context, event.key) }));
  const changes = [...connectionChangeAlerts, ...itemChangeAlerts].map(({ alert }) => alert);

  const stateChanges = itemChangeAlerts.flatMap(({ event, alert }) => (isFlappingChange(event.kind) ? [{ key: event.key, id: alert.id, name: eventName(event) }] : []));
  const tracking: FlapTracking = outcome.ok ? trackFlapping(state.flapping, stateChanges, rules.flapping, now) : { memory: state.flapping, started: new Set(), settled: [] };
  memory = { ...memory, flapping: tracking.memory };

  // What is told: each piece of news down the stages, the changes first, then the news the rules made from earlier ones.
  const moment: Moment = {
    context,
    memory,
    paused: isPaused(context.pausedUntil, now),
    snoozed: activeSnoozes(context.snoozes, now),
    acknowledged: context.acknowledgements ?? noAcknowledgements,
    quiet: isQuietAt(rules.quietHours, now),
    maintenance: maintenanceAt(rules.maintenance, now),
  };
  const decide = (news: News): Decision => judge(news, moment, stages);
  const ledger = openLedger(memory);
  // A renewed certificate stays remembered (the older one may be shown again), so its news owed is dropped here, and
  // what quiet hours held of it ends as the summary's "renewed" story.
  for (const { key, name } of renewedCertificates) {
    const id = newsId({ about: 'certificate', key });
    ledger.owed.delete(id);
    const held = ledger.held.get(id);
    if (held !== undefined) ledger.held.set(id, { ...held, story: certificateRenewedStory(name), severity: 'info', bad: false });
  }
  connectionNews(ledger, moment, decide, connectionChangeAlerts);
  releaseReachability(ledger, memory.connection, context, decide, outcome.ok ? undefined : outcome.error);
  const tipping = itemNews(ledger, moment, decide, itemChangeAlerts, tracking);
  // A parent recovering in this poll is named by the children told with it.
  const names = new Map(itemChangeAlerts.map(({ event }) => [event.key, eventName(event)]));
  if (outcome.ok) {
    oweStillDown(ledger, moment, outcome.snapshot.monitors);
    flappingAlerts(ledger, moment, decide, tracking, tipping);
    releaseOwed(ledger, moment, decide, names);
  }
  foldDependents(ledger, memory, context);
  const told = groupDependents(ledger.told, names, context);
  const whileQuiet = quietSummary(ledger, moment);
  const next = closeLedger(memory, ledger);

  const atStart = outcome.ok && !state.primed;
  const bursting: Telling[] = [];
  const onTheirOwn: Alert[] = [];
  for (const telling of told) {
    if (BURST_KINDS.has(telling.alert.kind) && telling.parent === undefined) bursting.push(telling);
    else onTheirOwn.push(telling.alert);
  }
  const connectionTold = ledger.connectionTold;
  // Connection news first (it explains what follows), then what happened while quiet, then items, then the token.
  const alerts = [
    ...connectionTold.filter(({ kind }) => kind !== 'token-expiring'),
    ...(whileQuiet === undefined ? [] : [whileQuiet]),
    ...itemAlerts(bursting, atStart ? 1 : preferences.burstLimit, atStart, context),
    ...onTheirOwn,
    ...connectionTold.filter(({ kind }) => kind === 'token-expiring'),
  ];
  const acknowledgementsEnded =
    outcome.ok && moment.acknowledged.size > 0
      ? endedAcknowledgements(moment.acknowledged, outcome.snapshot, { now, graceSeconds: preferences.heartbeatGraceSeconds, thresholds: preferences.thresholds, waitingSince: heartbeatsWaiting(next) })
      : [];
  return { state: next, alerts, changes, suppressed: ledger.suppressed, acknowledgementsEnded };
}
