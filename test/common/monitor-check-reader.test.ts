// The tolerant reader of a monitor's check extension fields (docs/api-decisions.md §16).
import { describe, expect, it } from 'vitest';
import { readMonitor } from '../../common/api/index.ts';
import { readSent } from './sent-items.ts';

const read = (json: unknown) => readSent(readMonitor, json);

const full = {
  id: 'mon_1',
  name: 'API',
  type: 'http',
  url: 'https://example.com/health',
  frequency: 60,
  method: 'POST',
  headers: { Authorization: 'Bearer ••••••••', Accept: 'application/json' },
  secret_headers: ['X-Tenant'],
  body: '{"ping":true}',
  expect: { status: [200, '3xx'], body_contains: 'ok', body_not_contains: 'error', json: [{ path: '$.status', equals: 'ok' }], max_response_ms: 500 },
  tls: { expiry_days: [30, 14, 7, 1], ignore_errors: true },
  retry_seconds: 20,
  last_checked_at: '2026-11-24T15:00:00.000Z',
  last_response_time_ms: 0,
  last_error: 'HTTP 503, expected 200 or 3xx',
  certificate_expires_on: '2026-11-29T15:00:00.000Z',
  certificate_warning: 'the certificate is self-signed',
};

describe('readMonitor: check extensions', () => {
  it('reads every extension field', () => {
    expect(read(full)).toEqual({ ok: true, item: full, issues: [] });
  });

  it('gives every monitor the same keys, the expectations included', () => {
    const keys = Object.keys(read({ id: 'a' }).item);
    expect(Object.keys(read(full).item)).toEqual(keys);
    expect(Object.keys(read({ expect: {} }).item.expect ?? {})).toEqual(Object.keys(read(full).item.expect ?? {}));
  });

  it('treats null like an absent field', () => {
    const nulls = {
      method: null,
      headers: null,
      secret_headers: null,
      body: null,
      expect: null,
      tls: null,
      retry_seconds: null,
      last_checked_at: null,
      last_response_time_ms: null,
      last_error: null,
      certificate_expires_on: null,
      certificate_warning: null,
    };
    expect(read(nulls)).toEqual({ ok: true, item: {}, issues: [] });
  });

  it('drops the unusable parts, reports each, and keeps the rest', () => {
    const { item, issues } = read({
      headers: { Accept: 'text/plain', 'X-Count': 3 },
      secret_headers: ['X-A', 7],
      expect: { status: [200, true, '2xx'], json: [{ path: '$.a', equals: 1 }, { path: 5 }, 'x'], max_response_ms: -1, body_contains: 3 },
      last_response_time_ms: -5,
      last_checked_at: 'yesterday',
      retry_seconds: 0,
    });
    expect(item.headers).toEqual({ Accept: 'text/plain' });
    expect(item.secret_headers).toEqual(['X-A']);
    expect(item.expect).toEqual({ status: [200, '2xx'], json: [{ path: '$.a', equals: 1 }] });
    expect(item.last_response_time_ms).toBeUndefined();
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'headers.X-Count',
      'secret_headers.1',
      'expect.status.1',
      'expect.body_contains',
      'expect.json.1',
      'expect.json.2',
      'expect.max_response_ms',
      'retry_seconds',
      'last_checked_at',
      'last_response_time_ms',
    ]);
  });

  it('drops an expect or headers that are not objects', () => {
    const { item, issues } = read({ expect: [200], headers: 'Accept: */*' });
    expect(item.expect).toBeUndefined();
    expect(item.headers).toBeUndefined();
    expect(issues).toEqual([
      { path: ['headers'], message: 'expected an object, got string' },
      { path: ['expect'], message: 'expected an object, got array' },
    ]);
  });

  it('keeps the usable parts of tls and reports the rest', () => {
    const { item, issues } = read({ tls: { expiry_days: [14, 'a week', 1.5, 1], ignore_errors: 'yes' }, certificate_expires_on: 'soon' });
    expect(item.tls).toEqual({ expiry_days: [14, 1], ignore_errors: undefined });
    expect(item.certificate_expires_on).toBeUndefined();
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['tls.ignore_errors', 'tls.expiry_days.1', 'tls.expiry_days.2', 'certificate_expires_on']);
    expect(read({ tls: 'strict' }).issues).toEqual([{ path: ['tls'], message: 'expected an object, got string' }]);
  });
});
