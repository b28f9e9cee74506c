// "I'm on it": a person acknowledges an item's problem, and it is theirs until it recovers. While acknowledged the
// item leaves the tray's colour and gets no news while it stays a problem (no reminder, no "still down", no worse
// news such as late → down); its recovery is told once, and ends the acknowledgement, so a later failure is news
// again. The settings keep acknowledgements by server item key (`work/monitor:42`), as they keep snoozes.
import { domainKey, heartbeatKey, monitorKey, parseServerItemKey } from '../../../common/ipc/item-key.ts';
import { assessDomain, assessHeartbeat, assessMonitor, type AssessOptions, type Health, type ItemAssessment } from '../health/index.ts';
import type { Snapshot } from '../model/snapshot.ts';
import { isBadKind, ITEM_ALERT_KINDS, type Alert, type ItemAlertKind } from './alert.ts';

/** `at`: when the person acknowledged it (epoch ms), shown as "acknowledged 10:42". */
export interface Acknowledgement {
  key: string;
  at: number;
}

/** Only a problem can be acknowledged: an item the tray colours for (a warning or worse), not one fine or unjudged. */
export function isAcknowledgeable(health: Health): boolean {
  return health === 'warning' || health === 'critical';
}

/** One connection's acknowledgements by its own item keys: the settings keep them by server item key. */
export function acknowledgementsOn(connectionId: string, acknowledgements: readonly Acknowledgement[]): Map<string, number> {
  const own = new Map<string, number>();
  for (const { key, at } of acknowledgements) {
    const ref = parseServerItemKey(key);
    if (ref?.connectionId === connectionId) own.set(ref.itemKey, at);
  }
  return own;
}

const ITEM_KINDS: ReadonlySet<string> = new Set(ITEM_ALERT_KINDS);

/** News that the item is well again: a recovery, or a flapping monitor settling up. What an acknowledgement lets through. */
export function isRecoveryNews(alert: Pick<Alert, 'kind' | 'severity'>): boolean {
  if (!ITEM_KINDS.has(alert.kind)) return false;
  const kind = alert.kind as ItemAlertKind;
  return !isBadKind(kind) || (kind === 'monitor-settled' && alert.severity === 'info');
}

/**
 * The acknowledged items (own keys) an answered poll finds no longer a problem — recovered, or gone from the server —
 * judged as the tray judges them, so an acknowledgement lasts exactly as long as the problem the tray set aside. One
 * pass over the snapshot, judging only the acknowledged items.
 */
export function endedAcknowledgements(acknowledged: ReadonlyMap<string, number>, snapshot: Snapshot, options: AssessOptions): string[] {
  const withTime = options.observedAt === undefined ? { ...options, observedAt: snapshot.takenAt } : options;
  const stillProblems = new Set<string>();
  const judge = (key: string, assess: () => ItemAssessment) => {
    if (acknowledged.has(key) && isAcknowledgeable(assess().health)) stillProblems.add(key);
  };
  for (const monitor of snapshot.monitors) judge(monitorKey(monitor), () => assessMonitor(monitor));
  for (const heartbeat of snapshot.heartbeats) judge(heartbeatKey(heartbeat), () => assessHeartbeat(heartbeat, withTime));
  for (const domain of snapshot.domains) judge(domainKey(domain), () => assessDomain(domain, withTime));
  return [...acknowledged.keys()].filter((key) => !stillProblems.has(key));
}
