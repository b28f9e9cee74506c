// At least 200 malformed requests: every one gets a 4xx JSON error, none a 500, and the service stays healthy.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

interface FuzzCase {
  label: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string | null;
  token?: string | null;
}

const json = 'application/json';
const valid = { monitors: { name: 'x', type: 'http', url: 'http://127.0.0.1:9/', frequency: 60 }, heartbeats: { name: 'x', expected_interval: 60 }, domains: { domain: 'ok.example' }, notifications: { name: 'x', type: 'email', destination: 'a@example.com' } };

const brokenJson = [
  '{', '}', '[', '{"name":}', '{"name" "x"}', '[1,]', '{"a":1,}', 'nul', 'tru', '"unterminated', "{'single':1}", 'NaN', 'Infinity',
  '{"a":1}}', '{"a":01}', '{"a":1e}', '{"a":"\\x41"}', '{"a":"\\u12"}', '\u0000', ' ', '{"a":"line\nbreak"}', '{"a":undefined}',
  '{"constructor":{"prototype":{"polluted":true}}}', '{"__proto__":{"polluted":true}}', '/* comment */ {}',
];

const wrongValues: unknown[] = [null, true, -1, 0, 1e308, 1.5, '', ' ', 'x'.repeat(5000), [], {}, ['x'], { nested: 'x' }];
const injections = ["'; DROP TABLE monitors; --", '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '../../etc/passwd', 'a\r\nX-Injected: 1', '\u0000', '%00', '\u202e\u0041', '☃'.repeat(300)];

function cases(): FuzzCase[] {
  const all: FuzzCase[] = [];
  for (const body of brokenJson) all.push({ label: `broken JSON ${JSON.stringify(body).slice(0, 30)}`, method: 'POST', path: '/monitors', body, contentType: json });
  for (const [collection, base] of Object.entries(valid)) {
    for (const field of Object.keys(base)) {
      for (const value of wrongValues) {
        all.push({ label: `${collection}.${field} = ${JSON.stringify(value).slice(0, 20)}`, method: 'POST', path: `/${collection}`, body: JSON.stringify({ ...base, [field]: value }), contentType: json });
      }
    }
  }
  for (const text of injections) {
    all.push({ label: `injection as type: ${text.slice(0, 20)}`, method: 'POST', path: '/monitors', body: JSON.stringify({ ...valid.monitors, type: text }), contentType: json });
    all.push({ label: `injection as url: ${text.slice(0, 20)}`, method: 'POST', path: '/monitors', body: JSON.stringify({ ...valid.monitors, url: text }), contentType: json });
    all.push({ label: `injection as domain: ${text.slice(0, 20)}`, method: 'POST', path: '/domains', body: JSON.stringify({ domain: text }), contentType: json });
    all.push({ label: `injection as id: ${text.slice(0, 20)}`, method: 'GET', path: `/monitors/${encodeURIComponent(text)}` });
  }
  for (const size of [65 * 1024, 1024 * 1024, 4 * 1024 * 1024]) {
    all.push({ label: `huge body ${size}`, method: 'POST', path: '/monitors', body: JSON.stringify({ ...valid.monitors, name: 'n'.repeat(size) }), contentType: json });
  }
  for (const depth of [100, 1000, 10_000, 30_000]) {
    all.push({ label: `nested arrays ${depth}`, method: 'POST', path: '/monitors', body: '['.repeat(depth) + ']'.repeat(depth), contentType: json });
    all.push({ label: `nested objects ${depth}`, method: 'POST', path: '/monitors', body: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), contentType: json });
    all.push({ label: `nested name ${depth}`, method: 'POST', path: '/monitors', body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)},"type":"http","url":"http://127.0.0.1:9/","frequency":60}`, contentType: json });
  }
  for (const contentType of ['text/plain', 'text/html', 'application/xml', 'application/jsonx', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b', 'application/octet-stream', 'image/png', '*/*', 'json', null]) {
    all.push({ label: `content type ${contentType}`, method: 'POST', path: '/monitors', body: JSON.stringify(valid.monitors), contentType });
  }
  for (const id of ['%ZZ', '%', '%00', 'x'.repeat(10_000), '..%2F..%2Fetc%2Fpasswd', '%E2%98', '%F0%9F%98%80', ';', 'a%2Fb', '%20']) {
    for (const collection of Object.keys(valid)) all.push({ label: `odd id ${id.slice(0, 12)} in ${collection}`, method: 'GET', path: `/${collection}/${id}` });
  }
  for (const query of ['page=%ZZ', 'page=1.0', 'page=1&page=2', 'limit=999999999999999', 'page=-0', 'limit=', 'page= 1', 'limit=0x10']) {
    all.push({ label: `query ${query}`, method: 'GET', path: `/monitors?${query}` });
  }
  for (const method of ['PATCH', 'OPTIONS', 'PURGE', 'PROPFIND']) all.push({ label: `method ${method}`, method, path: '/monitors' });
  for (const [label, token] of [['garbage token', '\u00ff\u00fe\u0080'], ['huge token', 'a'.repeat(8000)], ['three dots', '...']] as const) {
    all.push({ label, method: 'GET', path: '/monitors', token });
  }
  return all;
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ rateLimitPerMinute: 100_000 });
});
afterAll(() => service.stop());

describe('fuzz', () => {
  const all = cases();

  it('has at least 200 malformed requests', () => expect(all.length).toBeGreaterThanOrEqual(200));

  it('answers every one with a 4xx JSON error, never a 500', async () => {
    const failures: string[] = [];
    for (const c of all) {
      const headers: Record<string, string> = {};
      if (c.token !== null) headers.authorization = `Bearer ${c.token ?? service.token}`;
      if (c.contentType) headers['content-type'] = c.contentType;
      let status: number;
      let body: string;
      let type: string | null;
      try {
        const response = await fetch(`${service.apiUrl}${c.path}`, { method: c.method, headers, body: c.body, signal: AbortSignal.timeout(10_000) });
        status = response.status;
        type = response.headers.get('content-type');
        body = await response.text();
      } catch (error) {
        failures.push(`${c.label}: request failed (${(error as Error).message})`);
        continue;
      }
      const parsed = (() => {
        try {
          return JSON.parse(body) as { error?: { code?: string; message?: string } };
        } catch {
          return undefined;
        }
      })();
      if (status < 400 || status >= 500 || !type?.startsWith('application/json') || typeof parsed?.error?.code !== 'string' || typeof parsed.error.message !== 'string') {
        failures.push(`${c.label}: ${status} ${type} ${body.slice(0, 80)}`);
      }
      if (/at .*\.(ts|js):\d+/.test(body)) failures.push(`${c.label}: stack trace in body`);
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed HTTP on a raw socket with a JSON 400, then keeps serving', async () => {
    const port = Number(new URL(service.origin).port);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let reply = '';
        socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
        socket.on('data', (chunk) => (reply += chunk.toString()));
        socket.on('close', () => resolve(reply));
        socket.on('error', reject);
      });
    for (const request of [
      'POST /api/monitors HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'GET /api/monitors HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      'GARBAGE\r\n\r\n',
      'GET /api/monitors HTTP/1.1\r\nHo st: x\r\n\r\n',
    ]) {
      const reply = await raw(request);
      expect(reply, request).toMatch(/^HTTP\/1\.1 400/);
      expect(reply, request).toContain('"code":"bad_request"');
    }
  });

  it('is still healthy afterwards', async () => {
    expect((await service.api('/monitors')).status).toBe(200);
    expect((await service.api('/monitors', { method: 'POST', body: valid.monitors })).status).toBe(201);
  });
});
