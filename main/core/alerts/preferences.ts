// What the user chose to be told about. Every kind of news is tracked either way; a topic that is off only
// keeps its alerts from being shown.
import { defaultExpiryThresholds } from '../../../common/api/index.ts';
import { NOTIFICATION_TOPIC_DEFAULTS, SETTINGS_BOUNDS, type NotificationTopic } from '../../../common/ipc/settings.ts';
import type { AlertKind } from './alert.ts';


export interface AlertPreferences {
  notify: Record<AlertTopic, boolean>;
  /** More item alerts than this in one poll become one summary. */
  burstLimit: number;
  /** Days before expiry at which a domain alerts, once each. */
  thresholds: readonly number[];
  /** Added to a heartbeat's expected interval before it counts as late. */
  heartbeatGraceSeconds: number;
  /** Consecutive failed polls before "can't reach". */
  unreachableAfterPolls: number;
  /** Warn this many days before the token's `exp`. */
  tokenWarningDays: number;
}

export type AlertTopic = NotificationTopic;

export const defaultAlertPreferences: AlertPreferences = Object.freeze({
  notify: NOTIFICATION_TOPIC_DEFAULTS,
  burstLimit: 3,
  thresholds: defaultExpiryThresholds,
  heartbeatGraceSeconds: SETTINGS_BOUNDS.heartbeatGraceSeconds.default,
  unreachableAfterPolls: 3,
  tokenWarningDays: 3,
});

export type AlertPreferencesInput = Partial<Omit<AlertPreferences, 'notify'>> & {
  notify?: Partial<Record<AlertTopic, boolean>>;
};

function wholeNumber(value: number | undefined, min: number, fallback: number): number {
  return value !== undefined && Number.isSafeInteger(value) && value >= min ? value : fallback;
}

/** Stored or edited settings made whole: missing or unusable values take the default. */
export function resolveAlertPreferences(input: AlertPreferencesInput = {}): AlertPreferences {
  const defaults = defaultAlertPreferences;
  const thresholds = input.thresholds?.filter((days) => Number.isSafeInteger(days) && days >= 0);
  return {
    notify: { ...defaults.notify, ...input.notify },
    burstLimit: wholeNumber(input.burstLimit, 1, defaults.burstLimit),
    thresholds: thresholds === undefined ? defaults.thresholds : [...new Set(thresholds)].sort((a, b) => b - a),
    heartbeatGraceSeconds: wholeNumber(input.heartbeatGraceSeconds, 0, defaults.heartbeatGraceSeconds),
    unreachableAfterPolls: wholeNumber(input.unreachableAfterPolls, 1, defaults.unreachableAfterPolls),
    tokenWarningDays: wholeNumber(input.tokenWarningDays, 0, defaults.tokenWarningDays),
  };
}

/** The setting that governs an alert kind; summaries are governed by the alerts they replace. */
export function topicOf(kind: AlertKind): AlertTopic | undefined {
  switch (kind) {
    // Flapping is trouble with the monitor's up/down news; how it settled closes that story.
    // A source's item going wrong and coming back is told as a monitor's down and up are.
    case 'monitor-down':
    case 'monitor-flapping':
    case 'monitor-settled':
    case 'source-problem':
      return 'monitorDown';
    case 'monitor-recovered':
    case 'source-recovered':
      return 'monitorRecovered';
    case 'heartbeat-late':
    case 'heartbeat-failed':
      return 'heartbeatLate';
    case 'heartbeat-recovered':
      return 'heartbeatRecovered';
    // One topic for every expiry: a domain's, and a monitor's certificate's.
    case 'domain-expiring':
    case 'domain-expired':
    case 'certificate-expiring':
    case 'certificate-expired':
      return 'domainExpiring';
    case 'connection-lost':
    case 'connection-restored':
      return 'connection';
    case 'sign-in-again':
    case 'token-expiring':
      return 'token';
    case 'summary':
      return undefined;
  }
}
