// The UptimeRobot adapter through a real SourceRequester against a local UptimeRobot (source-fakes/uptimerobot.ts):
// v3's pages followed by their cursor on the configured host only, and bounded; its rate limit on the test's clock;
// v2's form POST with its offset paging and its HTTP-200 refusals; every failure one sentence naming UptimeRobot.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { SourceRequester } from '../../../main/core/sources/source-request.ts';
import { systemClock } from '../../../common/clock.ts';
import { uptimerobotAdapterOn } from '../../../main/core/sources/uptimerobot-adapter.ts';
import { expectFailure } from '../api/fixtures.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startFakeUptimeRobot, type FakeMonitor, type FakeUptimeRobot } from '../../helpers/source-fakes/uptimerobot.ts';

const NOW = Date.parse('2026-11-29T08:00:00Z');

const monitors: FakeMonitor[] = [
  { id: 801, friendlyName: 'Shop', url: 'https://shop.example.com', type: 'HTTP', status: 'UP', currentStateDuration: 86_400, sslExpiryDateTime: '2026-12-09T08:00:00.000Z' },
  { id: 802, friendlyName: 'API', url: 'https://api.example.com/health', type: 'KEYWORD', status: 'DOWN', currentStateDuration: 7200 },
  { id: 803, friendlyName: 'Mail', url: 'mail.example.com', type: 'PORT', status: 'SEEMS_DOWN', port: 587 },
  { id: 804, friendlyName: 'Backups', url: 'https://heartbeat.uptimerobot.com/m804-secret', type: 'HEARTBEAT', status: 'PAUSED', interval: 86_400, currentStateDuration: 259_200 },
  { id: 805, friendlyName: 'New', url: 'https://new.example.com', type: 'HTTP', status: 'NOT_CHECKED' },
];

/** `count` monitors, all up, ids from 1. */
function many(count: number): FakeMonitor[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, friendlyName: `Site ${index + 1}`, url: `https://site${index + 1}.example.com`, type: 'HTTP', status: 'UP' }));
}

let fake: FakeUptimeRobot;
let clock: ManualClock;

beforeEach(async () => {
  clock = manualClock(NOW);
  fake = await startFakeUptimeRobot(clock, structuredClone(monitors));
});

afterEach(async () => {
  await fake.stop();
});

function requester(baseUrl = fake.origin, key: string = fake.key, ports: { maxAnswerBytes?: number } = {}): SourceRequester {
  return new SourceRequester({ kind: 'uptimerobot', baseUrl, key }, { fetch: quietFetch, clock, timeoutMs: 5000, ...ports });
}

function read(baseUrl = fake.origin, key: string = fake.key, ports: { maxAnswerBytes?: number } = {}) {
  return uptimerobotAdapterOn(clock).read(requester(baseUrl, key, ports), { kind: 'uptimerobot', baseUrl, key });
}

const host = () => new URL(fake.origin).host;
const summaries = (items: { name: string; health: string; state: string; summary: string }[]) => items.map(({ name, health, state, summary }) => ({ name, health, state, summary }));

const EXPECTED = [
  { name: 'Shop', health: 'ok', state: 'up', summary: 'Up for 1 d' },
  { name: 'API', health: 'critical', state: 'down', summary: 'Down for 2 h' },
  { name: 'Mail', health: 'warning', state: 'pending', summary: 'Seems down, being checked again' },
  { name: 'Backups', health: 'ok', state: 'paused', summary: 'Paused for 3 d' },
  { name: 'New', health: 'unknown', state: 'new', summary: 'Not checked yet' },
];

