// The Uptime Kuma adapter through a real SourceRequester against a local Kuma answering as Kuma 2.x does: /metrics
// with the key as Basic's password (a wrong key and a spent rate limiter refused in words), a public status page and
// its beats without a key (an unknown slug, an ETag round trip, the beats as history), and each way Kuma or the proxy
// in front of it can fail said in one sentence naming it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { SourceRequester, type SourceAddress } from '../../../main/core/sources/source-request.ts';
import { uptimeKumaAdapter } from '../../../main/core/sources/uptime-kuma-adapter.ts';
import { expectFailure } from '../api/fixtures.ts';
import { manyMonitors, startFakeKuma, type FakeKuma } from '../../helpers/source-fakes/uptime-kuma.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';

let kuma: FakeKuma;
let clock: TrackingClock;

beforeEach(async () => {
  kuma = await startFakeKuma();
  clock = trackingClock();
});

afterEach(async () => {
  expect(clock.live(), 'timers left running').toBe(0);
  await kuma.close();
});

const withKey = (key = kuma.apiKey): SourceAddress => ({ kind: 'uptime-kuma', baseUrl: kuma.url, key });
const withPage = (page = 'main'): SourceAddress => ({ kind: 'uptime-kuma', baseUrl: kuma.url, page });
const requester = (address: SourceAddress, maxAnswerBytes?: number) =>
  new SourceRequester(address, { fetch: quietFetch, clock, timeoutMs: 5000, ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }) });
const read = (address: SourceAddress) => uptimeKumaAdapter.read(requester(address), address);
const host = () => new URL(kuma.url).host;
const paths = () => kuma.requests.map((request) => request.path);

it('polls every minute by default, at least 30 s apart, with an optional key', () => {
  expect(uptimeKumaAdapter).toMatchObject({ kind: 'uptime-kuma', defaultPollMs: 60_000, minPollMs: 30_000 });
  expect(CONNECTION_KEY['uptime-kuma']).toBe('optional');
});

describe('with an API key: /metrics', () => {
  it('reads every monitor, sending the key as the password of HTTP Basic', async () => {
    const reading = await read(withKey());
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: '1',
        name: 'API',
        kind: 'monitor',
        health: 'ok',
        state: 'up',
        summary: 'Up',
        responseMs: 123,
        certificateDaysLeft: 41,
        target: { type: 'http', url: 'https://api.example.com/health' },
        webUrl: `${kuma.url}/dashboard/1`,
      },
      { id: '2', name: 'DB', kind: 'monitor', health: 'critical', state: 'down', summary: 'Down', target: { type: 'port', hostname: 'db.internal', port: 5432 }, webUrl: `${kuma.url}/dashboard/2` },
    ]);
    expect(paths()).toEqual(['/metrics']);
    const basic = kuma.requests[0]?.headers.authorization?.replace(/^Basic /, '') ?? '';
    expect(Buffer.from(basic, 'base64').toString()).toBe(`:${kuma.apiKey}`);
  });

  it('reads a Kuma that has checked nothing since it started as no monitors', async () => {
    kuma.monitors = [];
    expect(await read(withKey())).toEqual({ items: [], issues: [] });
  });

  it('reads a large installation whole, and refuses an answer past the cap', async () => {
    kuma.monitors = manyMonitors(5000);
    const reading = await read(withKey());
    expect(reading.items).toHaveLength(5000);
    expect(reading.items.filter((item) => item.health === 'critical')).toHaveLength(100);
    const capped = requester(withKey(), 512 * 1024);
    const info = await expectFailure(uptimeKumaAdapter.read(capped, withKey()), 'protocol-error', kuma.apiKey);
    expect(info.message).toBe("Uptime Kuma's answer to GET /metrics is larger than 512 KiB, the most Vigil reads.");
  });

  it('a wrong key, and a right one once Kuma has spent its 60 requests a minute: the same bare 401', async () => {
    const wrong = await expectFailure(read(withKey('uk1_wrongwrongwrong')), 'unauthorized', 'uk1_wrongwrongwrong');
    expect(wrong.message).toBe('Uptime Kuma did not accept the API key: Uptime Kuma answered 401 with a non-JSON body.');
    kuma.apiRequestsLeft = 0;
    expect((await expectFailure(read(withKey()), 'unauthorized', kuma.apiKey)).message).toBe(wrong.message);
  });
});

