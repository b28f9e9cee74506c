// The alert policy: one pure reducer (`evaluatePoll`) over persisted state, plus its settings and helpers.
export {
  alertId,
  worseSeverity,
  type Alert,
  type AlertKind,
  type AlertSeverity,
  type ConnectionAlertKind,
  type ItemAlertKind,
} from './alert.ts';
export {
  heartbeatsWaiting,
  initialAlertState,
  restoreAlertState,
  isItemBad,
  sessionStartState,
  tokenReplaced,
  type AlertState,
  type ConnectionMemory,
  type DomainMemory,
  type ExpiryMemory,
  type FlapMemory,
  type HeldStory,
  type HeldSubject,
  type OwedChange,
} from './alert-state.ts';
export { alertView, changesIn, crossServerAlerts, type CrossServerOptions, type ServerAlert } from './cross-server-alerts.ts';
export { evaluatePoll } from './evaluate-poll.ts';
export type { ItemsElsewhere, PollContext, PollEvaluation } from './poll-context.ts';
export { defaultAlertRules, type AlertRules, type ItemNewsKind, type ItemRule, type QuietHours, type SuppressionReason } from './alert-rules.ts';
export type { Suppressed } from './news-ledger.ts';
export { ALERT_STAGES, type Decision, type Moment, type News, type Stage } from './alert-stages.ts';
export { activeMaintenance, maintenanceOf, type ActiveMaintenance } from '../maintenance/active-maintenance.ts';
export { maintenanceAt } from './rule-moments.ts';
export { dueThreshold } from './expiry-step.ts';
export {
  defaultAlertPreferences,
  resolveAlertPreferences,
  topicOf,
  type AlertPreferences,
  type AlertPreferencesInput,
  type AlertTopic,
} from './preferences.ts';
export { acknowledgementsOn, endedAcknowledgements, isAcknowledgeable, isRecoveryNews, type Acknowledgement } from './acknowledgement.ts';
export { activeSnoozes, isPaused, isSnoozeActive, snoozesOn, type PausedUntil, type Snooze } from './snooze.ts';
