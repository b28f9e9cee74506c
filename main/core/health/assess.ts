// Every item of a snapshot judged at one instant, for lists (tray menu, CLI). Text is built only on
// request (`itemDetail`), because a list shows a handful of the thousands of items it judges.
import {
  annotationsOf,
  monitorStatusOf,
  type Domain,
  type ItemAnnotation,
  type Heartbeat,
  type Monitor,
  type MonitorStatus,
} from '../../../common/api/index.ts';
import type { Snapshot } from '../model/snapshot.ts';
import { domainExpiry, domainHealth, type DomainState } from './domain-health.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { domainName, expiryPhrase, heartbeatName, monitorName } from './display.ts';
import type { Health } from './health.ts';
import { heartbeatHealth, heartbeatTiming, type HeartbeatState, type HeartbeatTiming } from './heartbeat-health.ts';
import { expectation, overranWords, runningWords } from './heartbeat-words.ts';
import { domainKey, heartbeatKey, monitorKey, parseItemKey, sourceItemKey } from '../../../common/ipc/item-key.ts';
import type { SourceItem, SourceState } from '../sources/source-reading.ts';
import { monitorHealth } from './monitor-health.ts';

export interface AssessOptions {
  now: number;
  graceSeconds: number;
  thresholds: readonly number[];
  /** Epoch ms the snapshot was taken; `now` when absent. */
  observedAt?: number | undefined;
  /** When Vigil first saw each never-pinged heartbeat, by item key (the alert state remembers it). */
  waitingSince?: Readonly<Record<string, number>> | undefined;
  /** A source's latest poll failed: its items as last read are not known now (never shown up). */
  sourceUnread?: boolean | undefined;
}

export type ItemAssessment =
  | { kind: 'monitor'; key: string; health: Health; state: MonitorStatus; monitor: Monitor }
  | {
      kind: 'heartbeat';
      key: string;
      health: Health;
      state: HeartbeatState;
      heartbeat: Heartbeat;
      timing: HeartbeatTiming;
    }
  | { kind: 'domain'; key: string; health: Health; state: DomainState; domain: Domain; daysLeft: number | undefined }
  /** A read-only source's item: judged by its source (its reader says its health), not by Vigil. */
  | { kind: 'source'; key: string; health: Health; state: SourceState; item: SourceItem };

export function assessMonitor(monitor: Monitor): ItemAssessment {
  const state = monitorStatusOf(monitor);
  return { kind: 'monitor', key: monitorKey(monitor), health: monitorHealth(state), state, monitor };
}

export function assessHeartbeat(heartbeat: Heartbeat, options: AssessOptions): ItemAssessment {
  const key = heartbeatKey(heartbeat);
  const waitingSince = heartbeat.last_ping === undefined ? options.waitingSince?.[key] : undefined;
  const timing = heartbeatTiming(heartbeat, options.now, { graceSeconds: options.graceSeconds, waitingSince });
  return { kind: 'heartbeat', key, health: heartbeatHealth(timing.state), state: timing.state, heartbeat, timing };
}

export function assessDomain(domain: Domain, options: AssessOptions): ItemAssessment {
  const expiry = domainExpiry(domain, options.now, options);
  return {
    kind: 'domain',
    key: domainKey(domain),
    health: domainHealth(expiry.state),
    state: expiry.state,
    domain,
    daysLeft: expiry.daysLeft,
  };
}

/**
 * A source's item as its source judges it; `unread` (its source's latest poll failed): not known now, whatever it said
 * when last read, which its words keep.
 */
export function assessSourceItem(item: SourceItem, unread = false): ItemAssessment {
  if (!unread) return { kind: 'source', key: sourceItemKey(item), health: item.health, state: item.state, item };
  const unknown: SourceItem = { ...item, health: 'unknown', state: 'unknown', summary: `Not known now: its source could not be read (last read: ${item.summary})` };
  return { kind: 'source', key: sourceItemKey(item), health: 'unknown', state: 'unknown', item: unknown };
}

export function assessSnapshot(snapshot: Snapshot, options: AssessOptions): ItemAssessment[] {
  const withTime = options.observedAt === undefined ? { ...options, observedAt: snapshot.takenAt } : options;
  const result: ItemAssessment[] = [];
  for (const monitor of snapshot.monitors) result.push(assessMonitor(monitor));
  for (const heartbeat of snapshot.heartbeats) result.push(assessHeartbeat(heartbeat, withTime));
  for (const domain of snapshot.domains) result.push(assessDomain(domain, withTime));
  for (const item of snapshot.sourceItems ?? []) result.push(assessSourceItem(item, options.sourceUnread));
  return result;
}

