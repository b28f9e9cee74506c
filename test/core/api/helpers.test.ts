// The client's pure helpers: Retry-After, redaction, the server's message, page hints, address checks.
import { describe, expect, it } from 'vitest';
import { clientErrorInfo, MonitoringClientError } from '../../../main/core/api/client-error.ts';
import { serverMessage, validationDetailsOf } from '../../../main/core/api/error-message.ts';
import { networkFailureReason } from '../../../main/core/api/network-error.ts';
import { pageHints } from '../../../main/core/api/page-hints.ts';
import { formatBytes } from '../../../main/core/api/read-body.ts';
import { redact } from '../../../main/core/api/redact.ts';
import { maxRetryAfterMs, parseRetryAfter } from '../../../main/core/api/retry-after.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { statusErrorInfo } from '../../../main/core/api/status-error.ts';
import { checkBaseUrl, isLoopbackHost, isSendableToken } from '../../../main/core/api/token-safety.ts';
import { testToken } from './fixtures.ts';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['30', 30_000],
    [' 0 ', 0],
    ['Sat, 21 Nov 2026 12:00:45 GMT', 45_000],
    ['Saturday, 21-Nov-26 12:01:00 GMT', 60_000],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['99999999999999999999', maxRetryAfterMs],
  ])('reads %j as %i ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it.each([null, undefined, '', '-5', '1.5', 'soon', 'Sat, not a date'])('ignores %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});

describe('redact', () => {
  it('removes every spelling of each secret', () => {
    const secret = 'abc+/=def"x';
    const text = `raw ${secret}, encoded ${encodeURIComponent(secret)}, json ${JSON.stringify(secret)}, again ${secret}`;
    expect(redact(text, [secret])).toBe('raw [redacted], encoded [redacted], json "[redacted]", again [redacted]');
  });

  it('leaves text without secrets alone and skips absent or tiny secrets', () => {
    expect(redact('nothing to see', [testToken, undefined, 'a'])).toBe('nothing to see');
  });
});

describe('serverMessage', () => {
  const json = (body: unknown) => ({ text: JSON.stringify(body), contentType: 'application/json' });
  it.each([
    [{ error: { code: 'x', message: 'From error.message' }, message: 'not this' }, 'From error.message'],
    [{ type: 'about:blank', title: 'Title', detail: 'From detail' }, 'From detail'],
    [{ title: 'From title' }, 'From title'],
    [{ message: 'Top level' }, 'Top level'],
    [{ error: 'Plain error string' }, 'Plain error string'],
  ])('takes %j', (body, expected) => {
    expect(serverMessage(json(body), [])).toBe(expected);
  });

  it('has nothing for HTML, empty, message-less or very long text bodies', () => {
    expect(serverMessage({ text: '<html>Bad gateway</html>', contentType: 'text/html' }, [])).toBeUndefined();
    expect(serverMessage({ text: '<h1>oops</h1>', contentType: null }, [])).toBeUndefined();
    expect(serverMessage({ text: '  ', contentType: 'text/plain' }, [])).toBeUndefined();
    expect(serverMessage(json({ error: { code: 'x' } }), [])).toBeUndefined();
    expect(serverMessage({ text: 'x'.repeat(1000), contentType: 'text/plain' }, [])).toBeUndefined();
  });

  it('makes a short text body one tidy line, cut to length, without the token', () => {
    expect(serverMessage({ text: 'Gateway\r\n\ttimeout\u0007', contentType: 'text/plain' }, [])).toBe('Gateway timeout');
    const long = serverMessage(json({ message: `${'word '.repeat(60)}${testToken}` }), [testToken]) ?? '';
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
    expect(serverMessage(json({ message: `bad token ${testToken}` }), [testToken])).toBe('bad token [redacted]');
  });
});

describe('validationDetailsOf', () => {
  it('keeps well-formed details, an absent field as the whole body', () => {
    const body = { error: { details: [{ field: 'name', message: 'is required' }, { message: 'must be an object' }, { field: 'x' }, 'junk'] } };
    expect(validationDetailsOf(JSON.stringify(body), [])).toEqual([
      { field: 'name', message: 'is required' },
      { field: '', message: 'must be an object' },
    ]);
  });

  it('has none for other shapes', () => {
    expect(validationDetailsOf('{"error":{"details":[]}}', [])).toBeUndefined();
    expect(validationDetailsOf('{"details":[{"field":"a","message":"b"}]}', [])).toBeUndefined();
    expect(validationDetailsOf('not json', [])).toBeUndefined();
  });
});

