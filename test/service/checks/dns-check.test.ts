// The dns check against a real DNS server on loopback (test/helpers/dns-resolver.ts): every record type up and
// down with its exact sentence, NXDOMAIN, no record, each failing answer code, silence, a closed port, an IPv6
// resolver, a CNAME chain and an answer too big for UDP. No query ever leaves the machine: each names its resolver.
import dgram from 'node:dgram';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DnsCheckSpec } from '../../../common/api/dns-check-input.ts';
import { backgroundClock, type Clock } from '../../../common/clock.ts';
import { checkDns } from '../../../service/checks/dns-check.ts';
import { startDnsResolver, type DnsResolver, type ResolverMode, type Zone } from '../../helpers/dns-resolver.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';

const longTxt = Array.from({ length: 8 }, (_, index) => String(index).repeat(250));

const zone: Zone = {
  'example.com': {
    A: ['192.0.2.7', '192.0.2.8'],
    AAAA: ['2001:db8::1', '2001:db8::2'],
    MX: [
      { priority: 20, exchange: 'backup.example.net' },
      { priority: 10, exchange: 'mail.example.com' },
    ],
    TXT: ['v=spf1 include:_spf.example.net -all', ['google-site-verification=', 'abc123']],
    NS: ['ns1.example.com', 'ns2.example.net'],
  },
  'mail.example.com': { A: ['192.0.2.25'] },
  'www.example.com': { CNAME: 'web.example.com' },
  'web.example.com': { CNAME: 'host.example.net' },
  'host.example.net': { A: ['192.0.2.80'] },
  'dangling.example.com': { CNAME: 'gone.example.com' },
  'many.example.com': { A: ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5', '192.0.2.6', '192.0.2.7'] },
  // Eight strings of 250 bytes: more than the 1232 bytes c-ares takes over UDP, so it asks again over TCP.
  'big.example.com': { TXT: [longTxt] },
  '_dmarc.example.com': { TXT: ['v=DMARC1; p=reject'] },
};

let resolver: DnsResolver;

function check(host: string, spec: DnsCheckSpec, timeoutMs = 2_000, clock: Clock = backgroundClock) {
  return checkDns(host, { resolver: resolver.address, ...spec }, { clock, timeoutMs });
}

/** A loopback UDP port nothing listens on: the kernel answers a datagram with "port unreachable". */
async function closedUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address();
  socket.close();
  await once(socket, 'close');
  return port;
}

beforeAll(async () => {
  resolver = await startDnsResolver(zone);
});
afterAll(async () => {
  await resolver.close();
});

