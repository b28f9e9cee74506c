// How Vigil asks a source, against real local HTTP servers: each kind's credential as the server sees it, the key
// kept to https (or this computer) and out of every message, redirects not followed, conditional requests answered
// from what was kept, Retry-After, and answers that are not what was asked for; every failure one sentence.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { maxAnswerBytes, SourceRequester, type SourceAddress } from '../../../main/core/sources/source-request.ts';
import { expectFailure, eventually } from '../api/fixtures.ts';
import { answers, startHostileServer, type HostileServer } from '../../helpers/hostile-server.ts';
import { manualClock } from '../../helpers/manual-clock.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';

/** Shaped like a Kuma API key (`uk<id>_<secret>`), long enough that a leak is plain. */
const key = 'uk7_Zq3vN8xLp2RwT5yHc9KmB4dFgJ6sAe1U';

let server: HostileServer;
let clock: TrackingClock;

beforeEach(async () => {
  server = await startHostileServer();
  clock = trackingClock();
});

afterEach(async () => {
  expect(clock.live(), 'timers left running').toBe(0);
  await server.stop();
});

function requester(source: Partial<SourceAddress> & Pick<SourceAddress, 'kind'>, ports: { fetch?: typeof fetch; maxAnswerBytes?: number } = {}): SourceRequester {
  return new SourceRequester({ baseUrl: server.origin, ...source }, { fetch: ports.fetch ?? quietFetch, clock, timeoutMs: 5000, ...ports });
}

function spyFetch() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(String(input));
    return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  return { urls, fetch };
}

const host = () => new URL(server.origin).host;

describe('the credential, as the server sees it', () => {
  it('Uptime Kuma: HTTP Basic with an empty user and the key as the password, asking for Prometheus text', async () => {
    server.answer(answers.text(200, 'monitor_status{monitor_id="1"} 1\n', { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }));
    const answer = await requester({ kind: 'uptime-kuma', key }).getText('/metrics');
    expect(answer).toEqual({ value: 'monitor_status{monitor_id="1"} 1\n', fromCache: false });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/metrics' });
    expect(request?.headers.accept).toBe('text/plain; version=0.0.4');
    expect(Buffer.from((request?.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString()).toBe(`:${key}`);
  });

  it('Healthchecks: X-Api-Key, and no Authorization header', async () => {
    server.answer(answers.json(200, { checks: [] }));
    const answer = await requester({ kind: 'healthchecks', key }).getJson('/api/v3/checks/?tag=prod');
    expect(answer).toEqual({ value: { checks: [] }, fromCache: false });
    const [request] = server.requests;
    expect(request).toMatchObject({ path: '/api/v3/checks/', query: new URLSearchParams('tag=prod') });
    expect(request?.headers).toMatchObject({ 'x-api-key': key, accept: 'application/json' });
    expect(request?.headers.authorization).toBeUndefined();
  });

  it.each(['gatus', 'uptimerobot'] as const)('%s: a bearer token', async (kind) => {
    await requester({ kind, key }).getJson('/api/v1/endpoints/statuses?page=1');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
  });

  it.each(['statuspage', 'alertmanager', 'gatus', 'uptime-kuma'] as const)('%s without a key: nothing that names one', async (kind) => {
    await requester({ kind }).getJson('/api/v2/summary.json');
    const headers = server.requests[0]?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
  });

  it('UptimeRobot v2: the key as api_key in a form body, never in a header', async () => {
    server.answer(answers.json(200, { stat: 'ok', monitors: [] }));
    const answer = await requester({ kind: 'uptimerobot', key }).postForm('/v2/getMonitors', { format: 'json', offset: '50' });
    expect(answer).toEqual({ stat: 'ok', monitors: [] });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/getMonitors' });
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ format: 'json', offset: '50', api_key: key });
  });
});

