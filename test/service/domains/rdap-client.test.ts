import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRdapClient, type RdapClientOptions } from '../../../service/domains/rdap-client.ts';
import { RdapLookupError, type RdapFailureReason } from '../../../service/domains/rdap-lookup-error.ts';
import { startRdapFixture, type RdapFixture } from '../../helpers/rdap-fixture.ts';
import { closedPort } from '../../helpers/local-targets.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';

const hourMs = 60 * 60 * 1000;

let fixture: RdapFixture;
let clock: ManualClock;

beforeEach(async () => {
  fixture = await startRdapFixture();
  clock = manualClock();
});

afterEach(async () => {
  await fixture.close();
});

function client(options: RdapClientOptions = {}) {
  return createRdapClient({ bootstrapUrl: fixture.bootstrapUrl, clock, allowHttp: true, ...options });
}

async function failure(promise: Promise<unknown>): Promise<RdapLookupError> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(RdapLookupError);
  return error as RdapLookupError;
}

async function expectReason(promise: Promise<unknown>, reason: RdapFailureReason): Promise<string> {
  const error = await failure(promise);
  expect(error.reason).toBe(reason);
  expect(error.message.length).toBeLessThan(200);
  return error.message;
}

function lookups(): string[] {
  return fixture.requests.map((request) => request.path).filter((path) => path !== '/dns.json');
}

function bootstrapLoads(): number {
  return fixture.requests.filter((request) => request.path === '/dns.json').length;
}

describe('createRdapClient: answers', () => {
  it('reads the expiry date and registrar, asking for RDAP JSON', async () => {
    fixture.setDomain('example.test', { expiresOn: '2026-11-28', registrar: 'Example Registrar, Inc.' });

    await expect(client().lookup('example.test')).resolves.toEqual({
      expiresOn: '2026-11-28',
      registrar: 'Example Registrar, Inc.',
    });
    expect(fixture.requests.at(-1)).toEqual({ path: '/rdap/domain/example.test', accept: 'application/rdap+json' });
  });

  it('takes the UTC calendar date of the expiration event', async () => {
    const events = (eventDate: string) => ({
      json: { objectClassName: 'domain', events: [{ eventAction: 'expiration', eventDate }] },
    });
    const rdap = client();
    fixture.behave('late.test', events('2026-11-28T22:30:00-05:00'));
    fixture.behave('early.test', events('2026-11-28T00:30:00+02:00'));
    fixture.behave('bare.test', events('2026-11-28'));
    fixture.behave('local.test', events('2026-11-28T23:59:59'));

    await expect(rdap.lookup('late.test')).resolves.toMatchObject({ expiresOn: '2026-11-29' });
    await expect(rdap.lookup('early.test')).resolves.toMatchObject({ expiresOn: '2026-11-27' });
    await expect(rdap.lookup('bare.test')).resolves.toMatchObject({ expiresOn: '2026-11-28' });
    await expect(rdap.lookup('local.test')).resolves.toMatchObject({ expiresOn: '2026-11-28' });
  });

  it('leaves out what the registry does not publish', async () => {
    fixture.setDomain('bare.test', {});

    const info = await client().lookup('bare.test');

    expect(info.expiresOn).toBeUndefined();
    expect(info.registrar).toBeUndefined();
  });

  it('finds the registrar in nested entities, falling back to its handle', async () => {
    const registrant = { objectClassName: 'entity', handle: 'R1', roles: ['registrant'] };
    fixture.behave('nested.test', {
      json: {
        objectClassName: 'domain',
        entities: [
          {
            ...registrant,
            entities: [{ handle: 'REG-42', roles: ['abuse', 'Registrar'], vcardArray: ['vcard', [['version', {}, 'text', '4.0']]] }],
          },
        ],
      },
    });
    fixture.behave('named.test', {
      json: {
        entities: [
          registrant,
          { handle: 'REG-7', roles: ['registrar'], vcardArray: ['vcard', [['fn', {}, 'text', '  Named Registrar  ']]] },
        ],
      },
    });

    await expect(client().lookup('nested.test')).resolves.toMatchObject({ registrar: 'REG-42' });
    await expect(client().lookup('named.test')).resolves.toMatchObject({ registrar: 'Named Registrar' });
  });
});

