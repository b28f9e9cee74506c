// The client against servers that misbehave on purpose: every case ends in a clear ClientErrorInfo, in bounded
// time, with no timer left running and the token nowhere in an error or a log line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonitoringClient, type MonitoringClientOptions } from '../../../main/core/api/index.ts';
import { answers, startHostileServer, type HostileServer, type Script } from '../../helpers/hostile-server.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';
import { eventually, expectFailure, testToken } from './fixtures.ts';

let server: HostileServer;
let clock: TrackingClock;
let logger: RecordingLogger;

beforeEach(async () => {
  server = await startHostileServer();
  clock = trackingClock();
  logger = recordingLogger();
});

afterEach(async () => {
  expect(clock.live(), 'timers left running').toBe(0);
  expect(logger.text()).not.toContain(testToken);
  await server.stop();
});

function client(options: Partial<MonitoringClientOptions> = {}): MonitoringClient {
  return new MonitoringClient({
    baseUrl: server.apiUrl,
    token: () => testToken,
    // Generous for answers that come; the cases that must time out ask for 300 ms.
    timeoutMs: 2000,
    maxResponseBytes: 1024 * 1024,
    clock,
    logger,
    ...options,
  });
}

const monitor = (id: string) => ({ id, name: `Monitor ${id}`, type: 'http', url: 'https://example.com', frequency: 60, last_status: 'up' });

