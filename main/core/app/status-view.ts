// The StatusView the window and tray get: the tray model's level and tooltip, every item judged by the same
// rules, and the raw lists of the latest snapshot (pure).
import type { ConnectionSituation, ConnectionView, StatusItemView, StatusView } from '../../../common/ipc/views.ts';
import { alertPreferencesFrom, pausedUntilFrom } from '../alert-settings.ts';
import { activeSnoozes, isPaused, type AlertState } from '../alerts/index.ts';
import { failureClass, healthRank, itemDetail, itemName, type ItemAssessment } from '../health/index.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { trayModel, type TrayModel } from '../tray/index.ts';

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
}

export function statusView(input: StatusInput): StatusView {
  const { connection, outcome, settings, now, alertState } = input;
  const preferences = alertPreferencesFrom(settings);
  const pausedUntil = pausedUntilFrom(settings);
  const tray = trayModel({
    connectionName: connection?.name ?? 'Vigil',
    outcome,
    lastSnapshot: input.lastSnapshot,
    alertState,
    snoozes: settings.snoozes,
    pausedUntil,
    preferences,
    now,
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  });
  const snapshot = outcome?.ok ? outcome.snapshot : input.lastSnapshot;
  const { assessments } = tray;
  const view: StatusView = {
    level: tray.level,
    situation: input.blocker === undefined ? situations[tray.situation] : 'setup',
    tooltip: tray.tooltip,
    connection,
    items: statusItems(assessments, activeSnoozes(settings.snoozes, now), now),
    monitors: snapshot?.monitors ?? [],
    heartbeats: snapshot?.heartbeats ?? [],
    domains: snapshot?.domains ?? [],
  };
  const problem = problemOf(input);
  if (problem !== undefined) view.problem = problem;
  if (tray.lastSuccessfulPollAt !== undefined) view.lastSuccessfulPollAt = tray.lastSuccessfulPollAt;
  if (snapshot !== undefined) view.listsFetchedFrom = snapshot.startedAt ?? snapshot.takenAt;
  if (settings.pausedUntil !== undefined && isPaused(pausedUntil, now)) view.pausedUntil = settings.pausedUntil;
  return view;
}

const situations = { data: 'ok', offline: 'unreachable', 'signed-out': 'signed-out', setup: 'setup', 'not-polled': 'waiting' } as const satisfies Record<
  TrayModel['situation'],
  ConnectionSituation
>;

/** Every item, problems worst first, snoozed items after the rest; ties keep the server's order. */
function statusItems(assessments: readonly ItemAssessment[], snoozed: ReadonlyMap<string, number | 'resumed'>, now: number): StatusItemView[] {
  const ranked = assessments.map((item) => {
    const snoozedUntil = snoozed.get(item.key);
    const view: StatusItemView = {
      key: item.key,
      kind: item.kind,
      name: itemName(item),
      health: item.health,
      state: item.state,
      detail: itemDetail(item, now),
    };
    if (snoozedUntil !== undefined) view.snoozedUntil = snoozedUntil;
    return { view, rank: (snoozedUntil === undefined ? 0 : 4) + healthRank(item.health) };
  });
  return ranked.sort((a, b) => a.rank - b.rank).map(({ view }) => view);
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
