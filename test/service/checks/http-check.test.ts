import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls, { type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckAgents, type CheckAgents } from '../../../service/checks/http-agents.ts';
import { runCheck, type CheckOptions } from '../../../service/checks/run-check.ts';
import { startHttpTarget, startTcpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';
import { selfSigned, testAuthority, type MintedCertificate, type TestAuthority } from '../../helpers/test-certificates.ts';

const agents = createCheckAgents();
const options: CheckOptions = { agents, timeoutMs: 2_000 };
const http = (url: string, extra: CheckOptions = {}) => runCheck({ type: 'http', url }, { ...options, ...extra });

describe('http check', () => {
  const target = startedForTests(() => startHttpTarget());
  afterAll(() => {
    agents.http.destroy();
    agents.https.destroy();
    agents.httpsIgnoringErrors.destroy();
  });

  it('is up on 200 and down on 503, following the target as it changes', async () => {
    expect(await http(target.current.url)).toMatchObject({ ok: true });
    target.current.setUp(false);
    expect(await http(target.current.url)).toMatchObject({ ok: false, error: 'HTTP 503' });
    target.current.setUp(true);
    const result = await http(`${target.current.url}/`);
    expect(result.ok).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(result.durationMs)).toBe(true);
  });

  it('sends a GET with the Vigil user agent', async () => {
    await http(target.current.url);
    expect(target.current.lastRequestHeaders()?.['user-agent']).toBe('Vigil-Monitor/1.0');
  });

  it('sends the same request at every check of a monitor, and to its new URL once that changes', async () => {
    // One request object, as a monitor's record is across its checks: what is worked out from it is kept with it.
    const request = { headers: { 'x-probe': 'kept' } };
    const check = (url: string) => runCheck({ type: 'http', url, http: request }, options);
    for (const url of [`${target.current.url}/redirect/1`, `${target.current.url}/redirect/1`, `${target.current.url}/`]) {
      const before = target.current.requestCount();
      expect(await check(url)).toMatchObject({ ok: true });
      expect(target.current.requestCount() - before).toBe(url.endsWith('/redirect/1') ? 2 : 1);
      expect(target.current.lastRequestHeaders()).toMatchObject({ 'x-probe': 'kept', 'user-agent': 'Vigil-Monitor/1.0' });
    }
  });

  it('reuses a kept-alive connection for the next check of the same host', async () => {
    const before = target.current.connectionCount();
    await http(target.current.url);
    // The check is judged before its body is drained; once drained, its connection is back in the pool.
    await vi.waitFor(() => expect(Object.values(agents.http.freeSockets).flat().length).toBeGreaterThan(0), { timeout: 10_000 });
    const afterFirst = target.current.connectionCount();
    await http(target.current.url);
    expect(afterFirst - before).toBeLessThanOrEqual(1);
    expect(target.current.connectionCount()).toBe(afterFirst);
  });

  it('follows relative redirects up to the limit of 5 by default', async () => {
    const before = target.current.requestCount();
    expect(await http(`${target.current.url}/redirect/5`)).toMatchObject({ ok: true });
    expect(target.current.requestCount() - before).toBe(6);
    expect(await http(`${target.current.url}/redirect/6`)).toEqual({
      ok: false,
      durationMs: expect.any(Number),
      error: 'too many redirects (more than 5)',
    });
  });

  it('takes the status after the redirects', async () => {
    target.current.setUp(false);
    try {
      expect(await http(`${target.current.url}/redirect/2`)).toMatchObject({ ok: false, error: 'HTTP 503' });
    } finally {
      target.current.setUp(true);
    }
  });

  it('gives up on a redirect loop and honours a lower limit', async () => {
    expect(await http(`${target.current.url}/loop`)).toMatchObject({ ok: false, error: 'too many redirects (more than 5)' });
    expect(await http(`${target.current.url}/redirect/2`, { maxRedirects: 1 })).toMatchObject({
      ok: false,
      error: 'too many redirects (more than 1)',
    });
  });

  it('follows an absolute redirect to another server', async () => {
    const other = await startHttpTarget();
    try {
      other.setUp(false);
      const location = encodeURIComponent(`${other.url}/`);
      expect(await http(`${target.current.url}/to?location=${location}`)).toMatchObject({ ok: false, error: 'HTTP 503' });
      expect(other.requestCount()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('does not follow a redirect to anything but http(s); the redirect is then the answer', async () => {
    const location = encodeURIComponent('ftp://127.0.0.1/file');
    expect(await http(`${target.current.url}/to?location=${location}`)).toMatchObject({ ok: true });
  });

  it('reads at most 64 KiB of a body and then drops the connection', async () => {
    const before = target.current.cutOffBodies();
    expect(await http(`${target.current.url}/big`)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(target.current.cutOffBodies()).toBe(before + 1), { timeout: 2_000 });
  });

  it('times out, redirects included, exactly when the whole-check timeout passes', async () => {
    const clock = new FakeClock();
    const before = target.current.requestCount();
    let settled = false;
    const pending = http(`${target.current.url}/to?location=%2Fhang`, { timeoutMs: 200, clock }).finally(() => (settled = true));
    // The redirect was followed: the second request is the one that hangs.
    await vi.waitFor(() => expect(target.current.requestCount()).toBe(before + 2), { timeout: 5_000, interval: 10 });
    await clock.advance(199);
    expect(settled).toBe(false);
    await clock.advance(1);
    expect(await pending).toMatchObject({ ok: false, error: 'timed out after 0.2 s' });
    expect(clock.pendingTimers).toBe(0);
  });

  it('times out on real timers too, never before the timeout', async () => {
    const result = await http(`${target.current.url}/hang`, { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, error: 'timed out after 0.2 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
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
  const DAY = 86_400_000;
  let authority: TestAuthority;
  let trusting: CheckAgents;
  const targets: HttpTarget[] = [];
  beforeAll(async () => {
    authority = await testAuthority();
    trusting = { ...agents, https: new https.Agent({ ca: authority.cert, keepAlive: true }), httpsIgnoringErrors: new https.Agent({ ca: authority.cert, rejectUnauthorized: false, keepAlive: true }) };
  });
  afterAll(async () => {
    trusting.https.destroy();
    trusting.httpsIgnoringErrors.destroy();
    await Promise.all(targets.map((target) => target.close()));
  });
  const serve = async (tls: MintedCertificate) => {
    const target = await startHttpTarget({ tls });
    targets.push(target);
    return target;
  };
  const check = (url: string, tls?: { ignore_errors?: boolean }) => runCheck({ type: 'http', url, http: { tls } }, { ...options, agents: trusting });
  /** Certificates carry whole seconds. */
  const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;

  it('is up with a certificate it trusts, and tells when it ends', async () => {
    const until = Date.now() + 5 * DAY;
    const target = await serve(await authority.issue(['127.0.0.1'], { until }));
    const result = await check(target.url);
    expect(result).toMatchObject({ ok: true, certificateExpiresAt: seconds(until) });
    expect(result.certificateWarning).toBeUndefined();
  });

  it('fails on a refused certificate with the reason in words', async () => {
    const now = Date.now();
    const expired = await serve(await authority.issue(['127.0.0.1'], { from: now - 90 * DAY, until: now - DAY }));
    const otherHost = await serve(await authority.issue(['other.example'], { until: now + 60 * DAY }));
    const ownKey = await serve(await selfSigned(['127.0.0.1']));
    expect(await check(expired.url)).toMatchObject({ ok: false, error: 'the certificate has expired', certificateExpired: true });
    // A host name mismatch carries the certificate: its end is known all the same.
    expect(await check(otherHost.url)).toMatchObject({ ok: false, error: 'the certificate is for other.example, not 127.0.0.1', certificateExpiresAt: seconds(now + 60 * DAY) });
    expect(await check(ownKey.url)).toMatchObject({ ok: false, error: 'the certificate is self-signed' });
    expect((await check(ownKey.url, { ignore_errors: false })).ok).toBe(false);
  });

  it('passes with a warning when certificate errors are ignored, on sockets apart from the verifying ones', async () => {
    const until = Date.now() + 30 * DAY;
    const target = await serve(await selfSigned(['127.0.0.1'], { until }));
    expect(await check(target.url, { ignore_errors: true })).toMatchObject({ ok: true, certificateWarning: 'the certificate is self-signed', certificateExpiresAt: seconds(until) });
    // The kept-alive socket that was never verified does not serve a monitor that verifies.
    expect(await check(target.url)).toMatchObject({ ok: false, error: 'the certificate is self-signed' });
    const good = await serve(await authority.issue(['127.0.0.1']));
    const result = await check(good.url, { ignore_errors: true });
    expect(result.ok).toBe(true);
    expect(result.certificateWarning).toBeUndefined();
  });

  it('judges the certificate of an https answer a plain http URL redirects to', async () => {
    const ownKey = await serve(await selfSigned(['127.0.0.1']));
    const plain = await startHttpTarget();
    targets.push(plain);
    const url = `${plain.url}/to?location=${encodeURIComponent(`${ownKey.url}/`)}`;
    expect(await check(url)).toMatchObject({ ok: false, error: 'the certificate is self-signed' });
    expect(await check(url, { ignore_errors: true })).toMatchObject({ ok: true, certificateWarning: 'the certificate is self-signed' });
  });

  it('shows the certificate on every new connection: no TLS session is resumed', async () => {
    const server = https.createServer(await authority.issue(['127.0.0.1']), (_request, response) => response.end('ok'));
    const resumed: boolean[] = [];
    server.on('secureConnection', (socket: TLSSocket) => resumed.push(socket.isSessionReused()));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const trustedBefore = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...trustedBefore, authority.cert]);
    // The service's agents, with no socket kept: each check makes a new connection.
    const fresh = createCheckAgents({ keepAlive: false });
    try {
      for (let round = 0; round < 3; round += 1) expect(await runCheck({ type: 'http', url }, { ...options, agents: fresh })).toMatchObject({ ok: true });
      expect(resumed).toEqual([false, false, false]);
    } finally {
      tls.setDefaultCACertificates(trustedBefore);
      fresh.https.destroy();
      server.close();
    }
  });

  it('reports https spoken to a plain http server as a TLS error', async () => {
    const plain = await startHttpTarget();
    targets.push(plain);
    const result = await http(`https://127.0.0.1:${plain.port}/`);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^TLS: /);
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