describe('refused before anything is sent', () => {
  it('a key given to a kind that is read without one', async () => {
    const info = await expectFailure(requester({ kind: 'statuspage', key }).getJson('/api/v2/summary.json'), 'bad-request', key);
    expect(info.message).toBe('A status page is read without a key, so Vigil sends none; remove the key from this source.');
    const alertmanager = await expectFailure(requester({ kind: 'alertmanager', key }).getJson('/api/v2/alerts'), 'bad-request', key);
    expect(alertmanager.message).toBe('Alertmanager is read without a key, so Vigil sends none; remove the key from this source.');
    expect(server.requests).toHaveLength(0);
  });

  it('no key where the kind needs one, or one that cannot go in a header', async () => {
    const missing = await expectFailure(requester({ kind: 'healthchecks' }).getJson('/api/v3/checks/'), 'unauthorized');
    expect(missing.message).toBe('No API key is set for Healthchecks, so nothing was sent to it.');
    const spaced = await expectFailure(requester({ kind: 'gatus', key: 'two words' }).getJson('/api/v1/endpoints/statuses'), 'unauthorized');
    expect(spaced.message).toBe('The token contains spaces or characters that cannot be sent in an HTTP header.');
    expect(server.requests).toHaveLength(0);
  });

  it('a key over plain http to another computer; a keyless status page may go there', async () => {
    const spy = spyFetch();
    const kuma = new SourceRequester({ kind: 'uptime-kuma', baseUrl: 'http://kuma.example.com/', key }, { fetch: spy.fetch, clock });
    const info = await expectFailure(kuma.getText('/metrics'), 'insecure', key);
    expect(info.message).toBe('Vigil will not send the API key over plain http to kuma.example.com; use https://, or http:// only for this computer.');
    expect(spy.urls).toEqual([]);
    const page = new SourceRequester({ kind: 'statuspage', baseUrl: 'http://status.example.com' }, { fetch: spy.fetch, clock });
    await page.getJson('/api/v2/summary.json');
    const loopback = new SourceRequester({ kind: 'uptime-kuma', baseUrl: 'http://localhost:3001', key }, { fetch: spy.fetch, clock });
    await loopback.getJson('/api/status-page/main');
    expect(spy.urls).toEqual(['http://status.example.com/api/v2/summary.json', 'http://localhost:3001/api/status-page/main']);
  });
});

