// The http check's request and expectations (docs/api-decisions.md §16) against a real server on loopback.
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpCheckRequest } from '../../../service/checks/check-result.ts';
import { createCheckAgents } from '../../../service/checks/http-agents.ts';
import { runCheck } from '../../../service/checks/run-check.ts';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** `/status/N` answers N; `/json` the current document; `/echo` the request's headers as JSON; `/slow/N` after N ms; `/big` 2 MB; `/redirect/N?to=` a redirect with status N. */
async function startTarget() {
  const received: Received[] = [];
  let document = '{"status":"ok","checks":[{"name":"db","ok":true}]}';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://target');
      received.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const [, route, argument] = url.pathname.split('/');
      if (route === 'status') return void response.writeHead(Number(argument), { 'content-type': 'text/plain' }).end(`status ${argument}: all good`);
      if (route === 'json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(document);
      if (route === 'echo') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'degraded', headers: request.headers }));
      if (route === 'slow') return void setTimeout(() => response.writeHead(200).end('late but fine'), Number(argument));
      if (route === 'big') return void response.writeHead(200).end(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
      if (route === 'redirect') return void response.writeHead(Number(argument), { location: url.searchParams.get('to') ?? '/' }).end();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setDocument: (text: string) => (document = text),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

type Target = Awaited<ReturnType<typeof startTarget>>;

const agents = createCheckAgents();
let target: Target;
let other: Target;
beforeAll(async () => {
  target = await startTarget();
  other = await startTarget();
});
afterAll(async () => {
  await Promise.all([target.close(), other.close()]);
  agents.http.destroy();
});

const check = (path: string, spec: HttpCheckRequest, timeoutMs = 3_000) =>
  runCheck({ type: 'http', url: `${target.url}${path}`, http: spec }, { agents, timeoutMs });

describe('status expectations', () => {
  it('is up on 2xx and 3xx by default, and keeps the bare "HTTP 503" reason', async () => {
    expect(await check('/status/204', {})).toMatchObject({ ok: true });
    expect(await check('/status/503', {})).toMatchObject({ ok: false, error: 'HTTP 503' });
  });

  it('takes codes and classes, and says what was expected', async () => {
    expect(await check('/status/404', { expect: { status: [404] } })).toMatchObject({ ok: true });
    expect(await check('/status/503', { expect: { status: ['2xx'] } })).toMatchObject({ ok: false, error: 'HTTP 503, expected 2xx' });
    expect(await check('/status/201', { expect: { status: [200, 204, '3xx'] } })).toMatchObject({ ok: false, error: 'HTTP 201, expected 200, 204 or 3xx' });
  });
});

describe('body expectations', () => {
  it('finds text in the body, or its absence', async () => {
    expect(await check('/status/200', { expect: { body_contains: 'all good', body_not_contains: 'error' } })).toMatchObject({ ok: true });
    expect(await check('/status/200', { expect: { body_contains: 'healthy' } })).toMatchObject({ ok: false, error: 'body does not contain "healthy"' });
    expect(await check('/status/200', { expect: { body_not_contains: 'good' } })).toMatchObject({ ok: false, error: 'body contains "good", expected it not to' });
  });

  it('reports every unmet expectation, status first', async () => {
    expect(await check('/status/500', { expect: { status: ['2xx'], body_contains: 'healthy' } })).toMatchObject({
      ok: false,
      error: 'HTTP 500, expected 2xx; body does not contain "healthy"',
    });
  });

  it('reads at most 1 MB of a body for expectations', async () => {
    expect(await check('/big', { expect: { body_contains: '"pad"' } })).toMatchObject({ ok: true });
    expect(await check('/big', { expect: { json: [{ path: '$.pad', equals: 'x' }] } })).toMatchObject({
      ok: false,
      error: 'body is larger than 1 MB, too large to read $.pad',
    });
  });
});

describe('json expectations', () => {
  it('compares values at paths, objects and arrays included', async () => {
    const spec = { expect: { json: [{ path: '$.status', equals: 'ok' }, { path: '$.checks[0]', equals: { ok: true, name: 'db' } }] } };
    expect(await check('/json', spec)).toMatchObject({ ok: true });
  });

  it('says what the path held and what was expected', async () => {
    target.setDocument('{"status":"degraded","checks":[]}');
    try {
      expect(await check('/json', { expect: { json: [{ path: '$.status', equals: 'ok' }] } })).toMatchObject({
        ok: false,
        error: '$.status was "degraded", expected "ok"',
      });
      expect(await check('/json', { expect: { json: [{ path: '$.checks[0].ok', equals: true }] } })).toMatchObject({
        ok: false,
        error: '$.checks[0].ok is missing, expected true',
      });
      target.setDocument('<html>maintenance</html>');
      expect(await check('/json', { expect: { json: [{ path: '$.status', equals: 'ok' }] } })).toMatchObject({
        ok: false,
        error: 'body is not JSON, expected $.status',
      });
    } finally {
      target.setDocument('{"status":"ok","checks":[{"name":"db","ok":true}]}');
    }
  });

  it('never quotes a secret header the answer echoes', async () => {
    const token = 'tok_9f8e7d6c5b4a39281706';
    const headers = { Authorization: `Bearer ${token}`, 'X-Api-Key': 'key-0123456789', 'X-Tenant': 'acme-tenant', 'X-Trace': 'on' };
    const echo = (path: string, body_not_contains?: string) =>
      check('/echo', { headers, secret_headers: ['X-Tenant'], expect: { json: [{ path, equals: 'ok' }], ...(body_not_contains === undefined ? {} : { body_not_contains }) } });
    expect(await echo('$.headers.authorization')).toMatchObject({ ok: false, error: '$.headers.authorization was "••••••••", expected "ok"' });
    expect(await echo("$.headers['x-api-key']")).toMatchObject({ ok: false, error: `$.headers['x-api-key'] was "••••••••", expected "ok"` });
    expect(await echo("$.headers['x-tenant']")).toMatchObject({ ok: false, error: `$.headers['x-tenant'] was "••••••••", expected "ok"` });
    expect(await echo("$.headers['x-trace']")).toMatchObject({ ok: false, error: `$.headers['x-trace'] was "on", expected "ok"` });
    const whole = await echo('$.headers', token);
    expect(whole.error).toMatch(/^body contains "••••••••", expected it not to; \$\.headers was \{.{1,39}…, expected "ok"$/u);
    for (const secret of [token, 'key-0123456789', 'acme-tenant']) expect(whole.error).not.toContain(secret.slice(0, 6));
  });
});

describe('response time', () => {
  it('fails a slow answer with the time it took and the limit', async () => {
    const result = await check('/slow/300', { expect: { max_response_ms: 100 } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^took \d{3,4} ms, limit 100 ms$/);
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(await check('/slow/10', { expect: { max_response_ms: 2_000 } })).toMatchObject({ ok: true });
  });
});

describe('the request', () => {
  it('sends HEAD and the user’s headers over the defaults', async () => {
    expect(await check('/h', { method: 'HEAD', headers: { 'User-Agent': 'Mine/2', 'X-Trace': 'on' } })).toMatchObject({ ok: true });
    const last = target.received.at(-1);
    expect(last).toMatchObject({ method: 'HEAD', path: '/h' });
    expect(last?.headers['user-agent']).toBe('Mine/2');
    expect(last?.headers['x-trace']).toBe('on');
  });

  it('sends a POST body, typed as JSON when it is JSON unless a type is given', async () => {
    await check('/p', { method: 'POST', body: '{"ping":1}' });
    expect(target.received.at(-1)).toMatchObject({ method: 'POST', body: '{"ping":1}', headers: { 'content-type': 'application/json', 'content-length': '10' } });
    await check('/p', { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(target.received.at(-1)).toMatchObject({ body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await check('/p', { method: 'POST', body: 'plain' });
    expect(target.received.at(-1)?.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('repeats a POST on 307 and turns it into a GET without a body on 303', async () => {
    await check('/redirect/307?to=/after', { method: 'POST', body: 'again' });
    expect(target.received.at(-1)).toMatchObject({ method: 'POST', path: '/after', body: 'again' });
    await check('/redirect/303?to=/after', { method: 'POST', body: 'once' });
    const last = target.received.at(-1);
    expect(last).toMatchObject({ method: 'GET', path: '/after', body: '' });
    expect(last?.headers['content-type']).toBeUndefined();
  });

  it('keeps secret headers off another origin a redirect leads to, and on the same origin', async () => {
    const headers = { Authorization: 'Bearer s3cret', 'X-Tenant': 't1', 'X-Plain': 'p' };
    await check(`/redirect/302?to=${encodeURIComponent(`${other.url}/landing`)}`, { headers, secret_headers: ['X-Tenant'] });
    const elsewhere = other.received.at(-1)?.headers;
    expect(elsewhere?.authorization).toBeUndefined();
    expect(elsewhere?.['x-tenant']).toBeUndefined();
    expect(elsewhere?.['x-plain']).toBe('p');
    await check('/redirect/302?to=/same', { headers });
    expect(target.received.at(-1)?.headers.authorization).toBe('Bearer s3cret');
  });
});
