// The judgement of an http answer by a monitor's expectations, on its own (docs/api-decisions.md §16).
import { describe, expect, it } from 'vitest';
import { needsBody, unmetExpectations } from '../../../service/checks/expectations.ts';

const answer = { status: 200, responseMs: 40 };

describe('unmetExpectations', () => {
  it('passes 2xx and 3xx by default and fails the rest on the bare status', () => {
    expect(unmetExpectations({ ...answer, status: 301 }, undefined)).toBeUndefined();
    expect(unmetExpectations({ ...answer, status: 404 }, {})).toBe('HTTP 404');
  });

  it('matches codes and classes', () => {
    expect(unmetExpectations({ ...answer, status: 418 }, { status: ['4xx'] })).toBeUndefined();
    expect(unmetExpectations({ ...answer, status: 200 }, { status: [204] })).toBe('HTTP 200, expected 204');
    expect(unmetExpectations({ ...answer, status: 500 }, { status: [200, 204, '3xx'] })).toBe('HTTP 500, expected 200, 204 or 3xx');
  });

  it('compares JSON by value: members in any order, arrays in order, types strictly', () => {
    const body = '{"a":{"x":1,"y":[1,2]},"n":null,"s":"1"}';
    const json = (path: string, equals: unknown) => unmetExpectations({ ...answer, body }, { json: [{ path, equals }] });
    expect(json('$.a', { y: [1, 2], x: 1 })).toBeUndefined();
    expect(json('$.n', null)).toBeUndefined();
    expect(json('$.a.y', [2, 1])).toBe('$.a.y was [1,2], expected [2,1]');
    expect(json('$.s', 1)).toBe('$.s was "1", expected 1');
    expect(json('$.a', { x: 1 })).toBe('$.a was {"x":1,"y":[1,2]}, expected {"x":1}');
  });

  it('judges a monitor’s same expectations alike at every check, and an edited one by its new path', () => {
    // The parsed path is kept with the expectation: the same object at each check, a new one after an edit.
    const expectations = { json: [{ path: '$.a.x', equals: 1 }] };
    const body = '{"a":{"x":1,"y":2}}';
    expect(unmetExpectations({ ...answer, body }, expectations)).toBeUndefined();
    expect(unmetExpectations({ ...answer, body: '{"a":{"x":2}}' }, expectations)).toBe('$.a.x was 2, expected 1');
    expect(unmetExpectations({ ...answer, body }, { json: [{ path: '$.a.y', equals: 1 }] })).toBe('$.a.y was 2, expected 1');
    expect(unmetExpectations({ ...answer, body }, { json: [{ path: 'a.y', equals: 1 }] })).toBe('a.y is missing, expected 1');
  });

  it('cuts long values it shows', () => {
    const long = 'v'.repeat(200);
    const reason = unmetExpectations({ ...answer, body: JSON.stringify({ long }) }, { json: [{ path: '$.long', equals: 'short' }] });
    expect(reason).toBe(`$.long was "${'v'.repeat(38)}…, expected "short"`);
  });

  it('masks the values of the secret headers sent, before cutting, wherever a reason quotes them', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig';
    const request = { headers: { Authorization: `Bearer ${token}`, Cookie: 'sid=s3ss10n; theme=dark', 'X-Tenant': 'acme-tenant', Accept: 'application/json' }, secret_headers: ['X-Tenant'] };
    const body = JSON.stringify({ auth: `Bearer ${token}`, bare: token, cookie: 's3ss10n', tenant: 'acme-tenant', quoted: `say "${token}"`, accept: 'application/json' });
    const json = (path: string) => unmetExpectations({ ...answer, body }, { json: [{ path, equals: 'x' }] }, request) ?? '';
    expect(json('$.auth')).toBe('$.auth was "••••••••", expected "x"');
    expect(json('$.bare')).toBe('$.bare was "••••••••", expected "x"');
    expect(json('$.cookie')).toBe('$.cookie was "••••••••", expected "x"');
    expect(json('$.tenant')).toBe('$.tenant was "••••••••", expected "x"');
    // A plain header's value is no secret.
    expect(json('$.accept')).toBe('$.accept was "application/json", expected "x"');
    // The whole document, cut at 40 characters: no piece of the token before the cut.
    expect(json('$')).toBe('$ was {"auth":"••••••••","bare":"••••••••","c…, expected "x"');
    // The user's own texts are masked too: an expectation that the answer must not leak the token.
    const leak = unmetExpectations({ ...answer, body }, { body_not_contains: token }, request);
    expect(leak).toBe('body contains "••••••••", expected it not to');
    expect(unmetExpectations({ ...answer, body }, { json: [{ path: '$.auth', equals: 'x' }] })).toContain(token.slice(0, 20));
  });

  it('cuts a reason of many unmet paths at 500 characters', () => {
    const json = Array.from({ length: 20 }, (_, index) => ({ path: `$.field_number_${index}`, equals: 'a value that is long enough' }));
    const reason = unmetExpectations({ ...answer, body: '{}' }, { json }) ?? '';
    expect(reason).toHaveLength(500);
    expect(reason.endsWith('…')).toBe(true);
  });

  it('lists every unmet expectation in a fixed order', () => {
    const reason = unmetExpectations(
      { status: 503, responseMs: 900, body: '{"status":"down","note":"maintenance"}' },
      { status: ['2xx'], max_response_ms: 500, body_contains: 'ok', body_not_contains: 'maintenance', json: [{ path: '$.status', equals: 'ok' }, { path: '$.x', equals: 1 }] },
    );
    expect(reason).toBe(
      'HTTP 503, expected 2xx; took 900 ms, limit 500 ms; body does not contain "ok"; body contains "maintenance", expected it not to; $.status was "down", expected "ok"; $.x is missing, expected 1',
    );
  });
});

describe('needsBody', () => {
  it('reads the body only for body and json expectations', () => {
    expect(needsBody(undefined)).toBe(false);
    expect(needsBody({ status: [200], max_response_ms: 5 })).toBe(false);
    expect(needsBody({ json: [] })).toBe(false);
    expect(needsBody({ body_not_contains: 'x' })).toBe(true);
    expect(needsBody({ json: [{ path: '$', equals: 1 }] })).toBe(true);
  });
});