describe('without a key: a public status page', () => {
  it('reads the monitors the page shows, standing as their newest beat says', async () => {
    const reading = await read(withPage('Main'));
    expect(reading.issues).toEqual([]);
    expect(reading.title).toBe('Main');
    expect(reading.items).toEqual([
      { id: '1', name: 'API', kind: 'monitor', health: 'ok', state: 'up', summary: 'Up', group: 'Services', responseMs: 123, target: { type: 'http' }, webUrl: `${kuma.url}/status/main` },
      {
        id: '2',
        name: 'DB',
        kind: 'monitor',
        health: 'critical',
        state: 'down',
        summary: 'Down',
        group: 'Services',
        since: Date.UTC(2026, 10, 29, 7, 40, 0, 456),
        target: { type: 'port' },
        webUrl: `${kuma.url}/status/main`,
      },
    ]);
    // The page first (it answers an unknown slug with a 404), then its beats; the slug lower-cased as Kuma does.
    expect(paths()).toEqual(['/api/status-page/main', '/api/status-page/heartbeat/main']);
    expect(kuma.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reads an empty page as no monitors', async () => {
    kuma.monitors = [];
    expect((await read(withPage())).items).toEqual([]);
  });

  it("sends Express' ETags back and reads the kept answers on 304s", async () => {
    const asker = requester(withPage());
    const first = await uptimeKumaAdapter.read(asker, withPage());
    expect(await uptimeKumaAdapter.read(asker, withPage())).toEqual(first);
    expect(kuma.requests.map((request) => request.headers['if-none-match'] === undefined)).toEqual([true, true, false, false]);
  });

  it('an unknown slug: the page Kuma does not have, and nothing more asked', async () => {
    const info = await expectFailure(read(withPage('status-of-nothing')), 'not-found');
    expect(info.message).toBe(`Uptime Kuma at ${host()} has no status page "status-of-nothing"; check the page's address (/status/status-of-nothing).`);
    expect(paths()).toEqual(['/api/status-page/status-of-nothing']);
  });

  it('neither key nor page, or a slug Kuma would refuse: said before anything is sent', async () => {
    const none = await expectFailure(read({ kind: 'uptime-kuma', baseUrl: kuma.url }), 'bad-request');
    expect(none.message).toBe('Uptime Kuma is read with an API key (all monitors) or through a public status page; set one of them for this source.');
    const bad = await expectFailure(read(withPage('../metrics')), 'bad-request');
    expect(bad.message).toBe('"../metrics" is not an Uptime Kuma status page slug: it has only letters, digits and single dashes.');
    expect(kuma.requests).toHaveLength(0);
  });

  it("gives a monitor's beats as its history, newest first, leaving out an aggregated bar's empty buckets", async () => {
    kuma.beats = { ...kuma.beats, '1': [0, { status: 2, time: '2026-11-29T07:38:00.000Z', msg: '', ping: null }, ...(kuma.beats['1'] ?? [])] };
    const address = withPage();
    expect(await uptimeKumaAdapter.history?.(requester(address), address, '1')).toEqual([
      { at: Date.UTC(2026, 10, 29, 7, 40, 0, 123), ok: true, responseMs: 123 },
      { at: Date.UTC(2026, 10, 29, 7, 39, 0, 1), ok: true, responseMs: 118 },
      { at: Date.UTC(2026, 10, 29, 7, 38), ok: false, detail: 'Pending: a check failed, Uptime Kuma was retrying' },
    ]);
    expect(await uptimeKumaAdapter.history?.(requester(address), address, '2')).toMatchObject([{ ok: false, detail: 'Down' }, { ok: false }, { ok: true, responseMs: 4 }]);
    expect(await uptimeKumaAdapter.history?.(requester(address), address, '99')).toEqual([]);
    // Read with a key alone, Kuma keeps no past Vigil can read.
    expect(await uptimeKumaAdapter.history?.(requester(withKey()), withKey(), '1')).toBeUndefined();
    expect(paths()).toEqual(['/api/status-page/heartbeat/main', '/api/status-page/heartbeat/main', '/api/status-page/heartbeat/main']);
  });
});

describe('Kuma, or the proxy in front of it, failing', () => {
  it("a reverse proxy's HTML error page", async () => {
    kuma.trouble = 'proxy-error';
    const info = await expectFailure(read(withKey()), 'server-error', kuma.apiKey);
    expect(info).toMatchObject({ status: 502, message: 'Uptime Kuma had an internal error: Uptime Kuma answered 502 with a non-JSON body.' });
  });

  it("Kuma's web app where its API should answer: the address has a path too many", async () => {
    const address: SourceAddress = { kind: 'uptime-kuma', baseUrl: `${kuma.url}/dashboard`, key: kuma.apiKey };
    const info = await expectFailure(uptimeKumaAdapter.read(requester(address), address), 'protocol-error', kuma.apiKey);
    expect(info.message).toBe(`Uptime Kuma at ${host()} answered GET /metrics with a web page, not Prometheus metrics; check the address.`);
  });

  it('429 with Retry-After: rate-limited, with how long to wait', async () => {
    kuma.trouble = 'rate-limited';
    const info = await expectFailure(read(withPage()), 'rate-limited');
    expect(info).toMatchObject({ status: 429, retryAfterMs: 45_000 });
    expect(info.message).toBe('Uptime Kuma is limiting requests for 45 s (HTTP 429): Too Many Requests.');
  });

  it('a body cut short, of /metrics and of a status page', async () => {
    kuma.trouble = 'cut';
    const expected = `Could not reach Uptime Kuma at ${host()}: the connection was closed before the answer was complete.`;
    expect((await expectFailure(read(withKey()), 'unreachable', kuma.apiKey)).message).toBe(expected);
    expect((await expectFailure(read(withPage()), 'unreachable')).message).toBe(expected);
  });
});