describe('what every request carries', () => {
  it('sends the bearer token, accept and content-type, to the encoded path', async () => {
    server.answer(answers.json(201, monitor('a/b c?')));
    const { item } = await client().createMonitor({ name: 'A', type: 'http', url: 'https://example.com', frequency: 60 });
    expect(item.id).toBe('a/b c?');
    await client().updateMonitor('a/b c?', { id: 'a/b c?', name: 'B', type: 'smtp', url: 'x', frequency: 5, last_status: 'paused' });
    const [post, put] = server.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/api/monitors', body: '{"name":"A","type":"http","url":"https://example.com","frequency":60}' });
    expect(post?.headers).toMatchObject({ authorization: `Bearer ${testToken}`, accept: 'application/json', 'content-type': 'application/json' });
    expect(put).toMatchObject({ method: 'PUT', path: '/api/monitors/a%2Fb%20c%3F' });
    expect(JSON.parse(put?.body ?? '')).toEqual({ id: 'a/b c?', name: 'B', type: 'smtp', url: 'x', frequency: 5, last_status: 'paused' });
  });

  it('asks for the token before every request, so a renewed one is used at once', async () => {
    let token = `${testToken}1`;
    const rotating = client({ token: () => token });
    await rotating.listHeartbeats();
    token = `${testToken}2`;
    await rotating.listHeartbeats();
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${testToken}1`, `Bearer ${testToken}2`]);
  });

  it('accepts a 204 or a 200 with a body for DELETE', async () => {
    server.answer(answers.text(204, ''));
    await client().deleteDomain('dom_1');
    server.answer(answers.json(200, { deleted: true }));
    await client().deleteNotificationHandler('nh_1');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /api/domains/dom_1', 'DELETE /api/notifications/nh_1']);
  });

  it('refuses an id that cannot be put in a path, without sending anything', async () => {
    const info = await expectFailure(client().deleteMonitor('..'), 'bad-request');
    expect(info.message).toContain('cannot be put in a URL path');
    await expectFailure(client().getHeartbeat(''), 'bad-request');
    expect(server.requests).toHaveLength(0);
  });

  it('sends nothing without a usable token', async () => {
    await expectFailure(client({ token: () => undefined }).listDomains(), 'unauthorized');
    await expectFailure(client({ token: () => Promise.reject(new Error('keychain locked')) }).listDomains(), 'unauthorized');
    const broken = `${testToken}\r\nX-Evil: 1`;
    await expectFailure(client({ token: () => broken }).listDomains(), 'unauthorized', broken);
    expect(server.requests).toHaveLength(0);
  });
});

describe('servers that do not answer in time', () => {
  it('times out when the headers never come, and closes the connection', async () => {
    server.answer(answers.stallBeforeHeaders());
    const info = await expectFailure(client({ timeoutMs: 300 }).listMonitors(), 'timeout');
    expect(info.message).toBe('The server did not answer GET /monitors?page=1&limit=1000 within 300 ms.');
    await eventually(() => server.openConnections() === 0, 'the stalled connection is closed');
  });

  it('times out when the body stalls after the headers', async () => {
    server.answer(answers.stallBody());
    const info = await expectFailure(client({ timeoutMs: 300 }).getMonitor('mon_1'), 'timeout');
    expect(info.message).toBe('The server did not finish its answer to GET /monitors/mon_1 within 300 ms.');
    await eventually(() => server.openConnections() === 0, 'the stalled connection is closed');
  });

  it('keeps the status of an error whose body stalls', async () => {
    server.answer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' });
      response.write('{"error":');
    });
    const info = await expectFailure(client({ timeoutMs: 300 }).listDomains(), 'server-error');
    expect(info).toMatchObject({ status: 503, retryAfterMs: 7000 });
  });
});

describe('servers that break the connection', () => {
  it('reports a reset as unreachable', async () => {
    server.answer(answers.reset());
    const info = await expectFailure(client().listHeartbeats(), 'unreachable');
    expect(info.message).toMatch(/^Could not reach the server at 127\.0\.0\.1:\d+: the connection was (reset|closed)/);
  });

  it('reports a connection dropped in the middle of the body as unreachable', async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"id":"mon_1"');
      setTimeout(() => response.socket?.resetAndDestroy(), 20);
    });
    await expectFailure(client().listHeartbeats(), 'unreachable');
  });

  it('reports a port nobody listens on as unreachable', async () => {
    const origin = server.origin;
    await server.stop();
    server = await startHostileServer();
    const info = await expectFailure(client({ baseUrl: `${origin}/api` }).listDomains(), 'unreachable');
    expect(info.message).toContain('the connection was refused');
  });
});

describe('bodies that are not what the API promises', () => {
  it('refuses an HTML page where JSON was due', async () => {
    server.answer(answers.text(200, '<!doctype html><html><body>Welcome to nginx</body></html>', { 'content-type': 'text/html' }));
    const info = await expectFailure(client().listHeartbeats(), 'protocol-error');
    expect(info.message).toBe('The server answered GET /heartbeats with an HTML page where JSON was expected.');
  });

  it('refuses broken JSON without quoting it', async () => {
    server.answer(answers.text(200, `[{"id":"hb_1","name":"${testToken}"`, { 'content-type': 'application/json' }));
    const info = await expectFailure(client().listHeartbeats(), 'protocol-error');
    expect(info.message).toBe('The server answered GET /heartbeats with a body that is not valid JSON where JSON was expected.');
  });

  it('refuses an empty body where a resource was due', async () => {
    server.answer(answers.text(200, ''));
    const info = await expectFailure(client().getDomain('dom_1'), 'protocol-error');
    expect(info.message).toContain('with an empty body');
  });

  it('refuses a list that is not an array, and a resource that is not an object', async () => {
    server.answer(answers.json(200, { monitors: [] }));
    const list = await expectFailure(client().listNotificationHandlers(), 'protocol-error');
    expect(list.message).toBe("The server's answer to GET /notifications is not what the API promises: expected a JSON array, got object.");
    server.answer(answers.json(200, [monitor('mon_1')]));
    const item = await expectFailure(client().getMonitor('mon_1'), 'protocol-error');
    expect(item.message).toContain('expected a JSON object, got array');
  });

  it('keeps the usable part of items with fields of the wrong type', async () => {
    server.answer(answers.json(200, [{ id: 'hb_1', name: 5, expected_interval: '60', slug: 'abc' }]));
    const { items, issues } = await client().listHeartbeats();
    expect(items).toEqual([expect.objectContaining({ id: 'hb_1', slug: 'abc', name: undefined, expected_interval: undefined })]);
    expect(issues.map((issue) => issue.path)).toEqual([
      [0, 'name'],
      [0, 'expected_interval'],
    ]);
  });

  it('skips a bad item in a list and keeps the others', async () => {
    server.answer(answers.json(200, [{ id: 'dom_1', domain: 'a.example' }, null, 'dom_2', { id: 'dom_3', domain: 'c.example' }]));
    const { items, issues } = await client().listDomains();
    expect(items.map((domain) => domain.id)).toEqual(['dom_1', 'dom_3']);
    expect(issues.map((issue) => issue.path)).toEqual([[1], [2]]);
  });

  it('refuses a body over the cap as it streams, without a Content-Length', async () => {
    server.answer(answers.huge(8 * 1024 * 1024, false));
    const info = await expectFailure(client().listHeartbeats(), 'protocol-error');
    expect(info.message).toBe("The server's answer to GET /heartbeats is larger than 1 MiB, the most Vigil reads.");
    await eventually(() => server.openConnections() === 0, 'the connection is closed');
  });

  it('refuses a body over the cap at once when Content-Length says so', async () => {
    server.answer(answers.huge(64 * 1024 * 1024, true));
    const info = await expectFailure(client().listHeartbeats(), 'protocol-error');
    expect(info.message).toContain('larger than 1 MiB');
    await eventually(() => server.openConnections() === 0, 'the connection is closed');
  });

  it('reads a body just under the cap', async () => {
    const items = Array.from({ length: 5000 }, (_, index) => ({ id: `hb_${index}`, name: 'x'.repeat(150) }));
    server.answer(answers.json(200, items));
    const body = JSON.stringify(items).length;
    expect(body).toBeLessThan(1024 * 1024);
    expect((await client().listHeartbeats()).items).toHaveLength(5000);
  });
});

describe('error statuses', () => {
  it.each([
    [401, 'unauthorized', 'The server did not accept the access token (HTTP 401): Token expired.'],
    [403, 'forbidden', 'The server refused access to GET /domains (HTTP 403): Token expired.'],
    [404, 'not-found', 'The server has nothing at GET /domains (HTTP 404): Token expired.'],
    [409, 'bad-request', 'The server refused GET /domains (HTTP 409): Token expired.'],
    [500, 'server-error', 'The server had an internal error (HTTP 500): Token expired.'],
  ] as const)('%i is %s, with the server message', async (status, kind, message) => {
    server.answer(answers.json(status, { error: { code: 'x', message: 'Token expired' } }));
    const info = await expectFailure(client().listDomains(), kind);
    expect(info).toEqual({ kind, status, message });
  });

  it('gives the field details of a 400', async () => {
    const details = [{ field: 'frequency', message: 'must be between 10 seconds and 1 day' }];
    server.answer(answers.json(400, { error: { code: 'validation_failed', message: 'The request has invalid fields.', details } }));
    const info = await expectFailure(client().createMonitor({ name: 'A', type: 'http', url: 'https://a.example', frequency: 60 }), 'bad-request');
    expect(info).toEqual({ kind: 'bad-request', status: 400, details, message: 'The request has invalid fields.' });
  });

  it("says a refused change in the server's own words, without the request and status", async () => {
    server.answer(answers.json(409, { error: { code: 'conflict', message: 'bücher.example is already watched' } }));
    const info = await expectFailure(client().createDomain({ domain: 'xn--bcher-kva.example' }), 'bad-request');
    expect(info).toEqual({ kind: 'bad-request', status: 409, message: 'bücher.example is already watched.' });
  });

  it('summarises an HTML error page', async () => {
    server.answer(answers.text(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' }));
    const info = await expectFailure(client().listDomains(), 'server-error');
    expect(info.message).toBe('The server had an internal error: the server answered 502 with a non-JSON body.');
  });

  it('takes the message of an RFC 7807 problem and of a short text body', async () => {
    server.answer(answers.json(422, { type: 'about:blank', title: 'Unprocessable', detail: 'Name is taken.' }, { 'content-type': 'application/problem+json' }));
    expect((await expectFailure(client().listDomains(), 'bad-request')).message).toBe('The server refused GET /domains (HTTP 422): Name is taken.');
    server.answer(answers.text(503, 'Down for maintenance\n'));
    expect((await expectFailure(client().listDomains(), 'server-error')).message).toBe('The server is unavailable (HTTP 503): Down for maintenance.');
  });

  it('reads Retry-After of a 429 in seconds and of a 503 as an HTTP date', async () => {
    server.answer(answers.json(429, { error: { message: 'Too many requests' } }, { 'retry-after': '30' }));
    const limited = await expectFailure(client().listDomains(), 'rate-limited');
    expect(limited).toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(limited.message).toBe('The server is limiting requests for 30 s (HTTP 429): Too many requests.');
    server.answer(answers.text(503, '', { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }));
    const unavailable = await expectFailure(client().listDomains(), 'server-error');
    expect(unavailable.retryAfterMs).toBeGreaterThan(110_000);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(unavailable.message).toBe('The server is unavailable: the server answered 503 with a non-JSON body.');
  });

  it('calls a status outside HTTP a protocol error', async () => {
    server.answer(answers.json(600, {}));
    expect((await expectFailure(client().listDomains(), 'protocol-error')).status).toBe(600);
  });
});

describe('redirects', () => {
  it('does not follow one to another origin: the other origin hears nothing', async () => {
    const other = await startHostileServer(answers.json(200, []));
    try {
      server.answer(answers.redirect(307, `${other.apiUrl}/heartbeats`));
      const info = await expectFailure(client().listHeartbeats(), 'protocol-error');
      expect(info).toMatchObject({ status: 307 });
      expect(info.message).toBe(
        `The server redirected GET /heartbeats (HTTP 307) to ${other.apiUrl}/heartbeats; Vigil does not follow redirects, so check the server address.`,
      );
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('does not follow one to the same origin either', async () => {
    server.answer(answers.redirect(301, '/v2/monitors/mon_1'));
    const info = await expectFailure(client().getMonitor('mon_1'), 'protocol-error');
    expect(info.message).toContain(`to ${server.origin}/v2/monitors/mon_1;`);
    expect(server.requests).toHaveLength(1);
  });
});

describe('a server that reflects the token', () => {
  const echo = (status: number): Script => (request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: `Bad header ${request.headers.authorization}`, details: [{ field: 'auth', message: `${request.headers.authorization}` }] } }));
  };

  it.each([400, 401, 500])('keeps it out of the error of a %i', async (status) => {
    server.answer(echo(status));
    const info = await expectFailure(client().listDomains(), status === 401 ? 'unauthorized' : status === 400 ? 'bad-request' : 'server-error');
    expect(info.message).toContain('Bad header Bearer [redacted]');
  });

  it('keeps it out when the echo is long enough to be cut', async () => {
    server.answer(answers.text(400, `${'x'.repeat(180)} ${testToken} trailing`));
    const info = await expectFailure(client().listDomains(), 'bad-request');
    expect(info.message).not.toContain(testToken.slice(0, 12));
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a line break', '\n'],
  ])('keeps it out when the echo hides %s inside it', async (_name, hider) => {
    const hidden = `${testToken.slice(0, 10)}${hider}${testToken.slice(10)}`;
    server.answer(answers.text(400, `token was ${hidden}`));
    const info = await expectFailure(client().listDomains(), 'bad-request');
    expect(info.message).not.toContain(testToken.slice(10, 30));
  });

  it('keeps it out of a redirect target and out of the log', async () => {
    server.answer((request, response) => {
      response.writeHead(302, { location: `https://evil.example/?t=${encodeURIComponent(request.headers.authorization ?? '')}` });
      response.end();
    });
    const info = await expectFailure(client().listDomains(), 'protocol-error');
    expect(info.message).toContain('https://evil.example/?t=Bearer%20[redacted]');
    expect(logger.entries.length).toBeGreaterThan(0);
  });
});

