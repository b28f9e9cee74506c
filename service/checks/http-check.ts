// http/https check: sends the monitor's request (GET by default), follows redirects, and judges the final answer
// by the monitor's expectations (expectations.ts): by default, up on any 2xx or 3xx status. Over https it reports
// when the answer's certificate ends; a certificate that verification refuses fails the check with the reason
// (peer-certificate.ts), unless the monitor ignores certificate errors, when it passes with a warning instead.
import http, { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import type { BodyBudget } from './body-budget.ts';
import type { Clock } from '../../common/clock.ts';
import { isSecretHeader } from '../../common/api/secret-headers.ts';
import { secretMayGo } from '../../common/secrets/secret-destination.ts';
import type { CheckResult, HttpCheckRequest } from './check-result.ts';
import { timedOutMessage } from './deadline.ts';
import { MAX_EXPECTED_BODY_BYTES, needsBody, unmetExpectations } from './expectations.ts';
import type { CheckAgents } from './http-agents.ts';
import { describeNetworkError } from './network-error.ts';
import { certificateRefusal, ignoredRefusal, peerCertificateOf, refusedCertificate } from './peer-certificate.ts';

export interface HttpCheckSettings {
  clock: Clock;
  /** Covers the whole exchange, redirects and a body read for expectations included. */
  timeoutMs: number;
  maxRedirects: number;
  agents: CheckAgents;
  /** What every check's body reads may hold at once (the process's, by default). */
  bodies: BodyBudget;
}

/** Enough for a keep-alive socket to go back to the pool after a typical page, little enough to never buffer a download. */
const maxDrainBytes = 64 * 1024;

const defaultHeaders = { 'user-agent': 'Vigil-Monitor/1.0', accept: '*/*' };
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** These turn a POST into a GET without a body, as browsers do; 307 and 308 repeat the request as it was. */
const redirectsToGet = new Set([301, 302, 303]);

interface Outgoing {
  method: string;
  headers: OutgoingHttpHeaders;
  body: string | undefined;
}

function httpUrl(text: string, base?: URL): URL | undefined {
  const url = URL.parse(text, base?.href);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

/** The user's headers over Vigil's defaults (names are case-insensitive), and a type for a body that has none. */
function firstRequest(spec: HttpCheckRequest | undefined): Outgoing {
  const given = spec?.headers ?? {};
  const givenNames = new Set(Object.keys(given).map((name) => name.toLowerCase()));
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(defaultHeaders)) if (!givenNames.has(name)) headers[name] = value;
  Object.assign(headers, given);
  const method = spec?.method ?? 'GET';
  const body = method === 'POST' ? (spec?.body ?? '') : undefined;
  if (body !== undefined) {
    if (!givenNames.has('content-type')) headers['content-type'] = looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8';
    headers['content-length'] = Buffer.byteLength(body);
  }
  return { method, headers, body };
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a monitor's checks send first: its URL as parsed and its request, worked out once per monitor. */
interface Prepared {
  urlText: string;
  url: URL | undefined;
  outgoing: Outgoing;
}

/**
 * Kept with the monitor's request (its record, replaced by an edit), so a check does not parse the same URL and merge
 * the same headers again every period. Shared by the checks of a monitor: neither is ever changed once made.
 */
const preparedRequests = new WeakMap<HttpCheckRequest, Prepared>();

function prepared(url: string, spec: HttpCheckRequest | undefined): Prepared {
  if (spec === undefined) return { urlText: url, url: httpUrl(url), outgoing: firstRequest(undefined) };
  let entry = preparedRequests.get(spec);
  if (entry?.urlText !== url) preparedRequests.set(spec, (entry = { urlText: url, url: httpUrl(url), outgoing: firstRequest(spec) }));
  return entry;
}

/** The request to send to a redirect's Location: secrets stay with the origin they were meant for. */
function redirectedRequest(previous: Outgoing, status: number, from: URL, to: URL, spec: HttpCheckRequest | undefined): Outgoing {
  const toGet = redirectsToGet.has(status) && previous.method === 'POST';
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(previous.headers)) {
    const lower = name.toLowerCase();
    if (toGet && (lower === 'content-type' || lower === 'content-length')) continue;
    if (isSecretHeader(name, spec?.secret_headers) && !secretMayGo({ origin: from.origin }, { origin: to.origin })) continue;
    headers[name] = value;
  }
  return toGet ? { method: 'GET', headers, body: undefined } : { ...previous, headers };
}

/** The host a certificate must be for: the URL's, without an IPv6 literal's brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** What the final answer's certificate tells: when it ends and, with errors ignored, what verification would refuse. */
interface CertificateSeen {
  certificateExpiresAt?: number;
  certificateWarning?: string;
  certificateExpired?: true;
}

function certificateSeen(url: URL, response: IncomingMessage, ignoreErrors: boolean): CertificateSeen {
  if (url.protocol !== 'https:') return {};
  const socket = response.socket as TLSSocket;
  const expiresAt = peerCertificateOf(socket)?.expiresAt;
  const warning = ignoreErrors ? ignoredRefusal(socket, hostOf(url)) : undefined;
  return { ...(expiresAt !== undefined ? { certificateExpiresAt: expiresAt } : {}), ...(warning !== undefined ? { certificateWarning: warning } : {}) };
}

/**
 * A certificate that verification refused, as the check's reason, with its end when the refusal carries it (a host
 * name mismatch does) and whether it was refused as expired (for the check loop: that carries none).
 */
function refusal(error: unknown, url: URL): (CertificateSeen & { error: string }) | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const certificate = refusedCertificate(error);
  const reason = certificateRefusal(code, hostOf(url), certificate);
  if (reason === undefined) return undefined;
  return {
    error: reason,
    ...(certificate !== undefined ? { certificateExpiresAt: certificate.expiresAt } : {}),
    ...(code === 'CERT_HAS_EXPIRED' ? { certificateExpired: true as const } : {}),
  };
}

