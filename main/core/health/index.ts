// Item health: how good or bad each watched item is at a given instant. Pure; used by the alert policy,
// the tray and the CLI.
export { healthRank, type Health } from './health.ts';
export { domainKey, heartbeatKey, monitorKey, parseItemKey, type ItemKind, type ItemRef } from '../../../common/ipc/item-key.ts';
export { monitorHealth } from './monitor-health.ts';
export {
  heartbeatHealth,
  heartbeatTiming,
  type HeartbeatState,
  type HeartbeatTiming,
  type HeartbeatTimingOptions,
} from './heartbeat-health.ts';
export { expectation, overranWords } from './heartbeat-words.ts';
export {
  dateToUtcDay,
  domainExpiry,
  domainExpiryDay,
  domainHealth,
  largestThreshold,
  utcDay,
  type DomainExpiry,
  type DomainExpiryOptions,
  type DomainState,
} from './domain-health.ts';
export {
  cleanName,
  countPhrase,
  domainName,
  expiryPhrase,
  heartbeatName,
  monitorName,
  truncate,
} from './display.ts';
export {
  assessDomain,
  assessItemByKey,
  assessHeartbeat,
  assessMonitor,
  assessSnapshot,
  assessSourceItem,
  domainDetail,
  heartbeatDetail,
  itemDetail,
  itemAnnotations,
  itemId,
  itemName,
  type AssessOptions,
  type ItemAssessment,
} from './assess.ts';
export { failureClass, type FailureClass } from './poll-failure.ts';
export { judgedUntil } from './judged-until.ts';
export { ItemKeyIndex } from './item-key-index.ts';
