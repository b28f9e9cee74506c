// The StatusView the window and tray get: the tray model's level and tooltip, every item judged by the same
// rules, and the raw lists of the latest snapshot (pure).
import type { ConnectionSituation, ConnectionView, StatusItemView, StatusView } from '../../../common/ipc/views.ts';
import { isPaused, type AlertState } from '../alerts/index.ts';
import { failureClass, itemDetail, itemName, type ItemAssessment } from '../health/index.ts';
import { itemSince, type ItemSince, type RecordedSince } from '../history/item-since.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { trayModel, type RankedItem, type TrayModel } from '../tray/index.ts';

export interface StatusInput {
  connection: ConnectionView | undefined;
  /** The latest poll's outcome; undefined before the first poll. */
  outcome: PollOutcome | undefined;
  /** The last successful snapshot, shown while polls fail. */
  lastSnapshot: Snapshot | undefined;
  alertState: AlertState;
  settings: Settings;
  now: number;
  /** What keeps the connection from being polled at all (the local service not running), when something does. */
  blocker?: string | undefined;
  timeZone?: string;
  /** What Vigil's record says of an item's current state. */
  recorded?: ((item: ItemAssessment) => RecordedSince | undefined) | undefined;
}

export function statusView(input: StatusInput): StatusView {
  const { connection, outcome, settings, now, alertState } = input;
  const preferences = alertPreferencesFrom(settings);
  const { pausedUntil } = settings;
  const sinceOf = (item: ItemAssessment) => itemSince(item, input.recorded?.(item), now, preferences.thresholds);
  const tray = trayModel({
    connectionName: connection?.name ?? 'Vigil',
    outcome,
    lastSnapshot: input.lastSnapshot,
    alertState,
    snoozes: settings.snoozes,
    pausedUntil,
    preferences,
    now,
    sinceOf,
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  });
  const snapshot = outcome?.ok ? outcome.snapshot : input.lastSnapshot;
  const view: StatusView = {
    level: tray.level,
    situation: input.blocker === undefined ? situations[tray.situation] : 'setup',
    tooltip: tray.tooltip,
    connection,
    items: tray.ranked.map((ranked) => statusItem(ranked, now, sinceOf(ranked.item))),
    trayItems: tray.items,
    monitors: snapshot?.monitors ?? [],
    heartbeats: snapshot?.heartbeats ?? [],
    domains: snapshot?.domains ?? [],
  };
  const problem = problemOf(input);
  if (problem !== undefined) view.problem = problem;
  if (tray.lastSuccessfulPollAt !== undefined) view.lastSuccessfulPollAt = tray.lastSuccessfulPollAt;
  if (snapshot !== undefined) view.listsFetchedFrom = snapshot.startedAt ?? snapshot.takenAt;
  if (pausedUntil !== undefined && isPaused(pausedUntil, now)) view.pausedUntil = pausedUntil;
  return view;
}

const situations = { data: 'ok', offline: 'unreachable', 'signed-out': 'signed-out', setup: 'setup', 'not-polled': 'waiting' } as const satisfies Record<
  TrayModel['situation'],
  ConnectionSituation
>;

function statusItem({ item, snoozedUntil }: RankedItem, now: number, since: ItemSince | undefined): StatusItemView {
  const view: StatusItemView = { key: item.key, kind: item.kind, name: itemName(item), health: item.health, state: item.state, detail: itemDetail(item, now) };
  if (snoozedUntil !== undefined) view.snoozedUntil = snoozedUntil;
  if (since !== undefined) {
    view.since = since.since;
    view.sinceIsLowerBound = since.lowerBound;
  }
  return view;
}

/** Why there is no current data, in one sentence, when there is none. */
function problemOf(input: StatusInput): string | undefined {
  const { connection, outcome } = input;
  if (input.blocker !== undefined) return input.blocker;
  if (connection === undefined) return 'No connection is set up: add a monitoring server to watch.';
  if (outcome !== undefined && !outcome.ok && failureClass(outcome.error.kind) !== 'transient') return outcome.error.message;
  if (input.alertState.connection.auth === 'rejected') return `${connection.name} did not accept the saved token: sign in again.`;
  if (outcome === undefined && input.lastSnapshot === undefined) return `Waiting for the first answer from ${connection.name}.`;
  return undefined;
}
