import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckAgents } from '../../../service/checks/http-agents.ts';
import { runCheck, type CheckOptions } from '../../../service/checks/run-check.ts';
import { startHttpTarget, startTcpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';
import { expiredTls, validTls } from './tls-fixtures.ts';

const agents = createCheckAgents();
const options: CheckOptions = { agents, timeoutMs: 2_000 };
const http = (url: string, extra: CheckOptions = {}) => runCheck({ type: 'http', url }, { ...options, ...extra });

describe('http check', () => {
  let target: HttpTarget;
  beforeAll(async () => {
    target = await startHttpTarget();
  });
  afterAll(async () => {
    await target.close();
    agents.http.destroy();
    agents.https.destroy();
  });

  it('is up on 200 and down on 503, following the target as it changes', async () => {
    expect(await http(target.url)).toMatchObject({ ok: true });
    target.setUp(false);
    expect(await http(target.url)).toMatchObject({ ok: false, error: 'HTTP 503' });
    target.setUp(true);
    const result = await http(`${target.url}/`);
    expect(result.ok).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(result.durationMs)).toBe(true);
  });

  it('sends a GET with the Vigil user agent', async () => {
    await http(target.url);
    expect(target.lastRequestHeaders()?.['user-agent']).toBe('Vigil-Monitor/1.0');
  });

  it('reuses a kept-alive connection for the next check of the same host', async () => {
    const before = target.connectionCount();
    await http(target.url);
    await http(target.url);
    expect(target.connectionCount() - before).toBeLessThanOrEqual(1);
  });

  it('follows relative redirects up to the limit of 5 by default', async () => {
    const before = target.requestCount();
    expect(await http(`${target.url}/redirect/5`)).toMatchObject({ ok: true });
    expect(target.requestCount() - before).toBe(6);
    expect(await http(`${target.url}/redirect/6`)).toEqual({
      ok: false,
      durationMs: expect.any(Number),
      error: 'too many redirects (more than 5)',
    });
  });

  it('takes the status after the redirects', async () => {
    target.setUp(false);
    try {
      expect(await http(`${target.url}/redirect/2`)).toMatchObject({ ok: false, error: 'HTTP 503' });
    } finally {
      target.setUp(true);
    }
  });

  it('gives up on a redirect loop and honours a lower limit', async () => {
    expect(await http(`${target.url}/loop`)).toMatchObject({ ok: false, error: 'too many redirects (more than 5)' });
    expect(await http(`${target.url}/redirect/2`, { maxRedirects: 1 })).toMatchObject({
      ok: false,
      error: 'too many redirects (more than 1)',
    });
  });

  it('follows an absolute redirect to another server', async () => {
    const other = await startHttpTarget();
    try {
      other.setUp(false);
      const location = encodeURIComponent(`${other.url}/`);
      expect(await http(`${target.url}/to?location=${location}`)).toMatchObject({ ok: false, error: 'HTTP 503' });
      expect(other.requestCount()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('does not follow a redirect to anything but http(s); the redirect is then the answer', async () => {
    const location = encodeURIComponent('ftp://127.0.0.1/file');
    expect(await http(`${target.url}/to?location=${location}`)).toMatchObject({ ok: true });
  });

  it('reads at most 64 KiB of a body and then drops the connection', async () => {
    const before = target.cutOffBodies();
    expect(await http(`${target.url}/big`)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(target.cutOffBodies()).toBe(before + 1), { timeout: 2_000 });
  });

  it('times out, redirects included, after the whole-check timeout', async () => {
    const result = await http(`${target.url}/to?location=%2Fhang`, { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, error: 'timed out after 0.2 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('reports a refused connection', async () => {
    const closed = await startTcpTarget();
    await closed.setUp(false);
    expect(await http(`http://127.0.0.1:${closed.port}/`)).toMatchObject({ ok: false, error: 'connection refused' });
  });

  it('refuses URLs that are not http(s)', async () => {
    expect(await http('ftp://127.0.0.1/')).toMatchObject({ ok: false, error: 'invalid URL "ftp://127.0.0.1/"' });
    expect(await http('not a url')).toMatchObject({ ok: false, error: 'invalid URL "not a url"' });
  });
});

describe('https check', () => {
  it('is up with a certificate it trusts', async () => {
    const target = await startHttpTarget({ tls: validTls });
    const trusting = { http: agents.http, https: new https.Agent({ ca: validTls.cert }) };
    try {
      expect(await http(target.url, { agents: trusting })).toMatchObject({ ok: true });
    } finally {
      trusting.https.destroy();
      await target.close();
    }
  });

  it('says why a certificate is refused', async () => {
    const selfSigned = await startHttpTarget({ tls: validTls });
    const expired = await startHttpTarget({ tls: expiredTls });
    const trustingExpired = { http: agents.http, https: new https.Agent({ ca: expiredTls.cert }) };
    try {
      expect(await http(selfSigned.url)).toMatchObject({ ok: false, error: 'TLS: self-signed certificate' });
      expect(await http(expired.url, { agents: trustingExpired })).toMatchObject({
        ok: false,
        error: 'TLS: certificate has expired',
      });
    } finally {
      trustingExpired.https.destroy();
      await selfSigned.close();
      await expired.close();
    }
  });

  it('reports https spoken to a plain http server as a TLS error', async () => {
    const plain = await startHttpTarget();
    try {
      const result = await http(`https://127.0.0.1:${plain.port}/`);
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/^TLS: /);
    } finally {
      await plain.close();
    }
  });
});

describe('http check deadline', () => {
  it('is released once the exchange is over, body included', async () => {
    const target = await startHttpTarget();
    const clock = new FakeClock();
    try {
      expect(await http(target.url, { clock })).toMatchObject({ ok: true });
      expect(await http(`${target.url}/big`, { clock })).toMatchObject({ ok: true });
      await vi.waitFor(() => expect(clock.pendingTimers).toBe(0), { timeout: 2_000 });
    } finally {
      await target.close();
    }
  });

  it('reports the timeout in seconds once the deadline passes', async () => {
    const target = await startHttpTarget();
    const clock = new FakeClock();
    try {
      const pending = http(`${target.url}/hang`, { clock, timeoutMs: 10_000 });
      clock.fireNext();
      expect(await pending).toMatchObject({ ok: false, error: 'timed out after 10 s' });
    } finally {
      await target.close();
    }
  });
});
