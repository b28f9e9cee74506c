// One server's part of the tray: its items judged, counted and ranked, its own roll-up and whether its latest poll
// brought data. Pure; the tray model (tray-model.ts) combines every enabled server's.
import { activeSnoozes, heartbeatsWaiting, isAcknowledgeable, type ActiveMaintenance, type AlertPreferences, type AlertState, type Snooze } from '../alerts/index.ts';
import { assessDomain, assessHeartbeat, assessSnapshot, assessSourceItem, failureClass, type AssessOptions, type ItemAssessment } from '../health/index.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import { assessmentCovered, keptMaintenanceLookup } from '../maintenance/maintenance-lookup.ts';
import { rankItems, type RankedItem, type SetAside, type TrayServer } from './tray-items.ts';
import { emptyCounts, sourceCount, type TooltipSituation, type TrayCounts } from './tray-tooltip.ts';

/** A server's own roll-up: what its items say, or why it cannot say (pausing is global, see tray-model.ts). */
export type ServerLevel = 'ok' | 'warning' | 'critical' | 'unknown' | 'offline';

export interface ServerTrayInput {
  server: TrayServer;
  /** The latest poll's outcome; undefined before the first poll. */
  outcome: PollOutcome | undefined;
  /** The last successful snapshot, shown while polls fail. */
  lastSnapshot?: Snapshot | undefined;
  alertState: AlertState;
  /** This server's snoozes, by its own item keys (`snoozesOn`). */
  snoozes: readonly Snooze[];
  /** This server's acknowledged items, by its own item keys (`acknowledgementsOn`); none when absent. */
  acknowledgements?: ReadonlyMap<string, number> | undefined;
  preferences: AlertPreferences;
  now: number;
  /** Something keeps the server from being polled at all (the local service not running). */
  blocked?: boolean;
  /** What is in maintenance now (by the server's own item keys). */
  maintenance?: ActiveMaintenance | undefined;
}

export interface ServerTray {
  server: TrayServer;
  level: ServerLevel;
  counts: TrayCounts;
  /** Whether the latest poll brought data, and why not when it did not. */
  situation: TooltipSituation;
  /** Every item as judged, in the menu's order (judging and sorting 10,000 items once is enough). */
  ranked: readonly RankedItem[];
  lastSuccessfulPollAt?: number;
}

/** Items counted by kind and state, and the worst health among those neither snoozed, in maintenance nor acknowledged. */
export interface Tally {
  counts: TrayCounts;
  level: 'ok' | 'warning' | 'critical';
}

/**
 * The tally of `assessments`; with `onto`, added to that tally of the server's other items (which stays as it was):
 * a server without news keeps its monitors' tally and counts only its heartbeats and domains again.
 */
export function tally(assessments: readonly ItemAssessment[], aside: SetAside, onto?: Tally): Tally {
  const counts = onto === undefined ? emptyCounts() : copyCounts(onto.counts);
  let level = onto?.level ?? 'ok';
  const { snoozed, maintenance, acknowledged } = aside;
  const anySnoozed = snoozed.size > 0;
  const anyAcknowledged = acknowledged !== undefined && acknowledged.size > 0;
  const covered = keptMaintenanceLookup(maintenance);
  for (const item of assessments) {
    if (anySnoozed && snoozed.has(item.key)) {
      counts.snoozed += 1;
      continue;
    }
    if (assessmentCovered(covered, item)) {
      counts.inMaintenance += 1;
      continue;
    }
    // An acknowledged item is set aside only while it is a problem: once well it counts as any other.
    if (anyAcknowledged && acknowledged.has(item.key) && isAcknowledgeable(item.health)) {
      counts.acknowledged += 1;
      continue;
    }
    if (item.kind === 'monitor') counts.monitors[item.state] += 1;
    else if (item.kind === 'heartbeat') counts.heartbeats[item.state] += 1;
    else if (item.kind === 'domain') counts.domains[item.state] += 1;
    else counts.sources[sourceCount(item.health, item.state)] += 1;
    // An item whose state cannot be judged (no expiry known, no interval) is listed but does not colour the icon.
    if (item.health === 'critical') level = 'critical';
    else if (item.health === 'warning' && level === 'ok') level = 'warning';
  }
  return { counts, level };
}

function copyCounts(counts: TrayCounts): TrayCounts {
  return { ...counts, monitors: { ...counts.monitors }, heartbeats: { ...counts.heartbeats }, domains: { ...counts.domains }, sources: { ...counts.sources } };
}

function latest(...times: (number | undefined)[]): number | undefined {
  let result: number | undefined;
  for (const time of times) if (time !== undefined && (result === undefined || time > result)) result = time;
  return result;
}

