// http/https check: GET, follow redirects, up when the final status is below 400.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { checkResult, timedOutMessage } from './deadline.ts';
import type { CheckAgents } from './http-agents.ts';
import { describeNetworkError } from './network-error.ts';

export interface HttpCheckSettings {
  clock: Clock;
  /** Covers the whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  agents: CheckAgents;
}

/** Enough for a keep-alive socket to go back to the pool after a typical page, little enough to never buffer a download. */
const maxBodyBytes = 64 * 1024;

const requestHeaders = { 'user-agent': 'Vigil-Monitor/1.0', accept: '*/*' };
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function httpUrl(text: string, base?: URL): URL | undefined {
  const url = URL.parse(text, base?.href);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

function get(url: URL, agents: CheckAgents, signal: AbortSignal, isRetry = false): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const onResponse = (response: IncomingMessage) => {
      answered = true;
      resolve(response);
    };
    const request =
      url.protocol === 'https:'
        ? https.get(url, { agent: agents.https, headers: requestHeaders, signal }, onResponse)
        : http.get(url, { agent: agents.http, headers: requestHeaders, signal }, onResponse);
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A pooled socket that the server closed while idle says nothing about the server: try once on a new one.
      if (!answered && !isRetry && request.reusedSocket && error.code === 'ECONNRESET') {
        resolve(get(url, agents, signal, true));
      } else {
        reject(error);
      }
    });
  });
}

/** Reads at most `maxBodyBytes` and settles once the response is finished or destroyed (never rejects). */
function drainBody(response: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= maxBodyBytes) response.destroy();
    });
    response.on('error', () => resolve());
    response.on('close', () => resolve());
  });
}

/**
 * Resolves the down reason (undefined when up) as soon as the final status is known. The final body is
 * then drained in the background, still under the deadline, and `endExchange` runs when nothing is left.
 */
async function exchange(
  first: URL,
  settings: HttpCheckSettings,
  signal: AbortSignal,
  endExchange: () => void,
): Promise<string | undefined> {
  let bodyStillDraining = false;
  try {
    let url = first;
    for (let redirects = 0; ; redirects += 1) {
      const response = await get(url, settings.agents, signal);
      const status = response.statusCode ?? 0;
      // A redirect without a usable http(s) Location is itself the final answer.
      const location = redirectStatuses.has(status) ? response.headers.location : undefined;
      const next = location === undefined ? undefined : httpUrl(location, url);
      if (next === undefined) {
        bodyStillDraining = true;
        void drainBody(response).then(endExchange);
        return status < 400 ? undefined : `HTTP ${status}`;
      }
      if (redirects >= settings.maxRedirects) {
        response.destroy();
        return `too many redirects (more than ${settings.maxRedirects})`;
      }
      await drainBody(response);
      url = next;
    }
  } finally {
    if (!bodyStillDraining) endExchange();
  }
}

export function checkHttp(url: string, settings: HttpCheckSettings): Promise<CheckResult> {
  const startedAt = performance.now();
  const first = httpUrl(url);
  if (first === undefined) return Promise.resolve(checkResult(startedAt, `invalid URL "${url}"`));
  const controller = new AbortController();
  const deadline = settings.clock.setTimer(() => controller.abort(), settings.timeoutMs);
  return exchange(first, settings, controller.signal, () => settings.clock.clearTimer(deadline)).then(
    (error) => checkResult(startedAt, error),
    (error: unknown) =>
      checkResult(startedAt, controller.signal.aborted ? timedOutMessage(settings.timeoutMs) : describeNetworkError(error)),
  );
}
