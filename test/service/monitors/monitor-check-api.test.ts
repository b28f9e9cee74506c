// The check extension fields over the real API (docs/api-decisions.md §16): stored, returned with secrets masked,
// kept by a PUT that leaves them out or sends the mask back, and every bad field a 400 naming it.
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../../common/api/input-limits.ts';
import { SECRET_MASK } from '../../../common/api/secret-headers.ts';
import { advanceUntil, checksFinished, manualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.ts';

const SECRET = 'tok_live_9f8e7d6c5b4a';
const COOKIE = 'session=c00k1e-v4lue';
const TENANT = 'tenant-hush-42';

const clock = manualClock(Date.now());
let service: TestService;
let logger: RecordingLogger;
/** Every answer body the tests saw, to search for the secrets. */
const answers: string[] = [];

beforeAll(async () => {
  logger = recordingLogger();
  service = await startTestService({}, { logger, clock });
});
afterAll(() => service.stop());

async function api(path: string, init?: Parameters<TestService['api']>[1]) {
  const response = await service.api(path, init);
  answers.push(response.text);
  return response;
}

type Monitor = Record<string, unknown> & { id: string };

/** Moves the clock until `done` holds, each step's checks finished before the next. */
const advanceUntilDone = (done: () => boolean | Promise<boolean>, maxSeconds: number) =>
  advanceUntil(clock, async () => done(), { maxSeconds, settled: () => checksFinished(service.scheduler) });

// Nothing listens on port 9 of loopback: checks fail fast and harmlessly.
const httpMonitor = {
  name: 'API',
  type: 'http',
  url: 'http://127.0.0.1:9/health',
  frequency: 600,
  method: 'POST',
  headers: { Authorization: `Bearer ${SECRET}`, Cookie: COOKIE, 'X-Tenant': TENANT, Accept: 'application/json' },
  secret_headers: ['X-Tenant'],
  body: '{"probe":true}',
  expect: { status: [200, '3xx'], body_contains: 'ok', json: [{ path: '$.status', equals: 'ok' }], max_response_ms: 800 },
  retry_seconds: 15,
};

async function create(body: Record<string, unknown>): Promise<Monitor> {
  const created = await api('/monitors', { method: 'POST', body });
  expect(created.status).toBe(201);
  return created.json as Monitor;
}

function fieldsOf(response: { json: unknown }): string[] {
  return (response.json as { error: { details: { field: string }[] } }).error.details.map((detail) => detail.field);
}

describe('an http monitor’s request and expectations', () => {
  it('are stored and returned, secret header values masked', async () => {
    const created = await create(httpMonitor);
    const expected = {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_MASK}`, Cookie: SECRET_MASK, 'X-Tenant': SECRET_MASK, Accept: 'application/json' },
      secret_headers: ['X-Tenant'],
      body: '{"probe":true}',
      expect: httpMonitor.expect,
      retry_seconds: 15,
    };
    expect(created).toMatchObject(expected);
    expect((await api(`/monitors/${created.id}`)).json).toMatchObject(expected);
    const listed = (await api('/monitors?limit=1000')).json as Monitor[];
    expect(listed.find((monitor) => monitor.id === created.id)).toMatchObject(expected);
  });

  it('fill in their defaults on an http monitor that has none; other types show only retry_seconds', async () => {
    const plain = await create({ name: 'Plain', type: 'http', url: 'http://127.0.0.1:9/', frequency: 60 });
    expect(plain).toMatchObject({ method: 'GET', headers: {}, expect: { status: ['2xx', '3xx'] }, retry_seconds: 20 });
    expect(plain.body).toBeUndefined();
    const tcp = await create({ name: 'Port', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
    expect(Object.keys(tcp)).not.toEqual(expect.arrayContaining(['method']));
    expect(tcp).toMatchObject({ retry_seconds: 20 });
    expect(tcp.headers).toBeUndefined();
    expect(tcp.expect).toBeUndefined();
  });

  it('survive a PUT that leaves them out (a spec-only client) and a PUT that echoes the masked values', async () => {
    const created = await create(httpMonitor);
    const specOnly = { name: 'Renamed', type: 'http', url: created.url, frequency: 600 };
    const renamed = await api(`/monitors/${created.id}`, { method: 'PUT', body: specOnly });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Renamed', method: 'POST', body: '{"probe":true}', headers: { Cookie: SECRET_MASK } });
    const echoed = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...(renamed.json as Monitor), name: 'Echoed' } });
    expect(echoed.status).toBe(200);
    expect(echoed.json).toMatchObject({ name: 'Echoed', headers: (renamed.json as Monitor).headers });
  });

  it('reset to their defaults with null', async () => {
    const created = await create(httpMonitor);
    const reset = await api(`/monitors/${created.id}`, {
      method: 'PUT',
      body: { ...created, method: null, headers: null, secret_headers: null, body: null, expect: null, retry_seconds: null },
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ method: 'GET', headers: {}, expect: { status: ['2xx', '3xx'] }, retry_seconds: 20 });
    expect((reset.json as Monitor).body).toBeUndefined();
  });

  it('are dropped when a PUT makes the monitor another type', async () => {
    const created = await create(httpMonitor);
    const moved = await api(`/monitors/${created.id}`, { method: 'PUT', body: { name: 'Now TCP', type: 'tcp', url: '127.0.0.1:9', frequency: 600 } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ type: 'tcp', retry_seconds: 15 });
    expect((moved.json as Monitor).headers).toBeUndefined();
    const back = await api(`/monitors/${created.id}`, { method: 'PUT', body: { name: 'HTTP again', type: 'http', url: 'http://127.0.0.1:9/', frequency: 600 } });
    expect(back.json).toMatchObject({ method: 'GET', headers: {} });
  });
});

describe('bad fields', () => {
  it.each([
    [{ method: 'DELETE' }, ['method']],
    [{ headers: { 'Bad Name': 'x' } }, ['headers.Bad Name']],
    [{ expect: { status: ['7xx'] } }, ['expect.status.0']],
    [{ expect: { json: [{ path: 'status', equals: 1 }] } }, ['expect.json.0.path']],
    [{ expect: { max_response_ms: -1 } }, ['expect.max_response_ms']],
    [{ method: 'GET', body: 'x' }, ['body']],
    [{ method: 'HEAD', expect: { body_contains: 'ok' } }, ['expect.body_contains']],
    [{ retry_seconds: null }, ['retry_seconds']],
    [{ headers: { Authorization: `Bearer ${SECRET_MASK}` } }, ['headers.Authorization']],
  ])('refuses %j on create with 400 naming the field', async (extra, fields) => {
    const { body: _body, ...base } = httpMonitor;
    const response = await api('/monitors', { method: 'POST', body: { ...base, method: 'GET', ...extra } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(fieldsOf(response)).toEqual(fields);
  });

  it('refuses http-only fields on another type, naming each', async () => {
    const response = await api('/monitors', {
      method: 'POST',
      body: { name: 'Port', type: 'tcp', url: '127.0.0.1:9', frequency: 60, method: 'GET', headers: { A: 'b' }, body: 'x', expect: {}, secret_headers: [] },
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(['method', 'headers', 'secret_headers', 'body', 'expect']);
  });

  it('judges a PUT merged with what is stored: a kept body needs POST', async () => {
    const created = await create(httpMonitor);
    const get = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, method: 'GET' } });
    expect(get.status).toBe(400);
    expect(fieldsOf(get)).toEqual(['body']);
    const noBody = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, method: 'GET', body: null } });
    expect(noBody.status).toBe(200);
  });

  it('take every field at its limit, and answer one over it with a 400 naming it (never a 413 for the whole)', async () => {
    const { headerCountMax, headerValueMaxLength, requestBodyMaxBytes } = INPUT_LIMITS;
    const headers = Object.fromEntries(Array.from({ length: headerCountMax }, (_, index) => [`X-Field-${index}`, 'v'.repeat(headerValueMaxLength)]));
    // Quotes are escaped in JSON: the body's text takes twice its size on the wire.
    const full = { name: 'Full', type: 'http', url: 'http://127.0.0.1:9/', frequency: 600, method: 'POST', headers, body: '"'.repeat(requestBodyMaxBytes) };
    expect((await api('/monitors', { method: 'POST', body: full })).status).toBe(201);
    const over = await api('/monitors', { method: 'POST', body: { ...full, body: '"'.repeat(requestBodyMaxBytes + 1) } });
    expect(over.status).toBe(400);
    expect(fieldsOf(over)).toEqual(['body']);
  });

  it('refuses a masked value for a header that has nothing stored', async () => {
    const created = await create(httpMonitor);
    const response = await api(`/monitors/${created.id}`, {
      method: 'PUT',
      body: { ...created, headers: { ...(created.headers as Record<string, string>), 'X-Api-Key': SECRET_MASK } },
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(['headers.X-Api-Key']);
  });
});

describe('secrets', () => {
  it('reach the target in full, also after a PUT that sent them back masked', async () => {
    const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
    const server = http.createServer((request, response) => {
      seen.push({ path: request.url ?? '', headers: request.headers });
      response.writeHead(200).end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const headers = { Authorization: `Bearer ${SECRET}`, 'X-Tenant': TENANT };
      const created = await create({ name: 'Secret', type: 'http', url: `${origin}/first`, frequency: 600, headers, secret_headers: ['X-Tenant'] });
      // A new url on the same origin is a new target: checked again within seconds, with the headers the masked
      // values stood for.
      const moved = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, url: `${origin}/second` } });
      expect(moved.status).toBe(200);
      await advanceUntilDone(() => seen.some((request) => request.path === '/second'), 10);
      const second = seen.find((request) => request.path === '/second');
      expect(second?.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(second?.headers['x-tenant']).toBe(TENANT);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('never follow a monitor to another origin: a PUT moving it must give them again', async () => {
    const created = await create({ ...httpMonitor, url: 'http://127.0.0.1:9/health' });
    const elsewhere = 'http://127.0.0.2:9/collect';
    const leftOut = await api(`/monitors/${created.id}`, { method: 'PUT', body: { name: 'API', type: 'http', url: elsewhere, frequency: 600 } });
    expect(leftOut.status).toBe(400);
    expect(fieldsOf(leftOut)).toEqual(['headers']);
    expect(leftOut.text).toContain('http://127.0.0.1:9');
    const echoed = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, url: elsewhere } });
    expect(echoed.status).toBe(400);
    expect(fieldsOf(echoed).sort()).toEqual(['headers.Authorization', 'headers.Cookie', 'headers.X-Tenant']);
    // Given again (or left out of the headers sent), the move is taken; the stored secrets are not.
    const given = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, url: elsewhere, headers: { Authorization: 'Bearer new-one', Accept: 'application/json' } } });
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({ url: elsewhere, headers: { Authorization: 'Bearer ••••••••', Accept: 'application/json' } });
    expect(Object.keys((given.json as { headers: object }).headers)).toEqual(['Authorization', 'Accept']);
  });

  it('stay masked when a PUT unmarks their header without giving it a new value', async () => {
    const created = await create({ name: 'Marked', type: 'http', url: 'http://127.0.0.1:9/', frequency: 600, headers: { 'X-Tenant': TENANT }, secret_headers: ['X-Tenant'] });
    const unmarked = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, secret_headers: null } });
    expect(unmarked.status).toBe(200);
    expect(unmarked.json).toMatchObject({ headers: { 'X-Tenant': SECRET_MASK }, secret_headers: ['X-Tenant'] });
    const replaced = await api(`/monitors/${created.id}`, { method: 'PUT', body: { ...created, secret_headers: null, headers: { 'X-Tenant': 'public' } } });
    expect(replaced.json).toMatchObject({ headers: { 'X-Tenant': 'public' } });
    expect((replaced.json as Monitor).secret_headers).toBeUndefined();
  });

  it('never appear in an answer, an alert or the log', async () => {
    // A failing check, a down alert to a webhook and a rejected request all had their chance to show them.
    const webhook = await startWebhookReceiver();
    try {
      await api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
      const failing = await create({ ...httpMonitor, frequency: 10, retry_seconds: 5 });
      await advanceUntilDone(async () => ((await api(`/monitors/${failing.id}`)).json as Monitor).last_status === 'down', 15);
      // The alert is decided with the check that confirmed the failure: once the dispatcher is idle, it has arrived.
      // Monitors of the tests before may have gone down meanwhile too, and alerted: this one's alert is looked for.
      await service.dispatcher.idle();
      const alert = webhook.requests.find((request) => (request.body as { subject?: { id?: string } }).subject?.id === failing.id);
      expect(alert?.body).toMatchObject({ event: 'monitor.down', subject: { id: failing.id, headers: { Authorization: `Bearer ${SECRET_MASK}` } } });
      await api('/monitors', { method: 'POST', body: { ...httpMonitor, method: 'GET' } });
      const everything = [...answers, ...webhook.requests.map((request) => request.rawBody), logger.text()].join('\n');
      expect(answers.length).toBeGreaterThan(10);
      for (const secret of [SECRET, COOKIE, TENANT]) expect(everything).not.toContain(secret);
    } finally {
      await webhook.close();
    }
  });
});