describe('v3', () => {
  it("follows the cursor page by page on the configured host, never to the host nextLink names", async () => {
    fake.pageSize = 2;
    const reading = await read();
    expect(fake.requests.map((request) => `${request.method} ${request.path}?${request.query}`)).toEqual(['GET /v3/monitors?', 'GET /v3/monitors?cursor=802', 'GET /v3/monitors?cursor=804']);
    expect(fake.requests.every((request) => request.headers.authorization === `Bearer ${fake.key}`)).toBe(true);
    expect(reading.issues).toEqual([]);
    expect(summaries(reading.items)).toEqual(EXPECTED);
    expect(reading.items[0]).toMatchObject({ id: '801', since: NOW - 86_400_000, certificateDaysLeft: 10, target: { type: 'http', url: 'https://shop.example.com' } });
    // A heartbeat's URL is the address its job pings: never shown.
    expect(reading.items[3]).toMatchObject({ kind: 'heartbeat', schedule: { periodSeconds: 86_400 } });
    expect(reading.items[3]?.target).toEqual({ type: 'heartbeat' });
  });

  it('takes a base URL that ends in /v3 as well', async () => {
    const reading = await read(`${fake.origin}/v3/`);
    expect(reading.items).toHaveLength(5);
    expect(fake.requests.map((request) => request.path)).toEqual(['/v3/monitors']);
  });

  it('reads an account with no monitors as no items', async () => {
    fake.monitors = [];
    expect(await read()).toEqual({ items: [], issues: [] });
  });

  it('reads 10 pages a poll at the most, and says the rest were not read', async () => {
    fake.monitors = many(12);
    fake.pageSize = 1;
    const reading = await read();
    expect(fake.requests).toHaveLength(10);
    expect(reading.items.map((item) => item.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(reading.issues).toEqual([{ path: [], message: 'UptimeRobot has more monitors than 10 pages; Vigil reads 10 a poll to keep within its rate limit, so the rest were not read' }]);
  });

  it("past the free plan's 10 requests a minute: rate-limited until the minute is over", async () => {
    fake.monitors = many(12);
    fake.pageSize = 1;
    await read();
    const info = await expectFailure(read(), 'rate-limited', fake.key);
    expect(info).toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(info.message).toBe('UptimeRobot is limiting requests for 1 min (HTTP 429): Too Many Requests.');
    clock.advance(60_000);
    expect((await read()).items).toHaveLength(10);
  });

  it('a wrong key is refused in words, and the key is in no message', async () => {
    const info = await expectFailure(read(fake.origin, 'u999-wrong-key-0000000000000000'), 'unauthorized', 'u999-wrong-key-0000000000000000');
    expect(info.message).toBe('UptimeRobot did not accept the API key (HTTP 401): Unauthorized.');
  });

  it('polls every 5 minutes by default, every minute at the most, and needs a key', () => {
    expect(uptimerobotAdapterOn(systemClock)).toMatchObject({ kind: 'uptimerobot', defaultPollMs: 300_000, minPollMs: 60_000 });
    expect(CONNECTION_KEY['uptimerobot']).toBe('required');
    expect(uptimerobotAdapterOn(systemClock).history).toBeUndefined();
  });
});

describe('v2, when the base URL ends in /v2', () => {
  it('posts getMonitors with the key in the form, page after page by offset', async () => {
    fake.monitors = [...structuredClone(monitors), ...many(60).map((monitor) => ({ ...monitor, id: monitor.id + 1000 }))];
    const reading = await read(`${fake.origin}/v2`);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v2/getMonitors', 'POST /v2/getMonitors']);
    expect(fake.requests.map((request) => Object.fromEntries(new URLSearchParams(request.body)))).toEqual([
      { format: 'json', offset: '0', limit: '50', api_key: fake.key },
      { format: 'json', offset: '50', limit: '50', api_key: fake.key },
    ]);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect(reading.issues).toEqual([]);
    expect(reading.items).toHaveLength(65);
    // v2 says no time in state, so no "for 2 h"; its numbers-as-strings read as numbers.
    expect(summaries(reading.items.slice(0, 5))).toEqual(EXPECTED.map((item) => ({ ...item, summary: item.summary.replace(/ for .*/, '') })));
    expect(reading.items[2]?.target).toEqual({ type: 'port', hostname: 'mail.example.com', port: 587 });
  });

  it("a wrong key, refused on HTTP 200 with stat \"fail\", is an error in words that never repeats the key", async () => {
    const wrong = 'u999-wrong-key-0000000000000000';
    const info = await expectFailure(read(`${fake.origin}/v2`, wrong), 'unauthorized', wrong);
    expect(info).toEqual({ kind: 'unauthorized', status: 200, message: 'UptimeRobot does not accept this API key: it is missing, mistyped or revoked.' });
  });
});

describe('failures, one sentence naming UptimeRobot', () => {
  it('429 with Retry-After from any request', async () => {
    fake.trouble({ kind: 'rate-limited', retryAfterSeconds: 20, body: '{"message":"Too Many Requests"}', headers: { 'content-type': 'application/json' } });
    const info = await expectFailure(read(), 'rate-limited', fake.key);
    expect(info).toMatchObject({ status: 429, retryAfterMs: 20_000, message: 'UptimeRobot is limiting requests for 20 s (HTTP 429): Too Many Requests.' });
  });

  it('a web page where the API should answer', async () => {
    fake.trouble({ kind: 'html', status: 200 });
    const info = await expectFailure(read(), 'protocol-error', fake.key);
    expect(info.message).toBe(`UptimeRobot at ${host()} answered GET /v3/monitors with a web page, not JSON; check the address.`);
    const legacy = await expectFailure(read(`${fake.origin}/v2`), 'protocol-error', fake.key);
    expect(legacy.message).toBe(`UptimeRobot at ${host()} answered POST /getMonitors with a web page, not JSON; check the address.`);
  });

  it("another service's JSON is refused by the reader, and nothing is shown", async () => {
    fake.trouble({ kind: 'other-json', body: { monitors: [] } });
    await expect(read()).rejects.toThrow(new SourceShapeError('This UptimeRobot answer has no monitors list.'));
    await expect(read(`${fake.origin}/v2`)).rejects.toThrow(new SourceShapeError('This UptimeRobot answer has no monitors list.'));
  });

  it('a body cut short', async () => {
    fake.trouble({ kind: 'cut-short' });
    const info = await expectFailure(read(), 'unreachable', fake.key);
    expect(info.message).toBe(`Could not reach UptimeRobot at ${host()}: the connection was closed before the answer was complete.`);
  });

  it('a huge answer, refused past the cap', async () => {
    fake.trouble({ kind: 'huge', bytes: 1024 * 1024, declareLength: true });
    const info = await expectFailure(read(fake.origin, fake.key, { maxAnswerBytes: 64 * 1024 }), 'protocol-error', fake.key);
    expect(info.message).toBe("UptimeRobot's answer to GET /v3/monitors is larger than 64 KiB, the most Vigil reads.");
  });
});
