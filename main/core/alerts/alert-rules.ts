// The person's own rules for when to be told (issue 13): quiet hours, maintenance, dependencies, flapping, a delay
// and per-item choices. Every change is tracked whatever they say; they only decide when, and whether, it is told.
import type { MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import type { WeeklyRange } from '../../../common/schedule/weekly-schedule.ts';
import type { AlertKind } from './alert.ts';

/** The kinds of item news a person can turn off per item. */
export type ItemNewsKind = 'down' | 'recovered' | 'late' | 'expiry';

export interface ItemRule {
  /** Tell a down (or late) only once it has lasted this long; overrides `AlertRules.delayMinutes`. */
  delayMinutes?: number;
  /** Which kinds of news to tell about this item (absent: told). */
  tell?: Partial<Record<ItemNewsKind, boolean>>;
}

export interface QuietHours {
  ranges: readonly WeeklyRange[];
  /** IANA zone the ranges' wall times are in (the computer's, passed in so the reducer stays pure). */
  timeZone: string;
  /** A monitor down, or a heartbeat missing two pings, is told at once even when quiet. */
  criticalBreaksThrough: boolean;
}

/**
 * Pass the same objects from poll to poll while the rules do not change: what is quiet or in maintenance now is
 * worked out once and kept, by object, until it can next change.
 */
export interface AlertRules {
  /** Undefined: off. */
  quietHours?: QuietHours;
  /** This connection's windows, by its own item keys. */
  maintenance: readonly MaintenanceRule[];
  /** Child key → parent key (own keys; acyclic: the settings refuse cycles). */
  dependencies: ReadonlyMap<string, string>;
  /** Child key (own) → its parent on another server or source, by that one's server item key ("my API depends on
   * GitHub"): kept by Vigil whoever keeps the rest. */
  dependsElsewhere?: ReadonlyMap<string, string>;
  /** More than `changes` state changes within `minutes` is flapping; no change for `minutes` is settled. */
  flapping: { changes: number; minutes: number };
  /** Tell a down (or late) only once it has lasted this long (0: at once). */
  delayMinutes: number;
  /** Own item key → its rule. */
  itemRules: ReadonlyMap<string, ItemRule>;
}

export const defaultAlertRules: AlertRules = Object.freeze({
  maintenance: Object.freeze([]),
  dependencies: new Map<string, string>(),
  flapping: Object.freeze({ changes: 4, minutes: 15 }),
  delayMinutes: 0,
  itemRules: new Map<string, ItemRule>(),
});

/** Why a change was not told when it happened. The first four are told later; the others are dropped by choice. */
export type SuppressionReason =
  | 'quiet'
  | 'maintenance'
  | 'dependency'
  | 'delay'
  | 'flapping'
  | 'snoozed'
  | 'acknowledged'
  | 'paused'
  | 'topic-off'
  | 'kind-off';

/** The item news kinds a rule can turn off; connection news and summaries are not an item's. */
const NEWS_KIND: Partial<Record<AlertKind, ItemNewsKind>> = {
  'monitor-down': 'down',
  'monitor-recovered': 'recovered',
  'heartbeat-late': 'late',
  // A heartbeat's "goes down" is its critical news: a failed run (missing a ping is "late", however long).
  'heartbeat-failed': 'down',
  'heartbeat-recovered': 'recovered',
  'domain-expiring': 'expiry',
  'domain-expired': 'expiry',
  'certificate-expiring': 'expiry',
  'certificate-expired': 'expiry',
  'monitor-flapping': 'down',
  'monitor-settled': 'down',
  'source-problem': 'down',
  'source-recovered': 'recovered',
};

/** Whether the item's rule lets this kind of news be told. */
export function itemTells(rules: AlertRules, itemKey: string, kind: AlertKind): boolean {
  const news = NEWS_KIND[kind];
  return news === undefined || rules.itemRules.get(itemKey)?.tell?.[news] !== false;
}

/** How long a down or late must last before it is told, in ms. */
export function delayMsOf(rules: AlertRules, itemKey: string): number {
  const minutes = rules.itemRules.get(itemKey)?.delayMinutes ?? rules.delayMinutes;
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 0;
}
