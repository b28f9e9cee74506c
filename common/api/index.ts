// The shared API model: response types with tolerant readers, request schemas, and URL paths.

export { dateTimeToEpochMs, isDate, isDateTime } from './datetimes.ts';
export { domainNameForPeople, normalizeDomainName, type DomainNameResult } from './domain-name.ts';
export { isEmailAddress } from './email-address.ts';
export type { Issue, IssuePath, ItemReader, ReadContext } from './fields.ts';
export { isHostname, isHostPort, isIPv4, isIPv6, isPingTarget, parseHttpUrl, type HttpUrlResult } from './hostnames.ts';
export { INPUT_LIMITS } from './input-limits.ts';
export { isJsonObject, jsonKind, type JsonObject } from './json.ts';
export {
  handlerTypeOf,
  isMonitorType,
  LOCAL_HANDLER_TYPES,
  MONITOR_STATUSES,
  MONITOR_TYPES,
  monitorStatusOf,
  monitorTypeOf,
  type KnownOr,
  type LocalHandlerType,
  type MonitorStatus,
  type MonitorType,
} from './known.ts';
export {
  HISTORY_WINDOWS,
  isHistoryWindow,
  readCapabilities,
  readCheckRecord,
  readHistoryEvent,
  readMonitorStats,
  readPingRecord,
  readSeriesPoint,
  type Capabilities,
  type CheckRecord,
  type HistoryEvent,
  type HistoryWindow,
  type MonitorStats,
  type PingRecord,
  type ResponseTimes,
  type Series,
  type SeriesPoint,
} from './history.ts';
export { parseItem, parseList, type ItemResult, type ListResult, type ProtocolError } from './list.ts';
export { exportedMonitor, type Monitor, monitorFields, readMonitor } from './monitor.ts';
export type { ReadDnsCheck, ReadExpectation, ReadTls } from './monitor-check.ts';
export { DNS_INPUT_LIMITS, DNS_RECORD_TYPES, dnsCheckInput, dnsHostRule, type DnsCheckSpec, type DnsRecordType } from './dns-check-input.ts';
export {
  DEFAULT_EXPECTED_STATUS,
  DEFAULT_RETRY_SECONDS,
  HTTP_METHODS,
  CHECKS_EXTENSION,
  type HttpMethod,
  type JsonExpectation,
  type MonitorExpect,
  type StatusExpectation,
} from './monitor-check-input.ts';
export { CERTIFICATE_EXPIRY_DAYS, DEFAULT_CERTIFICATE_EXPIRY_DAYS, type MonitorTls } from './monitor-tls-input.ts';
export { isMaskedValue, isSecretHeader, maskSecret, SECRET_MASK } from './secret-headers.ts';
export { maskUrlSecrets } from './secret-urls.ts';
export { parseJsonPath, type JsonPathStep } from './json-path.ts';
export { exportedHeartbeat, type Heartbeat, heartbeatCreateInput, heartbeatEditInput, heartbeatFields, type HeartbeatCreateBody, type HeartbeatEdits, readHeartbeat } from './heartbeat.ts';
export { CRON_EXTENSION, type HeartbeatRun, readHeartbeatRun } from './heartbeat-run.ts';
export { defaultExpiryThresholds, type Domain, domainCreateInput, type DomainCreateBody, domainEditInput, type DomainEdits, domainFields, exportedDomain, readDomain } from './domain.ts';
export {
  ANNOTATION_FIELDS,
  annotationsOf,
  fieldsVigilKeeps,
  ITEM_FIELD_TABLES,
  KEPT_FIELDS,
  keptValuesSchema,
  notificationLine,
  splitKeptValues,
  withKeptValues,
  type AnnotationField,
  type ItemAnnotation,
  type KeptValues,
} from './item-fields.ts';
export {
  exportedHandler,
  localNotificationHandlerCreateInput,
  notificationHandlerCreateInput,
  notificationHandlerFields,
  readNotificationHandler,
  type LocalNotificationHandlerCreateBody,
  type NotificationHandler,
  type NotificationHandlerCreateBody,
} from './notification-handler.ts';
export {
  monitorCreateInput,
  monitorUpdateInput,
  type MonitorCreateBody,
  type MonitorUpdateBody,
} from './monitor-input.ts';
export {
  buildMonitorPutBody,
  MONITOR_EDITABLE_FIELDS,
  type MonitorEdits,
  type MonitorPutBody,
  type MonitorPutBodyResult,
} from './monitor-put-body.ts';
export { HEARTBEAT_DEFAULTS, HEARTBEAT_LIMITS } from './heartbeat-input.ts';
export { collectionPath, COLLECTIONS, resourcePath, type Collection } from './paths.ts';
export { checkInput, validationDetails, type InputResult, type ValidationDetail } from './validation-details.ts';
