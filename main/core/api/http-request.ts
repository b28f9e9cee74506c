// One HTTP exchange, the API's and a source's alike (main/core/sources/source-request.ts): the credential's headers, a
// deadline over headers and body, caller cancellation, no redirects, a byte cap. Answers a 2xx (and a 304 to a
// conditional request) with its text; anything else rejects with a MonitoringClientError whose message has been
// through `redact` and names the server and the credential in the caller's words (naming.ts).
import type { Clock } from '../../../common/clock.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { MonitoringClientError } from './client-error.ts';
import type { ReceivedBody } from './error-message.ts';
import { networkFailureReason } from './network-error.ts';
import { apiNaming, atSentenceStart, possessive, type Naming } from './naming.ts';
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
  /** Who and what messages name; the API client's words when not given. */
  naming?: Naming;
}

/** How the request proves who sends it: the headers that carry the credential, and every spelling of it to redact. */
export interface Credential {
  headers: Record<string, string>;
  secrets: string[];
}

/** The API's credential: its access token as a bearer token. */
export function bearerCredential(token: string): Credential {
  return { headers: { authorization: `Bearer ${token}` }, secrets: [token] };
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the base URL, ids already encoded, query included: `/monitors?page=1&limit=1000`. */
  target: string;
  credential: Credential;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `application/x-www-form-urlencoded` instead of a JSON body. */
  form?: URLSearchParams;
  /** What the answer should be; JSON when not given. */
  accept?: string;
  /** Headers beside the credential's, e.g. `If-None-Match`; when they make the request conditional, a 304 is an answer. */
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export interface ApiResponse extends ReceivedBody {
  status: number;
  headers: Headers;
}

type Ending = 'timeout' | 'cancelled';

export async function sendRequest(transport: Transport, request: ApiRequest): Promise<ApiResponse> {
  const label = `${request.method} ${request.target}`;
  const secrets = request.credential.secrets;
  const naming = transport.naming ?? apiNaming(transport.base);
  const server = atSentenceStart(naming.server);
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
      return fail({ kind: 'timeout', message: `${server} ${what} within ${formatDuration(transport.timeoutMs, 'wait')}.` });
    }
    return fail({ kind: 'unreachable', message: `Could not reach ${naming.serverAt}: ${networkFailureReason(error)}.` });
  };

  try {
    let response: Response;
    try {
      response = await transport.fetch(`${transport.base}${request.target}`, {
        method: request.method,
        headers: headersFor(request),
        body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
        // Never followed: a redirect would re-send the credential to wherever the server points.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      throw interrupted(error);
    }
    headersArrived = true;
    const { status, headers } = response;
    const contentType = headers.get('content-type');

    if (status === 304 && isConditional(request)) {
      // Not modified: the caller keeps the answer it has; a 304 has no body to read.
      await discard(response);
      return { status, headers, text: '', contentType };
    }
    if (status >= 300 && status <= 399) {
      await discard(response);
      throw fail(redirectInfo(status, headers.get('location'), `${transport.base}${request.target}`, label, secrets, server));
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
          message: `${possessive(server)} answer to ${label} is larger than ${formatBytes(cap)}, the most Vigil reads.`,
        });
      }
      return { status, headers, text, contentType };
    }
    const body = text === undefined ? undefined : { text, contentType };
    throw fail(statusErrorInfo({ status, request: label, headers, body, nowMs: transport.clock.now(), secrets, naming }));
  } finally {
    transport.clock.clearTimer(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function headersFor(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers, ...request.credential.headers, accept: request.accept ?? 'application/json' };
  // fetch sets the form's own content type.
  if (request.body !== undefined && request.form === undefined) headers['content-type'] = 'application/json';
  return headers;
}

function isConditional(request: ApiRequest): boolean {
  return Object.keys(request.headers ?? {}).some((name) => /^if-(none-match|modified-since)$/i.test(name));
}

export function cancelledInfo(label: string): ClientErrorInfo {
  return { kind: 'cancelled', message: `The request ${label} was cancelled.` };
}

function redirectInfo(status: number, location: string | null, requestUrl: string, label: string, secrets: readonly string[], server: string): ClientErrorInfo {
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
    message: `${server} redirected ${label} (HTTP ${status}) to ${target}; Vigil does not follow redirects, so check the server address.`,
  };
}

export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

