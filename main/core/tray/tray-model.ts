// The tray model: everything the tray icon, tooltip and menu show, from the latest poll and the alert
// state. Pure, so every level and every word is tested without a tray.
import {
  activeSnoozes,
  isPaused,
  type AlertPreferences,
  type AlertState,
  type PausedUntil,
  type Snooze,
} from '../alerts/index.ts';
import type { Level, TrayItem } from '../../../common/ipc/views.ts';
import { assessSnapshot, failureClass, type ItemAssessment } from '../health/index.ts';
import type { ItemSince } from '../history/item-since.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import { defaultMaxTrayItems, rankItems, trayItems, type RankedItem } from './tray-items.ts';
import { trayTooltip, type TooltipSituation, type TrayCounts } from './tray-tooltip.ts';

export interface TrayInput {
  connectionName: string;
  /** The latest poll's outcome; undefined before the first poll. */
  outcome: PollOutcome | undefined;
  /** The last successful snapshot, shown while polls fail. */
  lastSnapshot?: Snapshot | undefined;
  alertState: AlertState;
  snoozes: readonly Snooze[];
  pausedUntil?: PausedUntil;
  preferences: AlertPreferences;
  now: number;
  /** Menu item entries at most, the "and N more" entry included (default 10). */
  maxItems?: number;
  /** IANA zone for times in the tooltip; the system's when absent. */
  timeZone?: string;
  /** Since when an item's state holds, when known (the menu's "down for 12 min"). */
  sinceOf?: (item: ItemAssessment) => ItemSince | undefined;
}

export interface TrayModel {
  level: Level;
  counts: TrayCounts;
  tooltip: string;
  /** The menu's item entries. */
  items: TrayItem[];
  lastSuccessfulPollAt?: number;
  /** Whether the latest poll brought data, and why not when it did not. */
  situation: TooltipSituation;
  /** Every item as judged for this model, in the menu's order, for views that list them all (judging and sorting
   * 10,000 items once is enough). */
  ranked: readonly RankedItem[];
}

function emptyCounts(): TrayCounts {
  return {
    monitors: { up: 0, down: 0, unknown: 0 },
    heartbeats: { up: 0, waiting: 0, late: 0, down: 0, unknown: 0 },
    domains: { ok: 0, expiring: 0, expired: 0, unknown: 0 },
    snoozed: 0,
  };
}

/** Counts and the worst health over items that are not snoozed. */
function tally(
  assessments: readonly ItemAssessment[],
  snoozed: ReadonlyMap<string, unknown>,
): { counts: TrayCounts; level: 'ok' | 'warning' | 'critical' } {
  const counts = emptyCounts();
  let level: 'ok' | 'warning' | 'critical' = 'ok';
  const anySnoozed = snoozed.size > 0;
  for (const item of assessments) {
    if (anySnoozed && snoozed.has(item.key)) {
      counts.snoozed += 1;
      continue;
    }
    if (item.kind === 'monitor') counts.monitors[item.state] += 1;
    else if (item.kind === 'heartbeat') counts.heartbeats[item.state] += 1;
    else counts.domains[item.state] += 1;
    // An item whose state cannot be judged (no expiry known, no interval) is listed but does not colour the icon.
    if (item.health === 'critical') level = 'critical';
    else if (item.health === 'warning' && level === 'ok') level = 'warning';
  }
  return { counts, level };
}

function latest(...times: (number | undefined)[]): number | undefined {
  let result: number | undefined;
  for (const time of times) if (time !== undefined && (result === undefined || time > result)) result = time;
  return result;
}

function situationOf(outcome: PollOutcome | undefined, hasSnapshot: boolean, alertState: AlertState): TooltipSituation {
  // After a restart with a rejected token the caller does not poll, so there is no outcome to go by.
  if (outcome === undefined) return alertState.connection.auth === 'rejected' ? 'signed-out' : 'not-polled';
  if (outcome.ok) return 'data';
  const failure = failureClass(outcome.error.kind);
  if (failure === 'transient') return hasSnapshot ? 'data' : 'not-polled';
  return failure;
}

export function trayModel(input: TrayInput): TrayModel {
  const { outcome, now, preferences, alertState } = input;
  const snapshot = outcome?.ok ? outcome.snapshot : input.lastSnapshot;
  // A snapshot kept from before a failed poll is shown as it was then: a heartbeat must not turn late
  // in the tray only because Vigil could not see its pings (the alert policy freezes items likewise).
  const assessedAt = outcome?.ok || snapshot === undefined ? now : snapshot.takenAt;
  const assessments =
    snapshot === undefined
      ? []
      : assessSnapshot(snapshot, {
          now: assessedAt,
          graceSeconds: preferences.heartbeatGraceSeconds,
          thresholds: preferences.thresholds,
          waitingSince: alertState.heartbeatsWaiting,
        });
  const snoozed = activeSnoozes(input.snoozes, now);
  const { counts, level: itemLevel } = tally(assessments, snoozed);
  const situation = situationOf(outcome, snapshot !== undefined, alertState);
  const paused = isPaused(input.pausedUntil, now);
  const level: Level = paused
    ? 'paused'
    : situation === 'data'
      ? itemLevel
      : situation === 'offline'
        ? 'offline'
        : 'unknown';
  const lastSuccessfulPollAt = latest(
    outcome?.ok ? outcome.snapshot.takenAt : undefined,
    input.lastSnapshot?.takenAt,
    alertState.connection.lastSuccessfulPollAt,
  );
  const tooltip = trayTooltip({
    connectionName: input.connectionName,
    situation,
    counts,
    pausedUntil: paused ? input.pausedUntil : undefined,
    lastSuccessfulPollAt,
    now,
    timeZone: input.timeZone,
  });
  const maxItems = input.maxItems ?? defaultMaxTrayItems;
  const ranked = rankItems(assessments, snoozed);
  const items = trayItems({ ranked, maxItems, now, timeZone: input.timeZone, sinceOf: input.sinceOf });
  const model: TrayModel = { level, counts, tooltip, items, situation, ranked };
  if (lastSuccessfulPollAt !== undefined) model.lastSuccessfulPollAt = lastSuccessfulPollAt;
  return model;
}