/**
 * Where a check's exchange stands: the URL it has got to (redirects followed, for the reason of a failure) and the
 * request in flight, which the deadline destroys. Not through the request's own `signal` option: for that, Node adds
 * a listener to the signal and watches the end of the request's stream to take it off again, some 3–7 µs of every
 * check's CPU (measured against a loopback server, issue 23), for a deadline that almost never passes.
 */
interface ExchangeState {
  url: URL;
  request: ClientRequest | undefined;
}

function send(state: ExchangeState, outgoing: Outgoing, agents: CheckAgents, signal: AbortSignal, ignoreErrors: boolean, isRetry = false): Promise<IncomingMessage> {
  // The deadline passed between two requests (a redirect): no new one goes out.
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  const { url } = state;
  return new Promise((resolve, reject) => {
    let answered = false;
    const onResponse = (response: IncomingMessage) => {
      answered = true;
      resolve(response);
    };
    const options = { method: outgoing.method, headers: outgoing.headers };
    const request =
      url.protocol === 'https:'
        ? https.request(url, { ...options, agent: ignoreErrors ? agents.httpsIgnoringErrors : agents.https }, onResponse)
        : http.request(url, { ...options, agent: agents.http }, onResponse);
    state.request = request;
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A pooled socket that the server closed while idle says nothing about the server: try once on a new one.
      if (!answered && !isRetry && request.reusedSocket && error.code === 'ECONNRESET') {
        resolve(send(state, outgoing, agents, signal, ignoreErrors, true));
      } else {
        reject(error);
      }
    });
    request.end(outgoing.body);
  });
}

/** Reads at most `maxDrainBytes` and settles once the response is finished or destroyed (never rejects). */
function drainBody(response: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= maxDrainBytes) response.destroy();
    });
    response.on('error', () => resolve());
    response.on('close', () => resolve());
  });
}

/**
 * The first MAX_EXPECTED_BODY_BYTES of the body as UTF-8, whether more followed (the rest is not read), and whether
 * the body came to its end (rather than the connection closing in the middle). What it may hold (its declared length,
 * or the most a check reads) is taken from the process's body budget whole, before the first byte is read; when the
 * budget is spent the response stays paused until another read gives its share back. Taking it piece by piece would
 * deadlock: reads each holding part, each waiting for the rest.
 */
function readBody(response: IncomingMessage, budget: BodyBudget, signal: AbortSignal): Promise<{ text: string; cut: boolean; complete: boolean }> {
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  const share = budget.costOf(Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, MAX_EXPECTED_BODY_BYTES) : MAX_EXPECTED_BODY_BYTES);
  const reserved = budget.tryTake(share) ? Promise.resolve() : budget.wait(share, signal);
  return reserved.then(
    () => collectBody(response).finally(() => budget.give(share)),
    // The deadline passed while waiting: the check fails as timed out, and the request is gone with it.
    () => {
      response.destroy();
      return { text: '', cut: false, complete: false };
    },
  );
}