describe('statusErrorInfo', () => {
  const failed = (status: number, text: string | undefined, headers: Record<string, string> = {}) =>
    statusErrorInfo({ status, request: 'GET /monitors', headers: new Headers(headers), body: text === undefined ? undefined : { text, contentType: null }, nowMs: now, secrets: [testToken] });

  it('words each status as one sentence', () => {
    expect(failed(404, '{"error":{"message":"No monitor mon_1."}}').message).toBe('The server has nothing at GET /monitors (HTTP 404): No monitor mon_1.');
    expect(failed(502, '')).toEqual({ kind: 'server-error', status: 502, message: 'The server had an internal error: the server answered 502 with a non-JSON body.' });
    expect(failed(429, undefined, { 'retry-after': '7200' })).toEqual({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 7_200_000,
      message: 'The server is limiting requests for 2 h: the server answered 429 with a non-JSON body.',
    });
  });

  it('gives Retry-After only for 429 and 5xx', () => {
    expect(failed(503, '', { 'retry-after': '3' }).retryAfterMs).toBe(3000);
    expect(failed(400, '', { 'retry-after': '3' }).retryAfterMs).toBeUndefined();
  });
});

describe('formatting', () => {
  it.each([
    [300, '300 ms'],
    [15_000, '15 s'],
    [600_000, '10 min'],
    [86_400_000, '24 h'],
  ])('formatDuration(%i, \'wait\') is %s', (ms, text) => {
    expect(formatDuration(ms, 'wait')).toBe(text);
  });

  it('formatBytes', () => {
    expect([formatBytes(32 * 1024 * 1024), formatBytes(64 * 1024), formatBytes(1000)]).toEqual(['32 MiB', '64 KiB', '1000 bytes']);
  });

  it('networkFailureReason follows the cause chain', () => {
    const wrapped = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) });
    expect(networkFailureReason(wrapped('ECONNREFUSED'))).toBe('the connection was refused');
    expect(networkFailureReason(wrapped('CERT_HAS_EXPIRED'))).toBe('its TLS certificate was not accepted (CERT_HAS_EXPIRED)');
    expect(networkFailureReason(wrapped('EWEIRD'))).toBe('the connection failed (EWEIRD)');
    expect(networkFailureReason(new Error('no code'))).toBe('the connection failed');
  });
});

describe('pageHints', () => {
  it('finds rel="next" among other links, quoted or not', () => {
    expect(pageHints(new Headers({ link: '</m?page=1>; rel="prev", </m?page=3>; rel="next"' })).next).toBe(true);
    expect(pageHints(new Headers({ link: '</m?page=3>; rel=next' })).next).toBe(true);
    expect(pageHints(new Headers({ link: '</m?page=3>; rel="next last"' })).next).toBe(true);
    expect(pageHints(new Headers({ link: '</m?page=1>; rel="prev"' })).next).toBe(false);
    expect(pageHints(new Headers()).next).toBe(false);
  });

  it('reads X-Total-Count when it is a whole number', () => {
    expect(pageHints(new Headers({ 'x-total-count': '2500' })).total).toBe(2500);
    expect(pageHints(new Headers({ 'x-total-count': 'lots' })).total).toBeUndefined();
  });
});

describe('token safety', () => {
  it.each(['127.0.0.1', '127.255.0.9', 'localhost', 'LOCALHOST', '[::1]', '[::ffff:7f00:1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['128.0.0.1', '10.0.0.1', '[::2]', '[::ffff:a00:1]', 'localhost.example', 'example.com', '0.0.0.0'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('normalises the base URL, and refuses plain http off this machine', () => {
    expect(checkBaseUrl('https://vigil.example/api/')).toEqual({ ok: true, base: 'https://vigil.example/api' });
    expect(checkBaseUrl('http://127.1:8731/api?x=1#y')).toEqual({ ok: true, base: 'http://127.0.0.1:8731/api' });
    expect(checkBaseUrl('https://vigil.example')).toEqual({ ok: true, base: 'https://vigil.example' });
    expect(checkBaseUrl('http://vigil.example/api')).toMatchObject({ ok: false, info: { kind: 'insecure' } });
    expect(checkBaseUrl('http://[::ffff:10.0.0.1]/api')).toMatchObject({ ok: false, info: { kind: 'insecure' } });
  });

  it('sends only tokens that fit in a header', () => {
    expect(isSendableToken(testToken)).toBe(true);
    expect(isSendableToken('two words')).toBe(false);
    expect(isSendableToken('line\nbreak')).toBe(false);
    expect(isSendableToken('tökén')).toBe(false);
  });
});

describe('clientErrorInfo', () => {
  it('passes a client error through and turns anything else into one sentence', () => {
    const info = { kind: 'timeout', message: 'The server did not answer GET /domains within 15 s.' } as const;
    expect(clientErrorInfo(new MonitoringClientError(info))).toBe(info);
    expect(clientErrorInfo(new TypeError(`boom ${testToken}`))).toEqual({ kind: 'protocol-error', message: 'The request failed unexpectedly inside Vigil.' });
  });
});
