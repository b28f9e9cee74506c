// Each error class of the API, always as the one JSON error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const valid = { name: 'x', type: 'http', url: 'http://127.0.0.1:9/', frequency: 60 };

function expectError(response: { status: number; headers: Headers; json: unknown }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.json).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe('error answers', () => {
  it('400 for a body that is not JSON', async () => {
    expectError(await service.api('/monitors', { method: 'POST', rawBody: '{"name": ', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
  });

  it('400 for prototype pollution attempts', async () => {
    const rawBody = '{"name":"x","type":"http","url":"http://127.0.0.1:9/","frequency":60,"__proto__":{"admin":true}}';
    expectError(await service.api('/monitors', { method: 'POST', rawBody, headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
  });

  it('400 for a body that is JSON but not an object', async () => {
    expectError(await service.api('/monitors', { method: 'POST', body: [valid] }), 400, 'validation_failed');
    expectError(await service.api('/monitors', { method: 'POST', body: 'text' }), 400, 'validation_failed');
  });

  it('404 for a path that does not exist, even under /api', async () => {
    expectError(await service.api('/nothing-here'), 404, 'not_found');
    const root = await fetch(`${service.origin}/`);
    expect(root.status).toBe(404);
    expect(await root.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('405 with Allow for a method a path does not support', async () => {
    const patch = await service.api('/monitors/x', { method: 'PATCH', body: valid });
    expectError(patch, 405, 'method_not_allowed');
    expect(patch.headers.get('allow')).toBe('DELETE, GET, HEAD, PUT');
    const put = await service.api('/heartbeats/x', { method: 'PUT', body: {} });
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
  });

  it('413 for a body over 512 KiB', async () => {
    expectError(await service.api('/monitors', { method: 'POST', body: { ...valid, name: 'x'.repeat(530_000) } }), 413, 'payload_too_large');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'])('415 for Content-Type %s', async (type) => {
    expectError(await service.api('/monitors', { method: 'POST', rawBody: 'name=x', headers: { 'content-type': type } }), 415, 'unsupported_media_type');
  });

  it('accepts application/json with a charset', async () => {
    const response = await service.api('/monitors', { method: 'POST', rawBody: JSON.stringify(valid), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(response.status).toBe(201);
  });

  it('sends the API version, no-store, the date and a 5-minute keep-alive on every answer', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    for (const response of [await service.api('/monitors'), await service.api('/nope'), await service.api('/monitors', { token: null })]) {
      expect(response.headers.get('api-version')).toBe('1.0.0');
      expect(response.headers.get('cache-control')).toBe('no-store');
      // Written by the service rather than Node (whose cached date is reset by a timer after each answer).
      const date = Date.parse(response.headers.get('date') ?? '');
      expect(date).toBeGreaterThanOrEqual(before);
      expect(date).toBeLessThanOrEqual(Date.now());
      // A client's idle connection is kept past its next poll, so neither side wakes between polls to close it.
      expect(response.headers.get('keep-alive')).toBe('timeout=300');
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After when a client floods, and the service stays up', async () => {
    // The limiter counts by the minute on the service's clock: on a clock that stands still, a flood cannot straddle
    // two of its windows, as it may on the wall clock.
    const limited = await startTestService({ rateLimitPerMinute: 20 }, { clock: manualClock(Date.now()) });
    try {
      const statuses = [];
      for (let i = 0; i < 25; i++) statuses.push((await limited.api('/monitors')).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      const flooded = await limited.api('/monitors');
      expectError(flooded, 429, 'rate_limited');
      const retryAfter = Number(flooded.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.stop();
    }
  });
});
