// The monitoring API client: every operation of the spec, safe against hostile or broken servers.
export { clientErrorInfo, MonitoringClientError } from './client-error.ts';
export {
  clientDefaults,
  MonitoringClient,
  type CallOptions,
  type ItemReply,
  type ListReply,
  type MonitoringClientOptions,
} from './monitoring-client.ts';
export { redact } from './redact.ts';
export { parseRetryAfter } from './retry-after.ts';
export { isLoopbackHost } from './token-safety.ts';
