// The check extension fields of a monitor's create body (docs/api-decisions.md §16): every bad field named.
import { describe, expect, it } from 'vitest';
import { checkInput, monitorCreateInput, monitorUpdateInput } from '../../common/api/index.ts';
import { httpCheckProblems } from '../../common/api/monitor-check-input.ts';
import { isSecretHeader, maskSecret, maskSecretHeaders, SECRET_MASK } from '../../common/api/secret-headers.ts';

const http = { name: 'API', type: 'http', url: 'https://example.com/health', frequency: 60 };

function detailsFor(extra: Record<string, unknown>, base: Record<string, unknown> = http) {
  const result = checkInput(monitorCreateInput, { ...base, ...extra });
  return result.ok ? [] : result.details;
}

describe('the check extension fields on create', () => {
  it('accepts every field and normalizes method and status classes', () => {
    const expectations = { body_contains: 'ok', body_not_contains: 'error', json: [{ path: '$.status', equals: 'ok' }, { path: '$.n', equals: null }], max_response_ms: 500 };
    const fields = { ...http, headers: { Authorization: 'Bearer abc', 'X-Trace': '1' }, secret_headers: ['X-Trace'], body: '{"ping":true}', retry_seconds: 15 };
    const result = checkInput(monitorCreateInput, { ...fields, method: 'post', expect: { ...expectations, status: [200, '3XX'] } });
    expect(result).toEqual({ ok: true, value: { ...fields, method: 'POST', expect: { ...expectations, status: [200, '3xx'] } } });
  });

  it('refuses null on create, where there is no stored value to reset, and takes it on PUT', () => {
    const nulls = { method: null, headers: null, secret_headers: null, body: null, expect: null, retry_seconds: null };
    expect(detailsFor(nulls).map((detail) => detail.field)).toEqual(Object.keys(nulls));
    expect(checkInput(monitorUpdateInput, { ...http, ...nulls })).toEqual({ ok: true, value: { ...http, ...nulls } });
  });

  it('keeps the spec-only body exactly as before', () => {
    expect(checkInput(monitorCreateInput, http)).toEqual({ ok: true, value: http });
  });

  it.each([
    [{ method: 'PUT' }, 'method', 'must be one of: GET, HEAD, POST'],
    [{ method: 5 }, 'method', 'must be one of: GET, HEAD, POST'],
    [{ headers: 'Authorization: x' }, 'headers', 'must be an object of header names and text values'],
    [{ headers: { 'X-A': 5 } }, 'headers.X-A', 'must be text'],
    [{ headers: { 'Bad Name': 'x' } }, 'headers.Bad Name', 'must be a header name of up to 100 letters'],
    [{ headers: { Host: 'example.org' } }, 'headers.Host', 'is set by Vigil and cannot be given'],
    [{ headers: { 'Content-Length': '3' } }, 'headers.Content-Length', 'is set by Vigil and cannot be given'],
    [{ headers: { 'X-A': 'a\r\nInjected: yes' } }, 'headers.X-A', 'must not contain line breaks'],
    [{ headers: { 'X-A': 'snow ☃' } }, 'headers.X-A', 'beyond Latin-1'],
    [{ headers: { 'X-A': 'x'.repeat(4097) } }, 'headers.X-A', 'must be at most 4096 characters'],
    [{ headers: { 'x-a': '1', 'X-A': '2' } }, 'headers.X-A', 'names a header already given'],
    [{ headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, 'v'])) }, 'headers', 'must hold at most 20 headers'],
    [{ secret_headers: 'X-A' }, 'secret_headers', 'must be a list of header names'],
    [{ secret_headers: ['ok', 'not ok'] }, 'secret_headers.1', 'must be a header name'],
    [{ method: 'POST', body: 5 }, 'body', 'must be text'],
    [{ method: 'POST', body: 'é'.repeat(32_769) }, 'body', 'must be at most 64 KB (UTF-8)'],
    [{ expect: [200] }, 'expect', 'must be an object of expectations'],
    [{ expect: { body_contain: 'ok' } }, 'expect', 'has fields no expectation is called: body_contain'],
    [{ expect: { status: [] } }, 'expect.status', 'must list at least one status code or class'],
    [{ expect: { status: '2xx' } }, 'expect.status', 'must be a list of status codes and classes'],
    [{ expect: { status: [200, 600] } }, 'expect.status.1', 'must be a status code from 100 to 599, or a class like "2xx"'],
    [{ expect: { status: ['6xx'] } }, 'expect.status.0', 'must be a status code from 100 to 599'],
    [{ expect: { status: [200.5] } }, 'expect.status.0', 'must be a status code from 100 to 599'],
    [{ expect: { status: Array.from({ length: 21 }, () => 200) } }, 'expect.status', 'must list at most 20 entries'],
    [{ expect: { body_contains: '' } }, 'expect.body_contains', 'must not be empty'],
    [{ expect: { body_not_contains: 'x'.repeat(1025) } }, 'expect.body_not_contains', 'must be at most 1024 characters'],
    [{ expect: { json: { path: '$.a', equals: 1 } } }, 'expect.json', 'must be a list of { path, equals }'],
    [{ expect: { json: [{ path: 'status', equals: 'ok' }] } }, 'expect.json.0.path', 'must start with $'],
    [{ expect: { json: [{ equals: 'ok' }] } }, 'expect.json.0.path', 'is required'],
    [{ expect: { json: [{ path: '$.a' }] } }, 'expect.json.0.equals', 'is required'],
    [{ expect: { json: [{ path: '$.a', equals: 'x'.repeat(1100) }] } }, 'expect.json.0.equals', 'must be at most 1024 characters as JSON'],
    [{ expect: { json: Array.from({ length: 21 }, () => ({ path: '$', equals: 1 })) } }, 'expect.json', 'must list at most 20 entries'],
    [{ expect: { max_response_ms: 0 } }, 'expect.max_response_ms', 'must be a whole number of milliseconds between 1 and 60000'],
    [{ expect: { max_response_ms: 1.5 } }, 'expect.max_response_ms', 'must be a whole number of milliseconds'],
    [{ retry_seconds: 4 }, 'retry_seconds', 'must be between 5 seconds and 1 hour'],
    [{ retry_seconds: '20' }, 'retry_seconds', 'must be a number'],
  ])('refuses %j, naming the field', (extra, field, message) => {
    const details = detailsFor(extra);
    expect(details).toHaveLength(1);
    expect(details[0]?.field).toBe(field);
    expect(details[0]?.message).toContain(message);
  });

  it('refuses a body without POST, and body expectations with HEAD', () => {
    expect(detailsFor({ body: 'x' })).toEqual([{ field: 'body', message: 'is sent only with POST: set method to POST, or leave body out' }]);
    expect(detailsFor({ method: 'HEAD', body: 'x', expect: { body_contains: 'a', json: [{ path: '$', equals: 1 }], status: [200] } })).toEqual([
      { field: 'body', message: 'is sent only with POST: set method to POST, or leave body out' },
      { field: 'expect.body_contains', message: 'needs a response body, and an answer to HEAD has none' },
      { field: 'expect.json', message: 'needs a response body, and an answer to HEAD has none' },
    ]);
  });

  it('refuses http-only fields on another type, naming each; retry_seconds applies to every type', () => {
    const tcp = { ...http, type: 'tcp', url: 'example.com:443' };
    expect(detailsFor({ method: 'GET', headers: {}, expect: { status: [200] }, retry_seconds: 10 }, tcp)).toEqual([
      { field: 'method', message: 'applies only to http monitors' },
      { field: 'headers', message: 'applies only to http monitors' },
      { field: 'expect', message: 'applies only to http monitors' },
    ]);
    expect(detailsFor({ retry_seconds: 10 }, tcp)).toEqual([]);
  });

  it('refuses a masked value on create: there is nothing stored behind it', () => {
    expect(detailsFor({ headers: { Authorization: `Bearer ${SECRET_MASK}` } })).toEqual([
      { field: 'headers.Authorization', message: 'is a masked value with no stored value behind it: send the real value' },
    ]);
  });

  it('leaves the cross-field rules of a PUT to the service, which merges with what is stored', () => {
    expect(checkInput(monitorUpdateInput, { ...http, body: 'x' })).toMatchObject({ ok: true });
    expect(httpCheckProblems('http', { method: 'POST', body: 'x' })).toEqual([]);
  });
});

