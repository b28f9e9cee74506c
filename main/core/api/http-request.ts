// One HTTP exchange with the API: bearer header, a deadline over headers and body, caller cancellation, no
// redirects, a byte cap. Answers a 2xx with its text; anything else rejects with a MonitoringClientError whose
// message has been through `redact`.
import type { Clock } from '../../../common/clock.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { MonitoringClientError } from './client-error.ts';
import type { ReceivedBody } from './error-message.ts';
import { networkFailureReason } from './network-error.ts';
import { formatBytes, readBody } from './read-body.ts';
import { redact, redactInfo } from './redact.ts';
import { statusErrorInfo } from './status-error.ts';

/** Error bodies only need a message and field details; a megabyte of HTML tells us nothing more. */
const maxErrorBodyBytes = 64 * 1024;
const maxLocationLength = 200;

export interface Transport {
  /** Checked base URL without a trailing slash, e.g. `https://vigil.example/api`. */
  base: string;
  fetch: typeof globalThis.fetch;
  clock: Clock;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the base URL, ids already encoded, query included: `/monitors?page=1&limit=1000`. */
  target: string;
  token: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface ApiResponse extends ReceivedBody {
  status: number;
  headers: Headers;
}

type Ending = 'timeout' | 'cancelled';

export async function sendRequest(transport: Transport, request: ApiRequest): Promise<ApiResponse> {
  const label = `${request.method} ${request.target}`;
  const secrets = [request.token];
  const fail = (info: ClientErrorInfo) => new MonitoringClientError(redactInfo(info, secrets));
  if (request.signal?.aborted) throw fail(cancelledInfo(label));

  const controller = new AbortController();
  let ending: Ending | undefined;
  let headersArrived = false;
  const onCallerAbort = () => {
    ending ??= 'cancelled';
    controller.abort();
  };
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = transport.clock.setTimer(() => {
    ending ??= 'timeout';
    controller.abort();
  }, transport.timeoutMs);

  const interrupted = (error: unknown): MonitoringClientError => {
    if (ending === 'cancelled') return fail(cancelledInfo(label));
    if (ending === 'timeout') {
      const what = headersArrived ? `did not finish its answer to ${label}` : `did not answer ${label}`;
      return fail({ kind: 'timeout', message: `The server ${what} within ${formatDuration(transport.timeoutMs, 'wait')}.` });
    }
    const host = new URL(transport.base).host;
    return fail({ kind: 'unreachable', message: `Could not reach the server at ${host}: ${networkFailureReason(error)}.` });
  };

  try {
    let response: Response;
    try {
      response = await transport.fetch(`${transport.base}${request.target}`, {
        method: request.method,
        headers: headersFor(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // Never followed: a redirect would re-send the token to wherever the server points.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      throw interrupted(error);
    }
    headersArrived = true;
    const { status, headers } = response;
    const contentType = headers.get('content-type');

    if (status >= 300 && status <= 399) {
      await discard(response);
      throw fail(redirectInfo(status, headers.get('location'), `${transport.base}${request.target}`, label, secrets));
    }

    const success = status >= 200 && status <= 299;
    const cap = success ? transport.maxResponseBytes : Math.min(maxErrorBodyBytes, transport.maxResponseBytes);
    const declared = Number(headers.get('content-length') ?? Number.NaN);
    let text: string | undefined;
    if (!(declared > cap)) {
      let read;
      try {
        read = await readBody(response.body, cap);
      } catch (error) {
        // The status of a failed request is worth more than its unreadable body; a cancel still wins.
        if (success || ending === 'cancelled') throw interrupted(error);
        read = undefined;
      }
      if (read?.ok) text = new TextDecoder().decode(read.bytes);
    } else {
      await discard(response);
    }

    if (success) {
      if (text === undefined) {
        throw fail({
          kind: 'protocol-error',
          status,
          message: `The server's answer to ${label} is larger than ${formatBytes(cap)}, the most Vigil reads.`,
        });
      }
      return { status, headers, text, contentType };
    }
    const body = text === undefined ? undefined : { text, contentType };
    throw fail(statusErrorInfo({ status, request: label, headers, body, nowMs: transport.clock.now(), secrets }));
  } finally {
    transport.clock.clearTimer(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function headersFor(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${request.token}`, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

export function cancelledInfo(label: string): ClientErrorInfo {
  return { kind: 'cancelled', message: `The request ${label} was cancelled.` };
}

function redirectInfo(status: number, location: string | null, requestUrl: string, label: string, secrets: readonly string[]): ClientErrorInfo {
  let target = 'another address it did not name';
  if (location !== null) {
    let resolved: string;
    try {
      resolved = new URL(location, requestUrl).href;
    } catch {
      resolved = location;
    }
    // Redact before cutting, or the cut could leave part of a reflected token behind.
    resolved = redact(resolved, secrets);
    target = resolved.length <= maxLocationLength ? resolved : `${resolved.slice(0, maxLocationLength - 1)}…`;
  }
  return {
    kind: 'protocol-error',
    status,
    message: `The server redirected ${label} (HTTP ${status}) to ${target}; Vigil does not follow redirects, so check the server address.`,
  };
}

export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

