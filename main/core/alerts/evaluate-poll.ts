// The alert policy as one pure reducer: remembered state + one poll outcome → new state + the alerts to show.
// Tracking and telling are separate steps: every change is tracked, then the person's choices (the global pause,
// snoozes, topics and per-item kinds) and rules (flapping, maintenance, dependencies, a delay, quiet hours) decide
// what is told now, later or never, so lifting any of them never replays old news and what is held is never lost.
import type { PollOutcome } from '../model/snapshot.ts';
import { isBadKind, STATE_CHANGE_KINDS, type Alert, type ItemAlertKind } from './alert.ts';
import type { AlertState } from './alert-state.ts';
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
import { trackFlapping, type FlapTracking } from './flapping.ts';
import { itemChanges, type ItemEvent } from './item-changes.ts';
import { isCertificateNewsKey, newsItemKey } from './news-key.ts';
import { owe, owedReason, oweStillDown, releaseOwed } from './owed-news.ts';
import { forgetOwedReachability, isReachabilityNews, oweReachability, reachabilityOwed, releaseReachability } from './owed-reachability.ts';
import type { PollContext, PollEvaluation } from './poll-context.ts';
import { quietSummary } from './quiet-hours.ts';
import { certificateRenewedStory, changeStory } from './rule-alert-text.ts';
import { droppedBy, hold, makeAlert, startPass, tellOrHold, type RulePass, type Telling } from './rule-pass.ts';

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

/** The item news a burst summary may stand for; flapping and grouped news are told on their own. */
const BURST_KINDS = new Set<Alert['kind']>(STATE_CHANGE_KINDS);

/** Item alerts, or one summary in their place when there are more than `limit`. */
function itemAlerts(told: readonly Telling[], limit: number, atStart: boolean, context: PollContext): Alert[] {
  if (told.length <= limit) return told.map(({ alert }) => alert);
  const lines = told.map(({ alert, name }) => ({ kind: alert.kind as ItemAlertKind, name, severity: alert.severity }));
  const summary = makeAlert(summaryText(lines, context.connection.name, atStart), 'summary', context);
  return [{ ...summary, covers: told.length, includes: told.flatMap(({ ids }) => ids) }];
}

/** The connection's own news: dropped by the pause or its topic, its reachability owed under a server-wide window,
 * held while quiet (a server unreachable at night is no reason to wake anyone: the summary says it), else told. */
function connectionNews(pass: RulePass, changes: readonly { event: ConnectionEvent; alert: Alert }[]): Alert[] {
  const told: Alert[] = [];
  for (const { event, alert } of changes) {
    const dropped = droppedBy(pass, alert);
    if (dropped !== undefined) {
      if (isReachabilityNews(event)) forgetOwedReachability(pass);
      pass.suppressed.push({ alert, reason: dropped });
    } else if (isReachabilityNews(event) && reachabilityOwed(pass)) {
      oweReachability(pass, event, alert);
      pass.suppressed.push({ alert, reason: 'maintenance' });
    } else if (pass.quiet) {
      // One story for reachability and one for the token: the latest of each is what the summary says.
      const holdKey = event.kind === 'connection-lost' || event.kind === 'connection-restored' ? 'connection' : 'token';
      const telling = { alert, name: pass.context.connection.name, bad: event.kind !== 'connection-restored', story: alert.title, ids: [alert.id] };
      hold(pass, telling, holdKey);
      pass.suppressed.push({ alert, reason: 'quiet' });
    } else told.push(alert);
  }
  return told;
}

/** Each item change: dropped by a choice, folded into flapping, owed, held while quiet, or told now. */
function itemNews(pass: RulePass, changes: readonly { event: ItemEvent; alert: Alert }[], tracking: FlapTracking): Map<string, string> {
  const tipping = new Map<string, string>();
  for (const { event, alert } of changes) {
    const dropped = droppedBy(pass, alert);
    if (dropped !== undefined) {
      // A change dropped by the person's choice counts as told: nothing stays owed for the item.
      pass.owed.delete(event.key);
      pass.suppressed.push({ alert, reason: dropped });
      continue;
    }
    if (tracking.memory[event.key]?.flappingSince !== undefined) {
      if (tracking.started.has(event.key)) tipping.set(event.key, alert.id);
      pass.suppressed.push({ alert, reason: 'flapping' });
      continue;
    }
    const reason = owedReason(pass, event);
    if (reason !== undefined) {
      owe(pass, event, alert, reason);
      pass.suppressed.push({ alert, reason });
      continue;
    }
    const name = eventName(event);
    const telling = { alert, name, bad: isBadKind(event.kind), story: changeStory(event, alert.title, name, pass.context.now), ids: [alert.id] };
    if (tellOrHold(pass, telling, event.key)) pass.suppressed.push({ alert, reason: 'quiet' });
  }
  return tipping;
}