describe('secret headers', () => {
  it.each(['Authorization', 'proxy-authorization', 'COOKIE', 'X-Api-Key', 'X-Auth-Token', 'Client-Secret', 'X-Password', 'Session-Id'])('treats %s as secret', (name) => {
    expect(isSecretHeader(name)).toBe(true);
  });

  it('treats other names as plain unless the user marks them', () => {
    expect(isSecretHeader('Accept')).toBe(false);
    expect(isSecretHeader('X-Tenant')).toBe(false);
    expect(isSecretHeader('x-tenant', ['X-Tenant'])).toBe(true);
  });

  it('masks a value whole, keeping only a known Authorization scheme and the end of a long secret', () => {
    expect(maskSecret('Authorization', 'Bearer abc.def')).toBe(`Bearer ${SECRET_MASK}`);
    expect(maskSecret('Authorization', 'abcdef')).toBe(SECRET_MASK);
    expect(maskSecret('X-Api-Key', 'Bearer abc')).toBe(SECRET_MASK);
    // A first word that is no known scheme may be the secret itself.
    expect(maskSecret('Authorization', 'hunter22 x')).toBe(SECRET_MASK);
    expect(maskSecret('Authorization', 'bearer 12345678')).toBe(`bearer ${SECRET_MASK}`);
    expect(maskSecret('Proxy-Authorization', 'Basic dXNlcjpwYXNz')).toBe(`Basic ${SECRET_MASK}`);
    // 24 characters or more: the last 4 tell tokens apart; 23 show nothing.
    expect(maskSecret('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x9Qz')).toBe(`Bearer ${SECRET_MASK}x9Qz`);
    expect(maskSecret('X-Api-Key', 'a'.repeat(20) + 'WXYZ')).toBe(`${SECRET_MASK}WXYZ`);
    expect(maskSecret('X-Api-Key', 'a'.repeat(19) + 'WXYZ')).toBe(SECRET_MASK);
    expect(maskSecret('X-Api-Key', '12345678')).toBe(SECRET_MASK);
    expect(maskSecret('Authorization', `DPoP ${'a'.repeat(20)}WXYZ`)).toBe(`DPoP ${SECRET_MASK}WXYZ`);
  });

  it('shows no end of credentials that are not one opaque token, which would reveal part of a password', () => {
    // base64 of "alice:correct-horse-battery": its last 4 characters decode to the password's last 3.
    const basic = Buffer.from('alice:correct-horse-battery').toString('base64');
    expect(maskSecret('Authorization', `Basic ${basic}`)).toBe(`Basic ${SECRET_MASK}`);
    expect(maskSecret('Proxy-Authorization', `basic ${basic}`)).toBe(`basic ${SECRET_MASK}`);
    const digest = 'Digest username="alice", realm="shop", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", response="6629fae49393a05397450978507c4ef1"';
    expect(maskSecret('Authorization', digest)).toBe(`Digest ${SECRET_MASK}`);
    expect(maskSecret('Authorization', `NTLM ${'T'.repeat(40)}`)).toBe(`NTLM ${SECRET_MASK}`);
    expect(maskSecret('Authorization', 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7')).toBe(`AWS4-HMAC-SHA256 ${SECRET_MASK}`);
    // An unknown first word may be the secret, and what follows it anything.
    expect(maskSecret('Authorization', `Custom alice:${'p'.repeat(24)}`)).toBe(SECRET_MASK);
    expect(maskSecret('Cookie', `sid=${'a'.repeat(24)}; theme=dark-long-value`)).toBe(SECRET_MASK);
    expect(maskSecretHeaders({ Cookie: 'sid=1', Accept: 'text/plain', 'X-Tenant': 't1' }, ['X-Tenant'])).toEqual({
      Cookie: SECRET_MASK,
      Accept: 'text/plain',
      'X-Tenant': SECRET_MASK,
    });
  });
});