describe('createRdapClient: bootstrap', () => {
  it('uses the longest matching suffix, with or without a slash at the end of the base URL', async () => {
    fixture.setDomain('shop.co.uk', { expiresOn: '2027-01-01' });
    fixture.setDomain('shop.uk', { expiresOn: '2027-02-02' });
    const rdap = client();

    await expect(rdap.lookup('shop.co.uk')).resolves.toMatchObject({ expiresOn: '2027-01-01' });
    await expect(rdap.lookup('shop.uk')).resolves.toMatchObject({ expiresOn: '2027-02-02' });
    expect(lookups()).toEqual(['/rdap-co-uk/domain/shop.co.uk', '/rdap-uk/domain/shop.uk']);
  });

  it('rejects a TLD no service covers as unsupported, without asking anyone', async () => {
    const message = await expectReason(client().lookup('example.zz'), 'unsupported-tld');

    expect(message).toContain('.zz');
    expect(lookups()).toEqual([]);
  });

  it('keeps the bootstrap for its TTL and shares one load between concurrent lookups', async () => {
    fixture.setDomain('a.test', { expiresOn: '2027-01-01' });
    fixture.setDomain('b.test', { expiresOn: '2027-01-01' });
    const rdap = client({ bootstrapTtlMs: 24 * hourMs });

    await Promise.all([rdap.lookup('a.test'), rdap.lookup('b.test'), rdap.lookup('a.test')]);
    clock.advance(24 * hourMs - 1);
    await rdap.lookup('b.test');
    expect(bootstrapLoads()).toBe(1);

    clock.advance(1);
    await rdap.lookup('b.test');
    expect(bootstrapLoads()).toBe(2);
  });

  it('sees a changed bootstrap after the TTL', async () => {
    fixture.setDomain('moved.example', { expiresOn: '2027-03-03' });
    const rdap = client({ bootstrapTtlMs: hourMs });
    await rdap.lookup('moved.example');

    fixture.setServices([[['example'], ['/rdap-uk']]]);
    clock.advance(hourMs);
    await rdap.lookup('moved.example');

    expect(lookups()).toEqual(['/rdap/domain/moved.example', '/rdap-uk/domain/moved.example']);
  });

  it('keeps the previous copy when a refresh fails, and retries within the hour, not on every lookup', async () => {
    fixture.setDomain('kept.test', { expiresOn: '2027-04-04' });
    const rdap = client({ bootstrapTtlMs: 24 * hourMs });
    await rdap.lookup('kept.test');

    fixture.behaveBootstrap({ status: 503 });
    clock.advance(24 * hourMs);
    await expect(rdap.lookup('kept.test')).resolves.toMatchObject({ expiresOn: '2027-04-04' });
    await rdap.lookup('kept.test');
    expect(bootstrapLoads()).toBe(2);

    fixture.behaveBootstrap(undefined);
    fixture.setServices([]);
    clock.advance(hourMs);
    await expectReason(rdap.lookup('kept.test'), 'unsupported-tld');
    expect(bootstrapLoads()).toBe(3);
  });

  it('fails a lookup when there is no bootstrap yet, and tries again on the next one', async () => {
    fixture.setDomain('first.test', { expiresOn: '2027-05-05' });
    fixture.behaveBootstrap({ status: 500 });
    const rdap = client();

    const message = await expectReason(rdap.lookup('first.test'), 'unreachable');
    expect(message).toContain('could not load the list of registries: 127.0.0.1');

    fixture.behaveBootstrap({ status: 404 });
    await expectReason(rdap.lookup('first.test'), 'unreachable');
    fixture.behaveBootstrap('html');
    await expectReason(rdap.lookup('first.test'), 'bad-response');
    fixture.behaveBootstrap({ json: { services: 'none' } });
    await expectReason(rdap.lookup('first.test'), 'bad-response');

    fixture.behaveBootstrap(undefined);
    await expect(rdap.lookup('first.test')).resolves.toMatchObject({ expiresOn: '2027-05-05' });
  });

  it('times out a bootstrap that never answers', async () => {
    fixture.behaveBootstrap('stall');
    const lookup = client({ timeoutMs: 5_000 }).lookup('stalled.test');
    await fixture.waitForRequests(1);

    clock.advance(5_000);

    await expectReason(lookup, 'timeout');
  });

  it('refuses plain http unless allowHttp is set', async () => {
    const message = await expectReason(client({ allowHttp: false }).lookup('example.test'), 'bad-response');

    expect(message).toContain('non-https');
    expect(fixture.requests).toEqual([]);
  });

  it('treats a TLD whose services are all plain http as unsupported when http is not allowed', async () => {
    fixture.setServices([[['test'], [`${fixture.origin}/rdap/`]]]);
    // The bootstrap itself is fetched through a fetch that rewrites https to the loopback fixture.
    const viaFixture: typeof fetch = (input, init) =>
      fetch(String(input).replace('https://bootstrap.invalid', fixture.origin), init);
    const rdap = client({ allowHttp: false, bootstrapUrl: 'https://bootstrap.invalid/dns.json', fetch: viaFixture });

    await expectReason(rdap.lookup('example.test'), 'unsupported-tld');
  });
});

