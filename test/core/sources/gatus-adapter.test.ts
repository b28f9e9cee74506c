// The Gatus adapter through a real SourceRequester against a local Gatus (source-fakes/gatus.ts): the one request a
// poll makes (each endpoint's newest page of results), the optional token, an endpoint's results and events as its
// history, and every way the server can refuse or fail, each one sentence naming Gatus.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { gatusAdapter } from '../../../main/core/sources/gatus-adapter.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { SourceRequester } from '../../../main/core/sources/source-request.ts';
import { expectFailure } from '../api/fixtures.ts';
import { manualClock } from '../../helpers/manual-clock.ts';
import { startFakeGatus, type FakeGatus, type FakeGatusEndpoint, type FakeGatusResult } from '../../helpers/source-fakes/gatus.ts';

const token = 'gatus-token-7Hq2xVn9LpR4sT8wKc3M';
const START = Date.parse('2026-11-29T06:00:00Z');

/** `count` results a minute apart from START, passing unless `failing` says which fail. */
function results(count: number, failing: (index: number) => boolean = () => false): FakeGatusResult[] {
  return Array.from({ length: count }, (_, index) => {
    const ok = !failing(index);
    return {
      status: ok ? 200 : 503,
      hostname: 'example.org',
      duration: (40 + index) * 1_000_000,
      conditionResults: [{ condition: `[STATUS] (${ok ? 200 : 503}) == 200`, success: ok }],
      success: ok,
      timestamp: new Date(START + index * 60_000).toISOString(),
    };
  });
}

function endpoints(): FakeGatusEndpoint[] {
  return [
    // 30 results, the last 5 failing: a poll sees the newest 20.
    {
      name: 'Front End',
      group: 'core',
      results: results(30, (index) => index >= 25),
      events: [
        { type: 'START', timestamp: '2026-11-28T00:00:00Z' },
        { type: 'UNHEALTHY', timestamp: '2026-11-28T10:00:00Z' },
        { type: 'HEALTHY', timestamp: '2026-11-28T10:05:00Z' },
        { type: 'UNHEALTHY', timestamp: new Date(START + 25 * 60_000).toISOString() },
      ],
    },
    { name: 'db', results: [] },
  ];
}

let fake: FakeGatus;

beforeEach(async () => {
  fake = await startFakeGatus(endpoints());
});

afterEach(async () => {
  await fake.stop();
});

const clock = manualClock();

function requester(key?: string, ports: { maxAnswerBytes?: number } = {}): SourceRequester {
  return new SourceRequester({ kind: 'gatus', baseUrl: fake.origin, key }, { fetch: quietFetch, clock, timeoutMs: 5000, ...ports });
}

const address = (key?: string) => ({ kind: 'gatus' as const, baseUrl: fake.origin, key });
const host = () => new URL(fake.origin).host;

describe('a poll', () => {
  it("asks once for every endpoint with its 20 newest results, and reads each from its newest", async () => {
    const reading = await gatusAdapter.read(requester(), address());
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/endpoints/statuses', query: new URLSearchParams('page=1&pageSize=20') });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: 'core_front-end',
        name: 'Front End',
        kind: 'monitor',
        health: 'critical',
        state: 'down',
        summary: 'Failed: [STATUS] (503) == 200',
        group: 'core',
        since: START + 25 * 60_000,
        responseMs: 69,
        target: { hostname: 'example.org' },
        webUrl: `${fake.origin}/endpoints/core_front-end`,
      },
      { id: '_db', name: 'db', kind: 'monitor', health: 'unknown', state: 'new', summary: 'Not checked yet', webUrl: `${fake.origin}/endpoints/_db` },
    ]);
  });

  it('reads a Gatus with no endpoints as no items', async () => {
    fake.endpoints = [];
    expect(await gatusAdapter.read(requester(), address())).toEqual({ items: [], issues: [] });
  });

  it('polls every minute by default, every 30 s at the most; the token is optional', () => {
    expect(gatusAdapter).toMatchObject({ kind: 'gatus', defaultPollMs: 60_000, minPollMs: 30_000 });
    expect(CONNECTION_KEY['gatus']).toBe('optional');
  });
});

