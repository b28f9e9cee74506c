// The alert policy as one pure reducer: remembered state + one poll outcome → new state + the alerts to show.
// Tracking and telling are separate steps: every change is tracked, then snoozes, the global pause and the
// user's topic settings decide what is told, so lifting any of them never replays old news.
import type { PollOutcome } from '../model/snapshot.ts';
import { alertId, type Alert } from './alert.ts';
import type { AlertState } from './alert-state.ts';
import {
  connectionLostText,
  connectionRestoredText,
  itemAlertText,
  signInAgainText,
  summaryText,
  tokenExpiringText,
  type AlertText,
} from './alert-text.ts';
import { connectionChanges, type ConnectionEvent } from './connection-changes.ts';
import { itemChanges, type ItemEvent } from './item-changes.ts';
import { topicOf, type AlertPreferences } from './preferences.ts';
import { activeSnoozes, isPaused, type PausedUntil, type Snooze } from './snooze.ts';

export interface PollContext {
  connection: { id: string; name: string };
  preferences: AlertPreferences;
  snoozes: readonly Snooze[];
  pausedUntil?: PausedUntil;
  /** Epoch ms of the token's `exp`, when the token can be decoded. */
  tokenExpiresAt?: number | undefined;
  now: number;
}

export interface PollEvaluation {
  state: AlertState;
  /** What to tell the user now. */
  alerts: Alert[];
  /**
   * Every change tracked in this poll as its own alert, before snoozes, the pause, the user's topics and the
   * summary decide what is told: the app's record of what happened (main/core/history/).
   */
  changes: Alert[];
}

function toAlert(text: AlertText, kind: Alert['kind'], context: PollContext, itemKey?: string): Alert {
  const connectionId = context.connection.id;
  const alert: Alert = { id: alertId(connectionId, kind, itemKey, context.now), kind, ...text, connectionId };
  if (itemKey !== undefined) alert.itemKey = itemKey;
  return alert;
}

function connectionAlert(event: ConnectionEvent, context: PollContext): Alert {
  const { name } = context.connection;
  switch (event.kind) {
    case 'connection-lost':
      return toAlert(connectionLostText(name, event.error, event.failedPolls), event.kind, context);
    case 'connection-restored':
      return toAlert(connectionRestoredText(name), event.kind, context);
    case 'sign-in-again':
      return toAlert(signInAgainText(name), event.kind, context);
    case 'token-expiring':
      return toAlert(tokenExpiringText(name, event.expiresAt, context.now), event.kind, context);
  }
}

function wanted(kind: Alert['kind'], preferences: AlertPreferences): boolean {
  const topic = topicOf(kind);
  return topic === undefined || preferences.notify[topic];
}

interface ItemChange {
  event: ItemEvent;
  alert: Alert;
}

/** Item alerts, or one summary in their place when there are more than `limit`. */
function itemAlerts(changes: readonly ItemChange[], limit: number, atStart: boolean, context: PollContext): Alert[] {
  if (changes.length <= limit) return changes.map(({ alert }) => alert);
  const summary = toAlert(summaryText(changes.map(({ event }) => event), context.connection.name, atStart), 'summary', context);
  return [{ ...summary, covers: changes.length }];
}

/**
 * While a poll fails, items are frozen: nothing is derived from missing data. The first successful poll
 * after start tells what is already wrong in one alert (a summary when there is more than one thing).
 */
export function evaluatePoll(state: AlertState, outcome: PollOutcome, context: PollContext): PollEvaluation {
  const { now, preferences } = context;
  const connection = connectionChanges(state.connection, outcome, {
    now,
    unreachableAfterPolls: preferences.unreachableAfterPolls,
    tokenWarningDays: preferences.tokenWarningDays,
    tokenExpiresAt: context.tokenExpiresAt,
  });
  let next: AlertState = { ...state, connection: connection.memory };
  let itemEvents: ItemEvent[] = [];
  if (outcome.ok) {
    const changes = itemChanges(state, outcome.snapshot, {
      now,
      heartbeatGraceSeconds: preferences.heartbeatGraceSeconds,
      thresholds: preferences.thresholds,
    });
    next = { ...next, ...changes.memory, primed: true };
    itemEvents = changes.events;
  }
  const connectionChangeAlerts = connection.events.map((event) => ({ event, alert: connectionAlert(event, context) }));
  const itemChangeAlerts = itemEvents.map((event) => ({ event, alert: toAlert(itemAlertText(event, context.connection.name, now), event.kind, context, event.key) }));
  const changes = [...connectionChangeAlerts, ...itemChangeAlerts].map(({ alert }) => alert);
  if (isPaused(context.pausedUntil, now)) return { state: next, alerts: [], changes };

  const snoozed = activeSnoozes(context.snoozes, now);
  const told = itemChangeAlerts.filter(({ event }) => !snoozed.has(event.key) && wanted(event.kind, preferences));
  const connectionNews = connectionChangeAlerts.filter(({ event }) => wanted(event.kind, preferences));
  const atStart = outcome.ok && !state.primed;
  // Connection news first (it explains what follows), then items, then the token reminder.
  const alerts = [
    ...connectionNews.filter(({ event }) => event.kind !== 'token-expiring').map(({ alert }) => alert),
    ...itemAlerts(told, atStart ? 1 : preferences.burstLimit, atStart, context),
    ...connectionNews.filter(({ event }) => event.kind === 'token-expiring').map(({ alert }) => alert),
  ];
  return { state: next, alerts, changes };
}