function situationOf(input: ServerTrayInput, hasSnapshot: boolean): TooltipSituation {
  const { outcome, alertState } = input;
  if (input.blocked === true) return 'setup';
  // After a restart with a rejected token the caller does not poll, so there is no outcome to go by.
  if (outcome === undefined) return alertState.connection.auth === 'rejected' ? 'signed-out' : 'not-polled';
  if (outcome.ok) return 'data';
  const failure = failureClass(outcome.error.kind);
  if (failure === 'transient') return hasSnapshot ? 'data' : 'not-polled';
  return failure;
}

export function serverTray(input: ServerTrayInput): ServerTray {
  const assessments = assessServer(input);
  const aside = setAsideOf(input);
  return serverTrayOf(input, tally(assessments, aside), rankItems(assessments, aside, input.server));
}

/** What sets the server's items aside now: its snoozes in force, what is in maintenance, and acknowledged problems. */
export function setAsideOf(input: ServerTrayInput): SetAside {
  return { snoozed: activeSnoozes(input.snoozes, input.now), maintenance: input.maintenance, acknowledged: input.acknowledgements };
}

/** The snapshot a server's part shows: the latest poll's, else the last successful one kept while polls fail. */
export function shownSnapshot(input: Pick<ServerTrayInput, 'outcome' | 'lastSnapshot'>): Snapshot | undefined {
  return input.outcome?.ok ? input.outcome.snapshot : input.lastSnapshot;
}

/**
 * Every item of the server's shown snapshot judged, in the snapshot's order (monitors, heartbeats, domains, a
 * source's items).
 * `keptMonitors`: the monitors as judged by an earlier build from the same snapshot (a monitor's judgement does not
 * depend on the time), so that only heartbeats and domains, whose state moves with the clock, are judged again.
 */
export function assessServer(input: ServerTrayInput, keptMonitors?: readonly ItemAssessment[]): ItemAssessment[] {
  const snapshot = shownSnapshot(input);
  if (snapshot === undefined) return [];
  const options = assessOptionsOf(input, snapshot);
  if (keptMonitors === undefined) return assessSnapshot(snapshot, options);
  const result: ItemAssessment[] = [...keptMonitors];
  for (const heartbeat of snapshot.heartbeats) result.push(assessHeartbeat(heartbeat, options));
  for (const domain of snapshot.domains) result.push(assessDomain(domain, options));
  for (const item of snapshot.sourceItems ?? []) result.push(assessSourceItem(item, options.sourceUnread));
  return result;
}

/** A heartbeat or a domain of the server's shown snapshot judged again at the input's time (a monitor stays as it is). */
export function assessAgain(input: ServerTrayInput, item: ItemAssessment): ItemAssessment {
  const snapshot = shownSnapshot(input);
  if (snapshot === undefined || item.kind === 'monitor' || item.kind === 'source') return item;
  const options = assessOptionsOf(input, snapshot);
  return item.kind === 'heartbeat' ? assessHeartbeat(item.heartbeat, options) : assessDomain(item.domain, options);
}

function assessOptionsOf(input: ServerTrayInput, snapshot: Snapshot): AssessOptions {
  const { outcome, now, preferences, alertState } = input;
  return {
    // A snapshot kept from before a failed poll is shown as it was then: a heartbeat must not turn late
    // in the tray only because Vigil could not see its pings (the alert policy freezes items likewise).
    now: outcome?.ok ? now : snapshot.takenAt,
    observedAt: snapshot.takenAt,
    graceSeconds: preferences.heartbeatGraceSeconds,
    thresholds: preferences.thresholds,
    waitingSince: heartbeatsWaiting(alertState),
    // A source is judged by what it says: while it cannot be read, nothing it said last is vouched for.
    sourceUnread: outcome !== undefined && !outcome.ok,
  };
}

/** The server's part from its items as counted (`tally`) and ranked (`rankItems`). */
export function serverTrayOf(input: ServerTrayInput, tallied: Tally, ranked: readonly RankedItem[]): ServerTray {
  const { outcome, alertState } = input;
  const snapshot = shownSnapshot(input);
  const { counts, level: itemLevel } = tallied;
  const situation = situationOf(input, snapshot !== undefined);
  const level: ServerLevel = situation === 'data' ? itemLevel : situation === 'offline' ? 'offline' : 'unknown';
  const lastSuccessfulPollAt = latest(outcome?.ok ? outcome.snapshot.takenAt : undefined, input.lastSnapshot?.takenAt, alertState.connection.lastSuccessfulPollAt);
  const tray: ServerTray = { server: input.server, level, counts, situation, ranked };
  if (lastSuccessfulPollAt !== undefined) tray.lastSuccessfulPollAt = lastSuccessfulPollAt;
  return tray;
}