describe('a redirect', () => {
  it('is not followed, so the key never reaches the new place', async () => {
    const elsewhere = await startHostileServer();
    try {
      server.answer(answers.redirect(302, `${elsewhere.origin}/metrics`));
      const info = await expectFailure(requester({ kind: 'uptime-kuma', key }).getText('/metrics'), 'protocol-error', key);
      expect(info.message).toBe(`Uptime Kuma redirected GET /metrics (HTTP 302) to ${elsewhere.origin}/metrics; Vigil does not follow redirects, so check the server address.`);
      expect(server.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.stop();
    }
  });
});

describe('conditional requests', () => {
  const summary = { page: { name: 'Example' }, components: [] };

  it('sends the ETag back and takes a 304 as the kept answer', async () => {
    server.answer((request, response) => {
      if (request.headers['if-none-match'] === 'W/"v1"') {
        response.writeHead(304, { etag: 'W/"v1"' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', etag: 'W/"v1"' });
      response.end(JSON.stringify(summary));
    });
    const page = requester({ kind: 'statuspage' });
    expect(await page.getJson('/api/v2/summary.json')).toEqual({ value: summary, fromCache: false });
    expect(await page.getJson('/api/v2/summary.json')).toEqual({ value: summary, fromCache: true });
    expect(server.requests.map((request) => request.headers['if-none-match'])).toEqual([undefined, 'W/"v1"']);
  });

  it('sends Last-Modified back as If-Modified-Since, and keeps the newer answer when the page changed', async () => {
    const first = 'Sun, 29 Nov 2026 08:00:00 GMT';
    const second = 'Sun, 29 Nov 2026 08:05:00 GMT';
    let version = 1;
    server.answer((request, response) => {
      const current = version === 1 ? first : second;
      if (request.headers['if-modified-since'] === current) {
        response.writeHead(304);
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'last-modified': current });
      response.end(JSON.stringify({ version }));
    });
    const page = requester({ kind: 'statuspage' });
    expect(await page.getJson('/summary.json')).toEqual({ value: { version: 1 }, fromCache: false });
    expect(await page.getJson('/summary.json')).toEqual({ value: { version: 1 }, fromCache: true });
    version = 2;
    expect(await page.getJson('/summary.json')).toEqual({ value: { version: 2 }, fromCache: false });
    expect(await page.getJson('/summary.json')).toEqual({ value: { version: 2 }, fromCache: true });
    expect(server.requests.map((request) => request.headers['if-modified-since'])).toEqual([undefined, first, first, second]);
  });

  it('keeps a bounded number of answers, letting the oldest go', async () => {
    server.answer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', etag: `"${request.query.get('start')}"` });
      response.end('[]');
    });
    const checks = requester({ kind: 'healthchecks', key });
    for (let start = 0; start <= 64; start++) await checks.getJson(`/api/v3/checks/abc/flips/?start=${start}`);
    await checks.getJson('/api/v3/checks/abc/flips/?start=0');
    await checks.getJson('/api/v3/checks/abc/flips/?start=64');
    expect(server.requests.slice(-2).map((request) => request.headers['if-none-match'])).toEqual([undefined, '"64"']);
  });

  it('asks unconditionally where the answer had no validator', async () => {
    const page = requester({ kind: 'statuspage' });
    await page.getJson('/summary.json');
    await page.getJson('/summary.json');
    expect(server.requests.map((request) => request.headers['if-none-match'] ?? request.headers['if-modified-since'])).toEqual([undefined, undefined]);
  });
});

describe('a source that refuses', () => {
  it('429 with Retry-After in seconds: rate-limited, with how long to wait', async () => {
    server.answer(answers.json(429, { message: 'Too many requests' }, { 'retry-after': '30' }));
    const info = await expectFailure(requester({ kind: 'uptimerobot', key }).getJson('/v3/monitors'), 'rate-limited', key);
    expect(info).toMatchObject({ status: 429, retryAfterMs: 30_000, message: 'UptimeRobot is limiting requests for 30 s (HTTP 429): Too many requests.' });
  });

  it('429 and 503 with Retry-After as a date, read on the injected clock', async () => {
    const manual = manualClock();
    const at = new Date(manual.now() + 120_000).toUTCString();
    const gatus = new SourceRequester({ kind: 'gatus', baseUrl: server.origin }, { fetch: quietFetch, clock: manual });
    server.answer(answers.text(429, '', { 'retry-after': at }));
    expect(await expectFailure(gatus.getJson('/api/v1/endpoints/statuses'), 'rate-limited')).toMatchObject({ retryAfterMs: 120_000 });
    server.answer(answers.text(503, '', { 'retry-after': at }));
    const unavailable = await expectFailure(gatus.getJson('/api/v1/endpoints/statuses'), 'server-error');
    expect(unavailable).toMatchObject({ retryAfterMs: 120_000, message: 'Gatus is unavailable: Gatus answered 503 with a non-JSON body.' });
  });

  it('401 and 403 say the source refused the key', async () => {
    server.answer(answers.text(401, '', { 'www-authenticate': 'Basic' }));
    const kuma = await expectFailure(requester({ kind: 'uptime-kuma', key }).getText('/metrics'), 'unauthorized', key);
    expect(kuma.message).toBe('Uptime Kuma did not accept the API key: Uptime Kuma answered 401 with a non-JSON body.');
    server.answer(answers.json(403, { error: 'read-only key' }));
    const checks = await expectFailure(requester({ kind: 'healthchecks', key }).getJson('/api/v3/checks/'), 'forbidden', key);
    expect(checks.message).toBe('Healthchecks refused the API key for GET /api/v3/checks/ (HTTP 403): read-only key.');
  });

  it('401 from a page that needs no key says so', async () => {
    server.answer(answers.text(401, ''));
    const info = await expectFailure(requester({ kind: 'statuspage' }).getJson('/api/v2/summary.json'), 'unauthorized');
    expect(info.message).toBe('The status page asked for a login, though it needs none: the status page answered 401 with a non-JSON body.');
  });

  it('keeps a key the server echoes back out of the message, in every spelling', async () => {
    server.answer((request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `wrong api key ${request.headers['x-api-key']}` }));
    });
    const plain = await expectFailure(requester({ kind: 'healthchecks', key }).getJson('/api/v3/checks/'), 'unauthorized', key);
    expect(plain.message).toBe('Healthchecks did not accept the API key (HTTP 401): wrong api key [redacted].');
    server.answer((request, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(`Bad header: ${request.headers.authorization}`);
    });
    const basic = await expectFailure(requester({ kind: 'uptime-kuma', key }).getText('/metrics'), 'bad-request', key);
    expect(basic.message).toBe('Uptime Kuma refused GET /metrics (HTTP 400): Bad header: Basic [redacted].');
  });
});