function collectBody(response: IncomingMessage): Promise<{ text: string; cut: boolean; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let cut = false;
    let complete = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ text: Buffer.concat(chunks).toString('utf8'), cut, complete });
    };
    // The connection may have gone while the read waited for its share.
    if (response.destroyed) return done();
    response.on('data', (chunk: Buffer) => {
      const room = MAX_EXPECTED_BODY_BYTES - received;
      if (chunk.length > room) {
        cut = true;
        chunks.push(chunk.subarray(0, room));
        received = MAX_EXPECTED_BODY_BYTES;
        response.destroy();
        return;
      }
      chunks.push(chunk);
      received += chunk.length;
    });
    response.on('end', () => (complete = true));
    response.on('error', done);
    response.on('close', done);
  });
}

interface Exchanged extends CertificateSeen {
  error: string | undefined;
  responseMs: number;
}

/**
 * The down reason (undefined when up), the time to the final answer's headers and its certificate. Without body
 * expectations it settles as soon as the final status is known and drains the body in the background, still under
 * the deadline; `endExchange` runs when nothing is left. `at.url` follows the redirects, for the reason of a failure.
 */
async function exchange(
  at: ExchangeState,
  first: Outgoing,
  spec: HttpCheckRequest | undefined,
  settings: HttpCheckSettings,
  signal: AbortSignal,
  startedAt: number,
  endExchange: () => void,
): Promise<Exchanged> {
  let bodyStillDraining = false;
  const ignoreErrors = spec?.tls?.ignore_errors === true;
  try {
    let url = at.url;
    let outgoing = first;
    for (let redirects = 0; ; redirects += 1) {
      at.url = url;
      const response = await send(at, outgoing, settings.agents, signal, ignoreErrors);
      const status = response.statusCode ?? 0;
      // A redirect without a usable http(s) Location is itself the final answer.
      const location = redirectStatuses.has(status) ? response.headers.location : undefined;
      const next = location === undefined ? undefined : httpUrl(location, url);
      if (next === undefined) {
        const responseMs = Math.round(performance.now() - startedAt);
        const certificate = certificateSeen(url, response, ignoreErrors);
        if (!needsBody(spec?.expect)) {
          bodyStillDraining = true;
          void drainBody(response).then(endExchange);
          return { error: unmetExpectations({ status, responseMs }, spec?.expect), responseMs, ...certificate };
        }
        const body = await readBody(response, settings.bodies, signal);
        // A body cut short by the deadline or the server is no answer to judge.
        if (signal.aborted) throw signal.reason;
        if (!body.cut && !body.complete) return { error: 'connection closed before the body ended', responseMs, ...certificate };
        return { error: unmetExpectations({ status, responseMs, body: body.text, bodyCut: body.cut }, spec?.expect, spec), responseMs, ...certificate };
      }
      if (redirects >= settings.maxRedirects) {
        response.destroy();
        return { error: `too many redirects (more than ${settings.maxRedirects})`, responseMs: Math.round(performance.now() - startedAt) };
      }
      await drainBody(response);
      outgoing = redirectedRequest(outgoing, status, url, next, spec);
      url = next;
    }
  } finally {
    if (!bodyStillDraining) endExchange();
  }
}

/** `durationMs` is the time to the final answer's headers when there was one, so it is the same whichever expectations a monitor has. */
export function checkHttp(url: string, spec: HttpCheckRequest | undefined, settings: HttpCheckSettings): Promise<CheckResult> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const first = prepared(url, spec);
  if (first.url === undefined) return Promise.resolve({ ok: false, durationMs: elapsed(), error: `invalid URL "${url}"` });
  const controller = new AbortController();
  const at: ExchangeState = { url: first.url, request: undefined };
  const deadline = settings.clock.setTimer(() => {
    controller.abort();
    at.request?.destroy(controller.signal.reason as Error);
  }, settings.timeoutMs);
  return exchange(at, first.outgoing, spec, settings, controller.signal, startedAt, () => settings.clock.clearTimer(deadline)).then(
    ({ error, responseMs, ...certificate }): CheckResult =>
      error === undefined ? { ok: true, durationMs: responseMs, ...certificate } : { ok: false, durationMs: responseMs, error, ...certificate },
    (error: unknown): CheckResult => {
      if (controller.signal.aborted) return { ok: false, durationMs: elapsed(), error: timedOutMessage(settings.timeoutMs) };
      return { ok: false, durationMs: elapsed(), ...(refusal(error, at.url) ?? { error: describeNetworkError(error) }) };
    },
  );
}