describe('dns check: records that are there', () => {
  it.each<[string, string, DnsCheckSpec['expect']]>([
    ['A', 'example.com', undefined],
    ['A', 'example.com', '192.0.2.8'],
    ['A', 'example.com', ['192.0.2.8', '192.0.2.7']],
    ['AAAA', 'example.com', undefined],
    ['AAAA', 'example.com', '2001:DB8:0:0::2'],
    ['CNAME', 'www.example.com', 'WEB.example.com.'],
    ['MX', 'example.com', 'mail.example.com'],
    ['MX', 'example.com', '10 Mail.Example.Com.'],
    ['MX', 'example.com', ['20 backup.example.net', 'mail.example.com']],
    ['TXT', 'example.com', 'v=spf1'],
    ['TXT', 'example.com', 'verification=abc1'],
    ['TXT', '_dmarc.example.com', 'p=reject'],
    ['NS', 'example.com', ['NS2.example.net', 'ns1.example.com.']],
    ['NS', 'EXAMPLE.COM.', undefined],
  ])('%s %s expecting %j is up', async (record, host, expected) => {
    const result = await check(host, { record: record as DnsCheckSpec['record'], expect: expected });
    expect(result).toEqual({ ok: true, durationMs: expect.any(Number) });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('follows a CNAME chain to the addresses, as the resolver sends them in one answer', async () => {
    const before = resolver.questions().length;
    expect(await check('www.example.com', { record: 'A', expect: '192.0.2.80' })).toMatchObject({ ok: true });
    expect(resolver.questions().slice(before)).toEqual(['A www.example.com']);
  });

  it('joins the strings of a TXT record, and takes an answer too big for UDP over TCP', async () => {
    const tcpBefore = resolver.tcpQueryCount();
    expect(await check('big.example.com', { record: 'TXT', expect: `${'6'.repeat(250)}7` })).toMatchObject({ ok: true });
    expect(resolver.tcpQueryCount()).toBe(tcpBefore + 1);
  });
});

describe('dns check: answers that do not hold what is expected', () => {
  it.each<[DnsCheckSpec['record'], string, DnsCheckSpec['expect'], string]>([
    ['A', 'example.com', '192.0.2.10', 'A example.com: expected 192.0.2.10, got 192.0.2.7, 192.0.2.8'],
    [
      'A',
      'example.com',
      ['192.0.2.7', '192.0.2.10'],
      'A example.com: expected 192.0.2.7 and 192.0.2.10, got 192.0.2.7, 192.0.2.8',
    ],
    ['A', 'mail.example.com', '192.0.2.10', 'A mail.example.com: expected 192.0.2.10, got 192.0.2.25'],
    ['AAAA', 'example.com', '2001:db8::9', 'AAAA example.com: expected 2001:db8::9, got 2001:db8::1, 2001:db8::2'],
    ['CNAME', 'www.example.com', 'host.example.net', 'CNAME www.example.com: expected host.example.net, got web.example.com'],
    [
      'MX',
      'example.com',
      'mx.example.org',
      'MX example.com: expected mx.example.org, got 10 mail.example.com, 20 backup.example.net',
    ],
    [
      'MX',
      'example.com',
      '20 mail.example.com',
      'MX example.com: expected 20 mail.example.com, got 10 mail.example.com, 20 backup.example.net',
    ],
    [
      'TXT',
      'example.com',
      'v=spf1 ~all',
      'TXT example.com: expected text containing "v=spf1 ~all", got "v=spf1 include:_spf.example.net -all", "google-site-verification=abc123"',
    ],
    ['TXT', '_dmarc.example.com', 'P=REJECT', 'TXT _dmarc.example.com: expected text containing "P=REJECT", got "v=DMARC1; p=reject"'],
    ['NS', 'example.com', 'ns3.example.com', 'NS example.com: expected ns3.example.com, got ns1.example.com, ns2.example.net'],
    [
      'A',
      'many.example.com',
      '192.0.2.9',
      'A many.example.com: expected 192.0.2.9, got 192.0.2.1, 192.0.2.2, 192.0.2.3, 192.0.2.4, 192.0.2.5 and 2 more',
    ],
    [
      'TXT',
      'big.example.com',
      'x',
      `TXT big.example.com: expected text containing "x", got "${'0'.repeat(59)}…"`,
    ],
  ])('%s %s expecting %j is down', async (record, host, expected, error) => {
    const result = await check(host, { record, expect: expected });
    expect(result).toEqual({ ok: false, durationMs: expect.any(Number), error });
  });
});

describe('dns check: names and records that are not there', () => {
  it('says a name that does not exist is NXDOMAIN', async () => {
    expect(await check('nope.example.com', { record: 'A' })).toMatchObject({
      ok: false,
      error: 'nope.example.com does not exist (NXDOMAIN)',
    });
  });

  it('says a CNAME that points nowhere is NXDOMAIN', async () => {
    expect(await check('dangling.example.com', { record: 'A' })).toMatchObject({
      ok: false,
      error: 'dangling.example.com does not exist (NXDOMAIN)',
    });
  });

  it.each<[DnsCheckSpec['record'], string]>([
    ['MX', 'mail.example.com'],
    ['AAAA', 'mail.example.com'],
    ['CNAME', 'example.com'],
    ['TXT', 'mail.example.com'],
    ['NS', 'mail.example.com'],
    // At the end of the CNAME chain there is no AAAA: the answer is the chain alone.
    ['AAAA', 'www.example.com'],
  ])('says there is no %s record for %s', async (record, host) => {
    expect(await check(host, { record, expect: undefined })).toMatchObject({
      ok: false,
      error: `no ${record} record for ${host}`,
    });
  });
});

describe('dns check: resolvers that fail', () => {
  it.each<[ResolverMode, (address: string) => string]>([
    ['SERVFAIL', (address) => `SERVFAIL from ${address}`],
    ['REFUSED', (address) => `the resolver ${address} refused the query (REFUSED)`],
    ['FORMERR', (address) => `the resolver ${address} could not read the query (FORMERR)`],
    ['NOTIMP', (address) => `the resolver ${address} does not answer A queries (NOTIMP)`],
    ['garbled', (address) => `the resolver ${address} sent an answer that could not be read`],
  ])('reports an answer of %s with the resolver that gave it', async (mode, error) => {
    resolver.setMode(mode);
    try {
      expect(await check('example.com', { record: 'A' })).toMatchObject({ ok: false, error: error(resolver.address) });
    } finally {
      resolver.setMode('answer');
    }
  });

  it('gives up on a silent resolver at the deadline', async () => {
    resolver.setMode('silent');
    try {
      const result = await check('example.com', { record: 'A' }, 300);
      expect(result).toMatchObject({ ok: false, error: `the resolver ${resolver.address} did not answer within 0.3 s` });
      expect(result.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      resolver.setMode('answer');
    }
  });

  it('settles when the clock says the deadline passed, and leaves no timer behind', async () => {
    resolver.setMode('silent');
    try {
      const clock = new FakeClock();
      const asked = resolver.questions().length;
      let settled = false;
      const pending = check('example.com', { record: 'A' }, 5_000, clock).finally(() => (settled = true));
      // The question reached the silent resolver; the deadline, not the first answer, decides now.
      await vi.waitFor(() => expect(resolver.questions().length).toBeGreaterThan(asked), { timeout: 5_000, interval: 10 });
      await clock.advance(4_999);
      expect(settled).toBe(false);
      await clock.advance(1);
      expect(await pending).toMatchObject({ ok: false, error: `the resolver ${resolver.address} did not answer within 5 s` });
      expect(clock.pendingTimers).toBe(0);
    } finally {
      resolver.setMode('answer');
    }
    const clock = new FakeClock();
    expect(await check('example.com', { record: 'A' }, 5_000, clock)).toMatchObject({ ok: true });
    expect(clock.pendingTimers).toBe(0);
  });

  it('says so when nothing listens on the resolver port', async () => {
    const address = `127.0.0.1:${await closedUdpPort()}`;
    expect(await check('example.com', { record: 'A', resolver: address })).toMatchObject({
      ok: false,
      error: `the resolver ${address} refused the connection (no DNS server on that port)`,
    });
  });

  it('refuses a resolver address it cannot use', async () => {
    expect(await check('example.com', { record: 'A', resolver: 'dns.example.com' })).toMatchObject({
      ok: false,
      error: 'invalid resolver address "dns.example.com"',
    });
  });

  it('refuses a record type it does not know (a stored row newer than the code)', async () => {
    const record = 'SRV' as DnsCheckSpec['record'];
    expect(await check('example.com', { record })).toMatchObject({ ok: false, error: 'unknown DNS record type "SRV"' });
  });
});

describe('dns check: a resolver on IPv6', () => {
  it('asks a resolver at [::1]:port', async (context) => {
    let resolver6: DnsResolver;
    try {
      resolver6 = await startDnsResolver(zone, { host: '::1' });
    } catch (error) {
      const reason = `loopback IPv6 (::1) is not available here: ${(error as Error).message}`;
      console.warn(`skipped: ${reason}`);
      context.skip(reason);
      return;
    }
    try {
      expect(resolver6.address).toMatch(/^\[::1\]:\d+$/);
      const settings = { clock: backgroundClock, timeoutMs: 2_000 };
      expect(await checkDns('example.com', { record: 'AAAA', expect: '2001:db8::1', resolver: resolver6.address }, settings)).toMatchObject({
        ok: true,
      });
      resolver6.setMode('SERVFAIL');
      expect(await checkDns('example.com', { record: 'A', resolver: resolver6.address }, settings)).toMatchObject({
        ok: false,
        error: `SERVFAIL from ${resolver6.address}`,
      });
    } finally {
      await resolver6.close();
    }
  });
});