/** The monitors whose certificate has news owed or held (usually none): a renewal voids it. */
function certificatesWithNews(state: AlertState): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const news of [state.owed, state.held]) {
    for (const key in news) if (isCertificateNewsKey(key)) keys.add(newsItemKey(key));
  }
  return keys;
}

/**
 * While a poll fails, items are frozen: nothing is derived from missing data, and news owed waits for an answer.
 * The first successful poll after start tells what is already wrong in one alert (a summary when there is more
 * than one thing).
 */
export function evaluatePoll(state: AlertState, outcome: PollOutcome, context: PollContext): PollEvaluation {
  const { now, preferences, rules } = context;
  const connection = connectionChanges(state.connection, outcome, {
    now,
    unreachableAfterPolls: preferences.unreachableAfterPolls,
    tokenWarningDays: preferences.tokenWarningDays,
    tokenExpiresAt: context.tokenExpiresAt,
  });
  let next: AlertState = { ...state, connection: connection.memory };
  let itemEvents: ItemEvent[] = [];
  let renewedCertificates: CertificateRenewal[] = [];
  if (outcome.ok) {
    const changes = itemChanges(
      state,
      outcome.snapshot,
      { now, heartbeatGraceSeconds: preferences.heartbeatGraceSeconds, thresholds: preferences.thresholds },
      certificatesWithNews(state),
    );
    next = { ...next, ...changes.memory, primed: true };
    itemEvents = changes.events;
    renewedCertificates = changes.renewedCertificates;
  }
  const connectionChangeAlerts = connection.events.map((event) => ({ event, alert: connectionAlert(event, context) }));
  const itemChangeAlerts = itemEvents.map((event) => ({ event, alert: makeAlert(itemAlertText(event, context.connection.name, now), event.kind, context, newsItemKey(event.key)) }));
  const changes = [...connectionChangeAlerts, ...itemChangeAlerts].map(({ alert }) => alert);

  const monitorChanges = itemChangeAlerts.flatMap(({ event, alert }) => (event.key.startsWith('monitor') ? [{ key: event.key, id: alert.id, name: eventName(event) }] : []));
  const tracking: FlapTracking = outcome.ok ? trackFlapping(state.flapping, monitorChanges, rules.flapping, now) : { memory: state.flapping, started: new Set(), settled: [] };
  const pass = startPass({ ...next, flapping: tracking.memory }, context);
  // A renewed certificate stays remembered (the older one may be shown again), so its news owed is dropped here, and
  // what quiet hours held of it ends as the summary's "renewed" story.
  for (const { key, name } of renewedCertificates) {
    pass.owed.delete(key);
    const held = pass.held.get(key);
    if (held !== undefined) pass.held.set(key, { ...held, story: certificateRenewedStory(name), severity: 'info', bad: false });
  }
  const connectionTold = connectionNews(pass, connectionChangeAlerts);
  const reachability = releaseReachability(pass, outcome.ok ? undefined : outcome.error);
  if (reachability !== undefined) connectionTold.unshift(reachability);
  const tipping = itemNews(pass, itemChangeAlerts, tracking);
  // A parent recovering in this poll is named by the children told with it.
  const names = new Map(itemChangeAlerts.map(({ event }) => [event.key, eventName(event)]));
  if (outcome.ok) {
    oweStillDown(pass, outcome.snapshot.monitors);
    flappingAlerts(pass, tracking, tipping);
    releaseOwed(pass, names);
  }
  foldDependents(pass);
  const told = groupDependents(pass, pass.told, names);
  const whileQuiet = quietSummary(pass);
  next = { ...pass.memory, owed: Object.fromEntries(pass.owed), held: Object.fromEntries(pass.held), heldUncounted: pass.heldUncounted };

  const atStart = outcome.ok && !state.primed;
  const bursting: Telling[] = [];
  const onTheirOwn: Alert[] = [];
  for (const telling of told) {
    if (BURST_KINDS.has(telling.alert.kind) && telling.parent === undefined) bursting.push(telling);
    else onTheirOwn.push(telling.alert);
  }
  // Connection news first (it explains what follows), then what happened while quiet, then items, then the token.
  const alerts = [
    ...connectionTold.filter(({ kind }) => kind !== 'token-expiring'),
    ...(whileQuiet === undefined ? [] : [whileQuiet]),
    ...itemAlerts(bursting, atStart ? 1 : preferences.burstLimit, atStart, context),
    ...onTheirOwn,
    ...connectionTold.filter(({ kind }) => kind === 'token-expiring'),
  ];
  return { state: next, alerts, changes, suppressed: pass.suppressed };
}
