// Builders for snapshots, outcomes and policy contexts at a fixed instant, shared by the alert, tray and
// health tests.
import type { Domain, Heartbeat, Monitor } from '../../../common/api/index.ts';
import {
  defaultAlertPreferences,
  defaultAlertRules,
  evaluatePoll,
  initialAlertState,
  type Alert,
  type AlertPreferences,
  type AlertState,
  type HeldSubject,
  type PollContext,
} from '../../../main/core/alerts/index.ts';
import type { ClientErrorKind, PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';

/** Saturday 21 November 2026, 14:05 UTC. */
export const NOW = Date.UTC(2026, 10, 21, 14, 5);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function monitor(id: string, lastStatus: string | undefined, extra: Partial<Monitor> = {}): Monitor {
  const url = `https://${id}.example.com/`;
  return { id, name: `Monitor ${id}`, type: 'http', url, frequency: 60, last_status: lastStatus, ...extra };
}

/** A heartbeat expecting a ping every `intervalSeconds`, last pinged `agoMs` before `at` (never if undefined). */
export function heartbeat(
  id: string,
  agoMs: number | undefined,
  intervalSeconds = 3600,
  at = NOW,
  extra: Partial<Heartbeat> = {},
): Heartbeat {
  const pinged = agoMs === undefined ? {} : { last_ping: iso(at - agoMs) };
  return { id, name: `Heartbeat ${id}`, slug: `slug-${id}`, expected_interval: intervalSeconds, ...pinged, ...extra };
}

/** A domain expiring `days` after the UTC date of `at`, as the server reports it. */
export function domain(id: string, days: number | undefined, at = NOW, extra: Partial<Domain> = {}): Domain {
  if (days === undefined) return { id, domain: `${id}.example`, ...extra };
  const expiresOn = iso(Math.floor(at / DAY) * DAY + days * DAY).slice(0, 10);
  const registrar = 'Example Registrar';
  return { id, domain: `${id}.example`, expires_on: expiresOn, days_until_expiry: days, registrar, ...extra };
}

export function snapshot(items: Pick<Partial<Snapshot>, 'monitors' | 'heartbeats' | 'domains' | 'statusesBefore'>, takenAt = NOW): Snapshot {
  const { monitors = [], heartbeats = [], domains = [], statusesBefore } = items;
  return { takenAt, monitors, heartbeats, domains, issues: [], ...(statusesBefore === undefined ? {} : { statusesBefore }) };
}

export function ok(items: Parameters<typeof snapshot>[0], takenAt = NOW): PollOutcome {
  return { ok: true, snapshot: snapshot(items, takenAt) };
}

export function failed(kind: ClientErrorKind, at = NOW, message = `The poll failed (${kind}).`): PollOutcome {
  return { ok: false, error: { kind, message }, at };
}

export function preferences(overrides: Partial<AlertPreferences> = {}): AlertPreferences {
  return { ...defaultAlertPreferences, ...overrides };
}

export function context(overrides: Partial<PollContext> = {}): PollContext {
  return {
    connection: { id: 'conn-1', name: 'Work API' },
    preferences: defaultAlertPreferences,
    rules: defaultAlertRules,
    snoozes: [],
    now: NOW,
    ...overrides,
  };
}

/** Polls in order from `state`, returning the final state and the alerts of each poll. */
export function pollAll(
  state: AlertState,
  steps: readonly { outcome: PollOutcome; context?: Partial<PollContext> }[],
): { state: AlertState; alerts: Alert[][] } {
  const alerts: Alert[][] = [];
  let current = state;
  for (const step of steps) {
    const now = step.outcome.ok ? step.outcome.snapshot.takenAt : step.outcome.at;
    const result = evaluatePoll(current, step.outcome, context({ now, ...step.context }));
    current = result.state;
    alerts.push(result.alerts);
  }
  return { state: current, alerts };
}

/** The state after a first poll of `items` (whatever it told), so later polls are ordinary ones. */
export function primed(items: Parameters<typeof snapshot>[0], takenAt = NOW): AlertState {
  return evaluatePoll(initialAlertState(), ok(items, takenAt), context({ now: takenAt })).state;
}

/** The version-2 key of news about `about`: `certificate:monitor:42` for a certificate's, `connection` and `token`. */
function version2Key(about: HeldSubject): string {
  if (about.about === 'state') return about.key;
  if (about.about === 'certificate') return `certificate:${about.key}`;
  return about.about === 'reachability' ? 'connection' : about.about;
}

function values<T, V>(record: Readonly<Record<string, T>>, value: (entry: T) => V | undefined): Record<string, V> {
  const result: Record<string, V> = {};
  for (const [key, entry] of Object.entries(record)) {
    const found = value(entry);
    if (found !== undefined) result[key] = found;
  }
  return result;
}

/** The state's memory as version 2's tables (each time by item key, news by key), so a test says in few words what
 * is remembered. */
export function tables(state: AlertState) {
  const byKey = <T extends { about: HeldSubject }>(entries: readonly T[]) => Object.fromEntries(entries.map(({ about, ...entry }) => [version2Key(about), entry]));
  return {
    monitorsDown: values(state.monitors, (monitor) => monitor.downSince),
    heartbeatsLate: values(state.heartbeats, (heartbeat) => heartbeat.troubleSince),
    heartbeatsFailed: values(state.heartbeats, (heartbeat) => heartbeat.failedSince),
    heartbeatsWaiting: values(state.heartbeats, (heartbeat) => heartbeat.waitingSince),
    domains: state.domains,
    certificates: state.certificates,
    owed: byKey(state.owed),
    held: byKey(state.held),
  };
}
