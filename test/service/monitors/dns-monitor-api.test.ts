// Monitors of type dns over the real API (docs/api-decisions.md §16, "Monitors of type dns"): stored, returned,
// kept by a PUT that leaves `dns` out, every bad field a 400 naming it, and checked by the service against a real
// DNS server on loopback (test/helpers/dns-resolver.ts) — down with the exact reason, up again, across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsResolver, type DnsResolver } from '../../helpers/dns-resolver.ts';
import { advanceUntilMatch, checksFinished, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

type Monitor = Record<string, unknown> & { id: string };

let resolver: DnsResolver;
const clock = manualClock(Date.now());
let service: TestService;

beforeAll(async () => {
  resolver = await startDnsResolver({
    'example.com': { A: ['192.0.2.7', '192.0.2.8'], MX: [{ priority: 10, exchange: 'mail.example.com' }] },
  });
  // One failure is down: the tests see a status change at the first check, without waiting for a re-check.
  service = await startTestService({ failuresToConfirmDown: 1 }, { clock });
});
afterAll(async () => {
  await service.stop();
  await resolver.close();
});

/** Every query names the loopback resolver: nothing leaves the machine. */
const lookup = (record: string, more: Record<string, unknown> = {}) => ({ record, resolver: resolver.address, ...more });
const dnsMonitor = (more: Record<string, unknown> = {}) => ({
  name: 'Mail routing',
  type: 'dns',
  url: 'example.com',
  frequency: 600,
  dns: lookup('MX', { expect: ['10 mail.example.com'] }),
  ...more,
});

async function create(body: Record<string, unknown>): Promise<Monitor> {
  const created = await service.api('/monitors', { method: 'POST', body });
  expect(created.status, created.text).toBe(201);
  return created.json as Monitor;
}

const read = async (id: string) => (await service.api(`/monitors/${id}`)).json as Monitor;

/**
 * Moves `on`'s clock until the monitor's answer matches `expected`: a new or changed monitor is checked within 5 s
 * of service time, and its answer follows within the store's batch.
 */
function checked(id: string, expected: Record<string, unknown>, on: { service: TestService; clock: ManualClock } = { service, clock }): Promise<Monitor> {
  const answer = async () => (await on.service.api(`/monitors/${id}`)).json as Monitor;
  return advanceUntilMatch(on.clock, answer, expected, { maxSeconds: 10, settled: () => checksFinished(on.service.scheduler) });
}
const put = (id: string, body: Record<string, unknown>) => service.api(`/monitors/${id}`, { method: 'PUT', body });

function detailsOf(response: { status: number; json: unknown }): { field: string; message: string }[] {
  expect(response.status).toBe(400);
  expect(response.json).toMatchObject({ error: { code: 'validation_failed' } });
  return (response.json as { error: { details: { field: string; message: string }[] } }).error.details;
}

const fieldsOf = (response: { status: number; json: unknown }) => detailsOf(response).map((detail) => detail.field);

describe('a dns monitor', () => {
  it('is created, read, listed and deleted with its lookup, and no http fields', async () => {
    const created = await create(dnsMonitor());
    expect(created).toMatchObject({
      name: 'Mail routing',
      type: 'dns',
      url: 'example.com',
      dns: { record: 'MX', expect: ['10 mail.example.com'], resolver: resolver.address },
      retry_seconds: 20,
      last_status: 'unknown',
    });
    for (const field of ['method', 'headers', 'expect', 'body', 'secret_headers']) expect(created).not.toHaveProperty(field);
    expect(await read(created.id)).toEqual(created);
    const listed = (await service.api('/monitors?limit=1000')).json as Monitor[];
    expect(listed.find((monitor) => monitor.id === created.id)).toEqual(created);

    expect((await service.api(`/monitors/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.api(`/monitors/${created.id}`)).status).toBe(404);
  });

  it('keeps its text as sent, trimmed, and the expectation in the form it was given', async () => {
    const created = await create(dnsMonitor({ url: '  _dmarc.Example.com. ', dns: { record: 'TXT', expect: '  v=DMARC1 ', resolver: ` ${resolver.address} ` } }));
    expect(created).toMatchObject({ url: '_dmarc.Example.com.', dns: { record: 'TXT', expect: 'v=DMARC1', resolver: resolver.address } });
    const bare = await create(dnsMonitor({ dns: { record: 'NS' } }));
    expect(bare.dns).toEqual({ record: 'NS' });
  });

  it('keeps its lookup through a PUT that leaves dns out (a spec-only client) or echoes the monitor', async () => {
    const created = await create(dnsMonitor());
    const renamed = await put(created.id, { name: 'Renamed', type: 'dns', url: 'example.com', frequency: 600 });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Renamed', dns: created.dns });
    const echoed = await put(created.id, { ...(renamed.json as Monitor), name: 'Echoed' });
    expect(echoed.status).toBe(200);
    expect(echoed.json).toMatchObject({ name: 'Echoed', dns: created.dns });
  });

  it('replaces its lookup with a PUT that sends one, and drops it when it becomes another type', async () => {
    const created = await create(dnsMonitor());
    const changed = await put(created.id, { ...created, dns: lookup('A', { expect: '192.0.2.7' }) });
    expect(changed.status).toBe(200);
    expect((changed.json as Monitor).dns).toEqual({ record: 'A', expect: '192.0.2.7', resolver: resolver.address });
    const moved = await put(created.id, { name: 'Now TCP', type: 'tcp', url: '127.0.0.1:9', frequency: 600 });
    expect(moved.status).toBe(200);
    expect(moved.json).not.toHaveProperty('dns');
    const back = await put(created.id, { name: 'DNS again', type: 'dns', url: 'example.com', frequency: 600 });
    expect(detailsOf(back)).toEqual([{ field: 'dns', message: 'is required for a dns monitor: an object with record, and optionally expect and resolver' }]);
  });

  it('turns an http monitor into a dns one, dropping its request and expectations', async () => {
    const web = await create({ name: 'Web', type: 'http', url: 'http://127.0.0.1:9/', frequency: 600, method: 'POST', body: 'x', headers: { A: 'b' } });
    const moved = await put(web.id, { name: 'Web', type: 'dns', url: 'example.com', frequency: 600, dns: lookup('A') });
    expect(moved.status).toBe(200);
    for (const field of ['method', 'headers', 'expect', 'body']) expect(moved.json).not.toHaveProperty(field);
    expect((moved.json as Monitor).dns).toEqual(lookup('A'));
  });
});

describe('bad fields of a dns monitor', () => {
  it.each<[string, Record<string, unknown>, { field: string; message: string }[]]>([
    ['an IP address as url', { url: '192.0.2.1' }, [{ field: 'url', message: 'must be a host name to look up, not an IP address' }]],
    ['a url with a path', { url: 'example.com/x' }, [{ field: 'url', message: 'must be a host name, like example.com or _dmarc.example.com' }]],
    ['no dns', { dns: undefined }, [{ field: 'dns', message: 'is required for a dns monitor: an object with record, and optionally expect and resolver' }]],
    ['dns as text', { dns: 'MX' }, [{ field: 'dns', message: 'must be an object with record, and optionally expect and resolver' }]],
    ['dns as null', { dns: null }, [{ field: 'dns', message: 'must be an object with record, and optionally expect and resolver' }]],
    ['a misspelt field in dns', { dns: { record: 'A', expected: '192.0.2.7' } }, [{ field: 'dns', message: 'must hold only record, expect and resolver, not "expected"' }]],
    ['no record', { dns: { expect: '192.0.2.7' } }, [{ field: 'dns.record', message: 'is required' }]],
    ['an unknown record', { dns: { record: 'SRV' } }, [{ field: 'dns.record', message: 'must be one of: A, AAAA, CNAME, MX, TXT, NS' }]],
    ['a name expected of an A record', { dns: { record: 'A', expect: 'mail.example.com' } }, [{ field: 'dns.expect', message: 'must be an IPv4 address, like 192.0.2.1' }]],
    ['an empty expect list', { dns: { record: 'TXT', expect: [] } }, [{ field: 'dns.expect', message: 'must not be an empty list' }]],
    ['a resolver by name', { dns: { record: 'A', resolver: 'dns.google' } }, [{ field: 'dns.resolver', message: expect.stringContaining("must be the resolver's IP address (not a host name)") as unknown as string }]],
    ['an http field', { method: 'GET' }, [{ field: 'method', message: 'applies only to http monitors' }]],
  ])('refuses %s on create, naming the field', async (_case, change, details) => {
    expect(detailsOf(await service.api('/monitors', { method: 'POST', body: dnsMonitor(change) }))).toEqual(details);
  });

  it('refuses every http-only field, naming each', async () => {
    const response = await service.api('/monitors', { method: 'POST', body: dnsMonitor({ method: 'GET', headers: { A: 'b' }, secret_headers: [], body: 'x', expect: {} }) });
    expect(fieldsOf(response)).toEqual(['method', 'headers', 'secret_headers', 'body', 'expect']);
  });

  it('reports several bad fields at once: a missing dns with a bad name, a bad expectation with a bad resolver', async () => {
    expect(fieldsOf(await service.api('/monitors', { method: 'POST', body: dnsMonitor({ name: '', dns: undefined }) }))).toEqual(['name', 'dns']);
    const both = dnsMonitor({ dns: { record: 'AAAA', expect: '192.0.2.7', resolver: 'resolver.local' } });
    expect(fieldsOf(await service.api('/monitors', { method: 'POST', body: both }))).toEqual(['dns.resolver', 'dns.expect']);
  });

  it('refuses dns on another type', async () => {
    const response = await service.api('/monitors', { method: 'POST', body: { name: 'Port', type: 'tcp', url: '127.0.0.1:9', frequency: 60, dns: lookup('A') } });
    expect(detailsOf(response)).toEqual([{ field: 'dns', message: 'applies only to dns monitors' }]);
  });

  it('refuses on PUT what it refuses on create, and a null that would leave a dns monitor without its lookup', async () => {
    const created = await create(dnsMonitor());
    expect(fieldsOf(await put(created.id, { ...created, dns: null }))).toEqual(['dns']);
    expect(fieldsOf(await put(created.id, { ...created, dns: { record: 'MX', expect: '10' } }))).toEqual(['dns.expect']);
    expect(fieldsOf(await put(created.id, { ...created, url: '2001:db8::1' }))).toEqual(['url']);
    expect(fieldsOf(await put(created.id, { ...created, body: 'x' }))).toEqual(['body']);
    const web = await create({ name: 'Web', type: 'http', url: 'http://127.0.0.1:9/', frequency: 600 });
    expect(fieldsOf(await put(web.id, { ...web, dns: lookup('A') }))).toEqual(['dns']);
    expect(await read(created.id)).toMatchObject({ dns: created.dns });
  });
});

describe('the service checking a dns monitor', () => {
  it('is up when the answer holds what is expected, down with the reason when not, and up again', async () => {
    const created = await create(dnsMonitor({ name: 'Web address', dns: lookup('A', { expect: '192.0.2.7' }) }));
    await checked(created.id, { last_status: 'up', last_checked_at: expect.any(String) });
    expect(await read(created.id)).not.toHaveProperty('last_error');
    expect(resolver.questions()).toContain('A example.com');

    // A new lookup is a new target: its status starts afresh and it is checked within seconds.
    const aaaa = await put(created.id, { ...created, dns: lookup('AAAA') });
    expect(aaaa.json).toMatchObject({ last_status: 'unknown' });
    expect(aaaa.json).not.toHaveProperty('last_checked_at');
    await checked(created.id, { last_status: 'down', last_error: 'no AAAA record for example.com' });
    const history = (await service.api(`/monitors/${created.id}/checks`)).json as { error?: string }[];
    expect(history[0]).toMatchObject({ error: 'no AAAA record for example.com' });

    const wrong = await put(created.id, { ...created, dns: lookup('A', { expect: ['192.0.2.9', '192.0.2.7'] }) });
    expect(wrong.status).toBe(200);
    await checked(created.id, { last_error: 'A example.com: expected 192.0.2.9 and 192.0.2.7, got 192.0.2.7, 192.0.2.8' });

    await put(created.id, { ...created, dns: lookup('A', { expect: '192.0.2.8' }) });
    await checked(created.id, { last_status: 'up', last_response_time_ms: expect.any(Number) });
    expect(await read(created.id)).not.toHaveProperty('last_error');
  });

  it('keeps its status through a PUT that keeps the lookup, given in another key order', async () => {
    const created = await create(dnsMonitor({ name: 'Steady', dns: lookup('MX', { expect: 'mail.example.com' }) }));
    await checked(created.id, { last_status: 'up' });
    const { resolver: address, expect: expected, record } = created.dns as Record<string, unknown>;
    const renamed = await put(created.id, { ...created, name: 'Steady 2', dns: { resolver: address, expect: expected, record } });
    expect(renamed.json).toMatchObject({ name: 'Steady 2', last_status: 'up', last_checked_at: expect.any(String) });
  });
});

describe('a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-dns-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the lookup and the latest check, and the monitor goes on being checked with it', async () => {
    // Service time goes on across the restart.
    const restartClock = manualClock(Date.now());
    const first = await startTestService({ dataDir, failuresToConfirmDown: 1 }, { clock: restartClock });
    let before: Monitor;
    try {
      const created = await first.api('/monitors', { method: 'POST', body: dnsMonitor({ dns: lookup('AAAA', { expect: '2001:db8::1' }) }) });
      const id = (created.json as Monitor).id;
      await checked(id, { last_error: 'no AAAA record for example.com' }, { service: first, clock: restartClock });
      before = (await first.api(`/monitors/${id}`)).json as Monitor;
    } finally {
      await first.stop();
    }
    const second = await startTestService({ dataDir, failuresToConfirmDown: 1 }, { clock: restartClock });
    try {
      const after = (await second.api(`/monitors/${before.id}`)).json as Monitor;
      expect(after).toEqual(before);
      expect(after).toMatchObject({ last_status: 'down', dns: { record: 'AAAA', expect: '2001:db8::1', resolver: resolver.address } });
      // A new url, dns left out: checked within seconds, with the lookup read back from the disk.
      const moved = await second.api(`/monitors/${before.id}`, { method: 'PUT', body: { name: 'Mail routing', type: 'dns', url: 'EXAMPLE.com', frequency: 600 } });
      expect(moved.status).toBe(200);
      await checked(before.id, { last_error: 'no AAAA record for EXAMPLE.com' }, { service: second, clock: restartClock });
    } finally {
      await second.stop();
    }
  });
});
