// The one error type the client rejects with: a ClientErrorInfo a person and the alert policy can act on.
import type { ClientErrorInfo } from '../model/snapshot.ts';

export class MonitoringClientError extends Error {
  readonly info: ClientErrorInfo;

  constructor(info: ClientErrorInfo) {
    super(info.message);
    this.name = 'MonitoringClientError';
    this.info = info;
  }
}

/** For callers that catch anything (the poller): a client error as it is, anything else as a protocol error. */
export function clientErrorInfo(error: unknown): ClientErrorInfo {
  if (error instanceof MonitoringClientError) return error.info;
  // Not reached by the client's own failures; a bug elsewhere must still show as one sentence, never a stack.
  return { kind: 'protocol-error', message: 'The request failed unexpectedly inside Vigil.' };
}