/** The one item of a snapshot with this key, judged; undefined when the snapshot has none. */
export function assessItemByKey(snapshot: Snapshot, key: string, options: AssessOptions): ItemAssessment | undefined {
  const withTime = options.observedAt === undefined ? { ...options, observedAt: snapshot.takenAt } : options;
  switch (parseItemKey(key)?.kind) {
    case 'monitor': {
      const monitor = snapshot.monitors.find((candidate) => monitorKey(candidate) === key);
      return monitor === undefined ? undefined : assessMonitor(monitor);
    }
    case 'heartbeat': {
      const heartbeat = snapshot.heartbeats.find((candidate) => heartbeatKey(candidate) === key);
      return heartbeat === undefined ? undefined : assessHeartbeat(heartbeat, withTime);
    }
    case 'domain': {
      const domain = snapshot.domains.find((candidate) => domainKey(candidate) === key);
      return domain === undefined ? undefined : assessDomain(domain, withTime);
    }
    case 'source': {
      const item = snapshot.sourceItems?.find((candidate) => sourceItemKey(candidate) === key);
      return item === undefined ? undefined : assessSourceItem(item);
    }
    case undefined:
      return undefined;
  }
}

/** The item as its server or source sent it. */
function assessedItem(item: ItemAssessment): Monitor | Heartbeat | Domain | SourceItem {
  switch (item.kind) {
    case 'monitor':
      return item.monitor;
    case 'heartbeat':
      return item.heartbeat;
    case 'domain':
      return item.domain;
    case 'source':
      return item.item;
  }
}

/** The server's id of the item, when it sent one. */
export function itemId(item: ItemAssessment): string | undefined {
  return assessedItem(item).id;
}

/** What a person wrote about the item (its annotations, common/api/item-fields.ts). */
export function itemAnnotations(item: ItemAssessment): ItemAnnotation[] {
  return annotationsOf(item.kind, assessedItem(item));
}

export function itemName(item: ItemAssessment): string {
  switch (item.kind) {
    case 'monitor':
      return monitorName(item.monitor);
    case 'heartbeat':
      return heartbeatName(item.heartbeat);
    case 'domain':
      return domainName(item.domain);
    case 'source':
      return item.item.name;
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function monitorDetail(state: MonitorStatus, raw: string | undefined): string {
  if (state === 'up') return 'Up';
  if (state === 'down') return 'Down';
  if (raw === undefined) return 'No status yet';
  return raw === 'unknown' ? 'Status unknown' : 'Status unknown (the server says something Vigil does not know)';
}

/** "Failed: exit code 2, 3 h ago", "Failed 3 h ago", "Failed". */
function failedDetail(heartbeat: Heartbeat, failedAt: number | undefined, now: number): string {
  const ago = failedAt === undefined ? '' : `${formatDuration(now - failedAt)} ago`;
  const code = heartbeat.last_exit_code;
  if (code === undefined) return ago === '' ? 'Failed' : `Failed ${ago}`;
  return ago === '' ? `Failed: exit code ${code}` : `Failed: exit code ${code}, ${ago}`;
}

/**
 * "Last ping 5 min ago", "Running for 12 min (limit 2 h)", "Late: last ping 2 h ago, expected every 1 h", "No ping yet,
 * expected every 1 h", "Running for 2 h 10 min, limit 2 h", "Failed: exit code 2, 3 h ago".
 */
export function heartbeatDetail(heartbeat: Heartbeat, timing: HeartbeatTiming, now: number): string {
  const { lastPingAt, runStartedAt, runningSince } = timing;
  const lastPing = lastPingAt === undefined ? undefined : `last ping ${formatDuration(now - lastPingAt)} ago`;
  switch (timing.state) {
    case 'up':
      // A job at work says so: the service knows it is running.
      if (runningSince !== undefined) return runningWords(heartbeat, runningSince, now);
      return capitalized(lastPing ?? 'on time');
    case 'waiting':
      if (runningSince !== undefined) return runningWords(heartbeat, runningSince, now);
      return 'Waiting for the first ping';
    case 'late':
      if (runStartedAt !== undefined) return overranWords(heartbeat, runStartedAt, now);
      return lastPing === undefined ? `No ping yet, ${expectation(heartbeat)}` : `Late: ${lastPing}, ${expectation(heartbeat)}`;
    case 'down':
      if (runStartedAt !== undefined) return overranWords(heartbeat, runStartedAt, now);
      return lastPing === undefined ? `No ping yet, ${expectation(heartbeat)}` : `Missed two or more pings: ${lastPing}, ${expectation(heartbeat)}`;
    case 'failed':
      return failedDetail(heartbeat, timing.failedAt, now);
    case 'unknown':
      return heartbeat.expected_interval === undefined ? 'No expected interval, so lateness is unknown' : 'Last ping time unreadable';
  }
}

export function domainDetail(domain: Domain, daysLeft: number | undefined): string {
  // Vigil's service says why its lookups fail (docs/api-decisions.md §7); other servers leave it to be guessed.
  if (daysLeft === undefined) return domain.last_error === undefined ? 'Expiry could not be looked up' : `Expiry not known — ${domain.last_error}`;
  const phrase = capitalized(expiryPhrase(daysLeft));
  return domain.expires_on === undefined ? phrase : `${phrase} (${domain.expires_on})`;
}

/** One line about the item's state, for a menu entry or a CLI row. */
export function itemDetail(item: ItemAssessment, now: number): string {
  switch (item.kind) {
    case 'monitor':
      return monitorDetail(item.state, item.monitor.last_status);
    case 'heartbeat':
      return heartbeatDetail(item.heartbeat, item.timing, now);
    case 'domain':
      return domainDetail(item.domain, item.daysLeft);
    case 'source':
      return item.item.summary;
  }
}