describe('createRdapClient: failures', () => {
  it.each([
    [{ status: 429 }, 'rate-limited', 'HTTP 429'],
    [{ status: 500 }, 'unreachable', 'HTTP 500'],
    [{ status: 502 }, 'unreachable', 'HTTP 502'],
    [{ status: 403 }, 'bad-response', 'HTTP 403'],
    ['html', 'bad-response', 'not JSON'],
    ['huge', 'bad-response', 'larger than 1048576 bytes'],
    ['huge-declared', 'bad-response', 'larger than 1048576 bytes'],
    [{ json: [1, 2, 3] }, 'bad-response', 'not an RDAP domain object'],
    [{ json: 'domain' }, 'bad-response', 'not an RDAP domain object'],
    [{ json: { events: { eventAction: 'expiration' } } }, 'bad-response', 'not a list'],
    [{ json: { events: [{ eventAction: 'expiration', eventDate: 'next Tuesday' }] } }, 'bad-response', 'next Tuesday'],
    [{ json: { events: [{ eventAction: 'expiration', eventDate: '2026-02-30T00:00:00Z' }] } }, 'bad-response', '2026-02-30'],
  ] as const)('maps %j to %s', async (behaviour, reason, detail) => {
    fixture.setDomain('broken.test', { expiresOn: '2027-01-01' });
    fixture.behave('broken.test', behaviour);

    expect(await expectReason(client().lookup('broken.test'), reason)).toContain(detail);
  });

  it('says not-found for a domain the registry does not know', async () => {
    await expectReason(client().lookup('unregistered.test'), 'not-found');
  });

  it('caps the body at maxBytes', async () => {
    fixture.setDomain('small.test', { expiresOn: '2027-01-01', registrar: 'R' });

    await expectReason(client({ maxBytes: 100 }).lookup('small.test'), 'bad-response');
    await expect(client({ maxBytes: 1000 }).lookup('small.test')).resolves.toMatchObject({ registrar: 'R' });
  });

  it('times out a server that never answers, after timeoutMs and not before', async () => {
    fixture.behave('stall.test', 'stall');
    let settled = false;
    const lookup = client({ timeoutMs: 15_000 }).lookup('stall.test');
    void lookup.finally(() => (settled = true)).catch(() => undefined);
    await fixture.waitForRequests(2);

    clock.advance(14_999);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    clock.advance(1);

    const message = await expectReason(lookup, 'timeout');
    expect(message).toContain('15 s');
  });

  it('says unreachable when nothing listens', async () => {
    fixture.setServices([[['test'], [`http://127.0.0.1:${await closedPort()}/rdap/`]]]);

    const message = await expectReason(client().lookup('gone.test'), 'unreachable');
    expect(message).toMatch(/^could not reach 127\.0\.0\.1:\d+ \(connection refused\)$/);
  });

  it('says in plain words that the list of registries could not be loaded from a host that is not found', async () => {
    // `.invalid` never resolves (RFC 2606): a computer without DNS says so as a failed lookup instead.
    const message = await expectReason(client({ bootstrapUrl: 'https://data.invalid/rdap/dns.json' }).lookup('example.test'), 'unreachable');
    expect(message).toMatch(/^could not load the list of registries: could not reach data\.invalid \((host not found|DNS lookup failed.*)\)$/);
  });

  it('follows up to 3 redirects, and no more', async () => {
    fixture.setDomain('hops.test', { expiresOn: '2027-06-06' });
    fixture.behave('hops.test', { redirects: 3 });
    const rdap = client();

    await expect(rdap.lookup('hops.test')).resolves.toMatchObject({ expiresOn: '2027-06-06' });
    expect(lookups()).toEqual([
      '/rdap/domain/hops.test',
      '/hop/1/rdap/domain/hops.test',
      '/hop/2/rdap/domain/hops.test',
      '/hop/3/rdap/domain/hops.test',
    ]);

    fixture.behave('hops.test', { redirects: 4 });
    const message = await expectReason(rdap.lookup('hops.test'), 'bad-response');
    expect(message).toContain('redirects');
    expect(lookups()).toHaveLength(8);
  });

  it('refuses a redirect to a non-https address', async () => {
    fixture.behave('downgrade.test', { redirectTo: 'ftp://127.0.0.1/rdap/domain/downgrade.test' });

    const message = await expectReason(client().lookup('downgrade.test'), 'bad-response');
    expect(message).toContain('non-https');
  });

  it('rejects with the caller’s reason when the caller cancels', async () => {
    fixture.behave('cancelled.test', 'stall');
    const controller = new AbortController();
    const lookup = client().lookup('cancelled.test', { signal: controller.signal });
    await fixture.waitForRequests(2);

    controller.abort(new Error('shutting down'));

    await expect(lookup).rejects.toThrow('shutting down');
  });

  it('refuses a name that is not a lower-case ASCII domain', async () => {
    await expect(client().lookup('Example.TEST')).rejects.toThrow(TypeError);
    await expect(client().lookup('../admin')).rejects.toThrow(TypeError);
  });
});