describe('token safety before any request', () => {
  function spyFetch() {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    return { calls, fetch };
  }

  it('refuses plain http to another host without making a request', async () => {
    const spy = spyFetch();
    const insecure = client({ baseUrl: 'http://example.com/api', fetch: spy.fetch });
    const info = await expectFailure(insecure.listMonitors(), 'insecure');
    expect(info.message).toBe('Vigil will not send the access token over plain http to example.com; use https://, or http:// only for this computer.');
    await expectFailure(insecure.deleteMonitor('mon_1'), 'insecure');
    await expectFailure(client({ baseUrl: 'http://192.168.1.10:8731/api', fetch: spy.fetch }).listDomains(), 'insecure');
    expect(spy.calls).toHaveLength(0);
  });

  it.each(['http://127.0.0.2:8731/api', 'http://localhost:8731/api', 'http://[::1]:8731/api', 'https://vigil.example/api/'])(
    'sends to %s',
    async (baseUrl) => {
      const spy = spyFetch();
      await client({ baseUrl, fetch: spy.fetch }).listDomains();
      expect(spy.calls).toHaveLength(1);
      expect(spy.calls[0]?.url).toBe(`${baseUrl.replace(/\/$/, '')}/domains`);
      expect(spy.calls[0]?.init).toMatchObject({ redirect: 'manual', headers: { authorization: `Bearer ${testToken}` } });
    },
  );

  it('refuses an address that is not an http(s) URL, without echoing a password', async () => {
    const spy = spyFetch();
    await expectFailure(client({ baseUrl: 'not a url', fetch: spy.fetch }).listDomains(), 'unreachable');
    await expectFailure(client({ baseUrl: 'ftp://127.0.0.1/api', fetch: spy.fetch }).listDomains(), 'unreachable');
    const info = await expectFailure(client({ baseUrl: 'https://user:hunter22@vigil.example/api', fetch: spy.fetch }).listDomains(), 'unreachable');
    expect(info.message).not.toContain('hunter22');
    expect(spy.calls).toHaveLength(0);
  });
});

