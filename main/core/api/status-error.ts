// The ClientErrorInfo for an HTTP status that is not a success, worded for a person.
import { formatDuration } from '../../../common/format/duration.ts';
import type { ClientErrorInfo, ClientErrorKind } from '../model/snapshot.ts';
import { serverMessage, validationDetailsOf, type ReceivedBody } from './error-message.ts';
import { apiWords, atSentenceStart, type Naming } from './naming.ts';
import { parseRetryAfter } from './retry-after.ts';

export interface FailedResponse {
  status: number;
  /** `GET /monitors/mon_1`, path below the base URL, as sent (ids encoded). */
  request: string;
  headers: Headers;
  /** Undefined when the body could not be read (too large, or the time ran out while reading it). */
  body: ReceivedBody | undefined;
  nowMs: number;
  secrets: readonly (string | undefined)[];
  /** Who and what to name; the API client's "the server" and "the access token" when not given. */
  naming?: Omit<Naming, 'serverAt'>;
}

export function statusErrorInfo(response: FailedResponse): ClientErrorInfo {
  const { status } = response;
  const kind = kindOf(status);
  const info: ClientErrorInfo = { kind, status, message: '' };
  if (kind === 'rate-limited' || kind === 'server-error') {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), response.nowMs);
    if (retryAfterMs !== undefined) info.retryAfterMs = retryAfterMs;
  }
  if (kind === 'bad-request' && response.body !== undefined) {
    const details = validationDetailsOf(response.body.text, response.secrets);
    if (details !== undefined) info.details = details;
  }
  const said = response.body === undefined ? undefined : serverMessage(response.body, response.secrets);
  if (said !== undefined && kind === 'bad-request' && !response.request.startsWith('GET ')) {
    // A change the user asked for, refused with a reason: the reason is the answer ("bücher.example is already
    // watched."); the request and its status say nothing to the person who filled in the form. Its case is kept: it
    // may begin with a name written in lower case.
    info.message = `${said.replace(/[.!]+$/, '')}.`;
    return info;
  }
  const naming = response.naming ?? apiWords;
  const lead = leadOf(kind, status, response.request, info.retryAfterMs, naming);
  info.message =
    said === undefined
      ? `${lead}: ${naming.server} answered ${status} with a non-JSON body.`
      : `${lead} (HTTP ${status}): ${said.replace(/[.!]+$/, '')}.`;
  return info;
}

function kindOf(status: number): ClientErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500 && status <= 599) return 'server-error';
  if (status >= 400 && status <= 499) return 'bad-request';
  // 1xx never reaches here; 3xx is handled as a redirect; anything else is not HTTP as the API uses it.
  return 'protocol-error';
}

function leadOf(kind: ClientErrorKind, status: number, request: string, retryAfterMs: number | undefined, naming: Omit<Naming, 'serverAt'>): string {
  const server = atSentenceStart(naming.server);
  switch (kind) {
    case 'unauthorized':
      // A source that needs no key (a public status page) asking for one is most likely the wrong address.
      return naming.credential === undefined ? `${server} asked for a login, though it needs none` : `${server} did not accept ${naming.credential}`;
    case 'forbidden':
      return naming.forbiddenRefusesCredential && naming.credential !== undefined
        ? `${server} refused ${naming.credential} for ${request}`
        : `${server} refused access to ${request}`;
    case 'not-found':
      return `${server} has nothing at ${request}`;
    case 'rate-limited':
      return retryAfterMs === undefined ? `${server} is limiting requests` : `${server} is limiting requests for ${formatDuration(retryAfterMs, 'wait')}`;
    case 'server-error':
      return status === 503 ? `${server} is unavailable` : `${server} had an internal error`;
    case 'bad-request':
      return `${server} refused ${request}`;
    default:
      return `${server} answered ${request} with an unexpected status`;
  }
}
