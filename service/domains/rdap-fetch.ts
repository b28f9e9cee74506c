// One RDAP GET. Redirects are followed by hand so every hop gets the https check, and one deadline covers
// the whole exchange (all hops and the body), so a misbehaving server costs at most timeoutMs and maxBytes.
import { maxTimerDelayMs, type Clock } from '../../common/clock.ts';
import { describeNetworkError } from '../checks/network-error.ts';
import { RdapLookupError } from './rdap-lookup-error.ts';

export interface RdapFetchOptions {
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  maxBytes: number;
  allowHttp: boolean;
  accept: string;
  /** The caller's cancellation; it rejects with the signal's reason, not an RdapLookupError. */
  signal?: AbortSignal | undefined;
}

const maxRedirects = 3;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export async function fetchRdapJson(url: string, options: RdapFetchOptions): Promise<unknown> {
  const deadline = new AbortController();
  const timer = options.clock.setTimer(() => deadline.abort(), Math.min(options.timeoutMs, maxTimerDelayMs));
  const signal = options.signal === undefined ? deadline.signal : AbortSignal.any([options.signal, deadline.signal]);
  let target = allowedUrl(url, undefined, options.allowHttp);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await options.fetch(target.href, {
        headers: { accept: options.accept },
        redirect: 'manual',
        signal,
      });
      const location = redirectStatuses.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return await readJson(response, target.host, options.maxBytes);
      await response.body?.cancel();
      if (redirects === maxRedirects) {
        throw new RdapLookupError('bad-response', `more than ${maxRedirects} redirects, last from ${target.host}`);
      }
      target = allowedUrl(location, target, options.allowHttp);
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof RdapLookupError) throw error;
    if (deadline.signal.aborted) {
      throw new RdapLookupError('timeout', `no answer from ${target.host} within ${options.timeoutMs / 1000} s`);
    }
    throw new RdapLookupError('unreachable', `could not reach ${target.host} (${networkErrorText(error)})`, { cause: error });
  } finally {
    options.clock.clearTimer(timer);
  }
}

function allowedUrl(text: string, base: URL | undefined, allowHttp: boolean): URL {
  const url = URL.parse(text, base?.href);
  if (url?.protocol === 'https:' || (allowHttp && url?.protocol === 'http:')) return url;
  const from = base === undefined ? '' : ` (redirect from ${base.host})`;
  throw new RdapLookupError('bad-response', `refusing the non-https address ${JSON.stringify(text)}${from}`);
}

async function readJson(response: Response, host: string, maxBytes: number): Promise<unknown> {
  if (!response.ok) {
    await response.body?.cancel();
    throw statusError(response.status, host);
  }
  const text = await readCapped(response, host, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new RdapLookupError('bad-response', `the answer from ${host} is not JSON`);
  }
}

function statusError(status: number, host: string): RdapLookupError {
  if (status === 404) return new RdapLookupError('not-found', `${host} has no record of this domain (HTTP 404)`);
  if (status === 429) return new RdapLookupError('rate-limited', `${host} is limiting how often it may be asked (HTTP 429)`);
  // A server error is the registry being down for now; anything else is an answer we cannot use.
  if (status >= 500) return new RdapLookupError('unreachable', `${host} is having trouble (HTTP ${status})`);
  return new RdapLookupError('bad-response', `${host} refused the lookup (HTTP ${status})`);
}

async function readCapped(response: Response, host: string, maxBytes: number): Promise<string> {
  const tooBig = () => new RdapLookupError('bad-response', `the answer from ${host} is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooBig();
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop early cancels the stream, which closes the connection.
    if (size > maxBytes) throw tooBig();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** "host not found", "connection refused": the words the monitors' checks use for the same failures. */
function networkErrorText(error: unknown): string {
  // Node's fetch says only "fetch failed"; the cause says what failed ("getaddrinfo ENOTFOUND data.iana.org").
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return describeNetworkError(cause);
}