describe('an answer that is not what was asked for', () => {
  const webPage = answers.text(200, '<!doctype html><html><body>Sign in</body></html>', { 'content-type': 'text/html' });

  it('a web page where JSON or Prometheus text was expected', async () => {
    server.answer(webPage);
    const json = await expectFailure(requester({ kind: 'statuspage' }).getJson('/api/v2/summary.json'), 'protocol-error');
    expect(json.message).toBe(`The status page at ${host()} answered GET /api/v2/summary.json with a web page, not JSON; check the address.`);
    const text = await expectFailure(requester({ kind: 'uptime-kuma', key }).getText('/metrics'), 'protocol-error', key);
    expect(text.message).toBe(`Uptime Kuma at ${host()} answered GET /metrics with a web page, not Prometheus metrics; check the address.`);
  });

  it('JSON that does not parse, saying where it breaks', async () => {
    server.answer(answers.text(200, '{"checks": [\n  {"name": "backup" "status": "up"}\n]}', { 'content-type': 'application/json' }));
    const broken = await expectFailure(requester({ kind: 'healthchecks', key }).getJson('/api/v3/checks/'), 'protocol-error', key);
    expect(broken.message).toBe(`Healthchecks at ${host()} answered GET /api/v3/checks/ with a body that is not valid JSON (it breaks at line 2, column 21).`);
    server.answer(answers.text(200, '{"checks": [', { 'content-type': 'application/json' }));
    const short = await expectFailure(requester({ kind: 'healthchecks', key }).getJson('/api/v3/checks/'), 'protocol-error', key);
    expect(short.message).toContain('not valid JSON (it ends too soon).');
    server.answer(answers.text(200, '', { 'content-type': 'application/json' }));
    const empty = await expectFailure(requester({ kind: 'alertmanager' }).getJson('/api/v2/alerts'), 'protocol-error');
    expect(empty.message).toBe(`Alertmanager at ${host()} answered GET /api/v2/alerts with an empty body where JSON was expected.`);
  });

  it('a body cut short by a closed connection is an error, never a half-read answer', async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '4096' });
      response.write('monitor_status{monitor_id="1"} 1\n', () => response.socket?.destroy());
    });
    const info = await expectFailure(requester({ kind: 'uptime-kuma', key }).getText('/metrics'), 'unreachable', key);
    expect(info.message).toBe(`Could not reach Uptime Kuma at ${host()}: the connection was closed before the answer was complete.`);
  });

  it('a huge answer, refused past the cap whether or not it says its length', async () => {
    for (const declareLength of [true, false]) {
      server.answer(answers.huge(1024 * 1024, declareLength));
      const info = await expectFailure(requester({ kind: 'uptime-kuma', key }, { maxAnswerBytes: 64 * 1024 }).getText('/metrics'), 'protocol-error', key);
      expect(info.message).toBe("Uptime Kuma's answer to GET /metrics is larger than 64 KiB, the most Vigil reads.");
    }
    expect(maxAnswerBytes['uptime-kuma']).toBe(32 * 1024 * 1024);
    expect(maxAnswerBytes.statuspage).toBe(8 * 1024 * 1024);
  });
});

describe('time and cancellation', () => {
  it('gives up at the deadline on the injected clock', async () => {
    const manual = manualClock();
    server.answer(answers.stallBeforeHeaders());
    const gatus = new SourceRequester({ kind: 'gatus', baseUrl: server.origin }, { fetch: quietFetch, clock: manual });
    const pending = gatus.getJson('/api/v1/endpoints/statuses');
    await eventually(() => server.requests.length === 1, 'the request reached the server');
    manual.advance(15_000);
    const info = await expectFailure(pending, 'timeout');
    expect(info.message).toBe('Gatus did not answer GET /api/v1/endpoints/statuses within 15 s.');
  });

  it('stops when the caller cancels', async () => {
    server.answer(answers.stallBeforeHeaders());
    const controller = new AbortController();
    const pending = requester({ kind: 'statuspage' }).getJson('/api/v2/summary.json', { signal: controller.signal });
    await eventually(() => server.requests.length === 1, 'the request reached the server');
    controller.abort();
    expect((await expectFailure(pending, 'cancelled')).message).toBe('The request GET /api/v2/summary.json was cancelled.');
  });
});
