// What the alert policy asks the notifier to show. Plain data, so it can be logged, queued and tested.

/** An item's own news: a change of its state, and what flapping adds (the last two). */
export const ITEM_ALERT_KINDS = [
  'monitor-down',
  'monitor-recovered',
  'heartbeat-late',
  'heartbeat-failed',
  'heartbeat-recovered',
  'domain-expiring',
  'domain-expired',
  'certificate-expiring',
  'certificate-expired',
  // A read-only source's item: a problem as its source says it (down, degraded, firing, late), and its end.
  'source-problem',
  'source-recovered',
  'monitor-flapping',
  'monitor-settled',
] as const;

export type ItemAlertKind = (typeof ITEM_ALERT_KINDS)[number];

/** The kinds of a change of an item's state, as `itemChanges` finds them (not flapping's). */
export const STATE_CHANGE_KINDS: readonly ItemAlertKind[] = ITEM_ALERT_KINDS.filter((kind) => kind !== 'monitor-flapping' && kind !== 'monitor-settled');

export type ConnectionAlertKind = 'connection-lost' | 'connection-restored' | 'sign-in-again' | 'token-expiring';

export type AlertKind = ItemAlertKind | ConnectionAlertKind | 'summary';

export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;

export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export interface Alert {
  /** Deterministic (connection, kind, item, time), so a replayed evaluation yields the same ids. */
  id: string;
  kind: AlertKind;
  severity: AlertSeverity;
  title: string;
  body: string;
  /** The item's own words (its first annotation, item-fields.ts), which a notification shows as its second line. */
  detail?: string;
  /** The item a click should open, by its connection's own key (see `parseItemKey`); absent for summaries and
   * connection alerts. The core puts it on its server (`serverItemKey`) as the alert leaves it. */
  itemKey?: string;
  connectionId: string;
  /** A summary: how many changes it stands for (one otherwise). */
  covers?: number;
  /** The ids of changes told late or folded in by this alert (held in quiet hours, owed after maintenance, a delay
   * or a parent's outage, or replaced by a summary): each change id is included by at most one alert, ever. */
  includes?: string[];
}

/** News of an expiry (a domain's, a monitor's certificate's): it only ever gets nearer, until a renewal ends it. */
export type ExpiryAlertKind = Extract<ItemAlertKind, 'domain-expiring' | 'domain-expired' | 'certificate-expiring' | 'certificate-expired'>;

export function isExpiryKind(kind: ItemAlertKind): kind is ExpiryAlertKind {
  return kind === 'domain-expiring' || kind === 'domain-expired' || kind === 'certificate-expiring' || kind === 'certificate-expired';
}

/** Whether news of this kind says the item is in a bad state (down, late, failed, expiring, flapping). */
export function isBadKind(kind: ItemAlertKind): boolean {
  return kind !== 'monitor-recovered' && kind !== 'heartbeat-recovered' && kind !== 'source-recovered';
}

/** News that an item stopped working (a monitor down, a heartbeat late or failed, a source's item with a problem):
 * what a delay waits on, a parent's outage folds, and a critical one may break through quiet hours. */
export function isTroubleKind(kind: string): boolean {
  return kind === 'monitor-down' || kind === 'heartbeat-late' || kind === 'heartbeat-failed' || kind === 'source-problem';
}

export function alertId(connectionId: string, kind: AlertKind, itemKey: string | undefined, now: number): string {
  return `${connectionId}|${kind}|${itemKey ?? ''}|${now}`;
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };

export function worseSeverity(a: AlertSeverity, b: AlertSeverity): AlertSeverity {
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}