describe('cancellation', () => {
  it('cancels a request in flight', async () => {
    server.answer(answers.stallBeforeHeaders());
    const controller = new AbortController();
    const call = client({ timeoutMs: 10_000 }).listMonitors({ signal: controller.signal });
    await eventually(() => server.requests.length === 1, 'the request arrived');
    controller.abort();
    const info = await expectFailure(call, 'cancelled');
    expect(info.message).toBe('The request GET /monitors?page=1&limit=1000 was cancelled.');
    await eventually(() => server.openConnections() === 0, 'the connection is closed');
  });

  it('cancels while the body is streaming', async () => {
    server.answer(answers.stallBody());
    const controller = new AbortController();
    const call = client({ timeoutMs: 10_000 }).getHeartbeat('hb_1', { signal: controller.signal });
    await eventually(() => server.requests.length === 1, 'the request arrived');
    setTimeout(() => controller.abort(), 50);
    await expectFailure(call, 'cancelled');
  });

  it('sends nothing when the signal is already aborted', async () => {
    await expectFailure(client().listDomains({ signal: AbortSignal.abort() }), 'cancelled');
    expect(server.requests).toHaveLength(0);
  });

  it('does not log a cancellation as a failure', async () => {
    await expectFailure(client().listDomains({ signal: AbortSignal.abort() }), 'cancelled');
    expect(logger.entries).toHaveLength(0);
  });
});