describe('the token', () => {
  it('goes as a bearer, and Gatus lets it in', async () => {
    fake.security = { tokens: [token], basic: { username: 'admin', password: 'secret' } };
    const reading = await gatusAdapter.read(requester(token), address(token));
    expect(reading.items).toHaveLength(2);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('a wrong one, or none where Gatus asks for a login, is refused in words', async () => {
    fake.security = { tokens: [token], basic: { username: 'admin', password: 'secret' } };
    const wrong = await expectFailure(gatusAdapter.read(requester('not-the-token'), address('not-the-token')), 'unauthorized', 'not-the-token');
    expect(wrong.message).toBe('Gatus did not accept the token (HTTP 401): Unauthorized.');
    const none = await expectFailure(gatusAdapter.read(requester(), address()), 'unauthorized');
    expect(none.message).toBe(`Gatus at ${host()} asks for a login (HTTP 401) and no token is set for it; add one of its API tokens (security.api.tokens) to this source.`);
  });
});

describe('history', () => {
  it("is the endpoint's results newest first, then its changes of state from before them", async () => {
    const history = (await gatusAdapter.history?.(requester(), address(), 'core_front-end')) ?? [];
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/endpoints/core_front-end/statuses', query: new URLSearchParams('page=1&pageSize=100') });
    expect(history).toHaveLength(32);
    expect(history[0]).toEqual({ at: START + 29 * 60_000, ok: false, responseMs: 69, detail: 'Failed: [STATUS] (503) == 200' });
    expect(history[29]).toEqual({ at: START, ok: true, responseMs: 40 });
    expect(history.slice(30)).toEqual([
      { at: Date.parse('2026-11-28T10:05:00Z'), ok: true, detail: 'Became healthy', change: true },
      { at: Date.parse('2026-11-28T10:00:00Z'), ok: false, detail: 'Became unhealthy', change: true },
    ]);
  });

  it('asks by the key, encoded, and an endpoint that is gone is not found', async () => {
    fake.endpoints = [{ name: 'a&b', group: 'x', results: results(1) }];
    expect(await gatusAdapter.history?.(requester(), address(), 'x_a&b')).toHaveLength(1);
    expect(fake.requests.at(-1)?.path).toBe('/api/v1/endpoints/x_a%26b/statuses');
    const gone = await expectFailure(gatusAdapter.history?.(requester(), address(), 'core_gone') ?? Promise.resolve(), 'not-found');
    expect(gone.message).toMatch(/^Gatus /);
  });
});

describe('failures, one sentence naming Gatus', () => {
  it('429 with Retry-After is rate-limited, with how long to wait', async () => {
    fake.trouble({ kind: 'rate-limited', retryAfterSeconds: 30 });
    const info = await expectFailure(gatusAdapter.read(requester(), address()), 'rate-limited');
    expect(info).toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(info.message).toMatch(/^Gatus is limiting requests for 30 s/);
  });

  it('a web page where the API should answer', async () => {
    fake.trouble({ kind: 'html', status: 200 });
    const info = await expectFailure(gatusAdapter.read(requester(), address()), 'protocol-error');
    expect(info.message).toBe(`Gatus at ${host()} answered GET /api/v1/endpoints/statuses?page=1&pageSize=20 with a web page, not JSON; check the address.`);
  });

  it("another service's JSON is refused by the reader, and nothing is shown", async () => {
    fake.trouble({ kind: 'other-json', body: { status: 'UP' } });
    await expect(gatusAdapter.read(requester(), address())).rejects.toThrow(new SourceShapeError('This Gatus answer is not a list of endpoints.'));
  });

  it('a body cut short', async () => {
    fake.trouble({ kind: 'cut-short' });
    const info = await expectFailure(gatusAdapter.read(requester(), address()), 'unreachable');
    expect(info.message).toBe(`Could not reach Gatus at ${host()}: the connection was closed before the answer was complete.`);
  });

  it('a huge answer, refused past the cap', async () => {
    fake.trouble({ kind: 'huge', bytes: 1024 * 1024, declareLength: true });
    const info = await expectFailure(gatusAdapter.read(requester(undefined, { maxAnswerBytes: 64 * 1024 }), address()), 'protocol-error');
    expect(info.message).toBe("Gatus' answer to GET /api/v1/endpoints/statuses?page=1&pageSize=20 is larger than 64 KiB, the most Vigil reads.");
  });
});
