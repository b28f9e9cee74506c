// The Healthchecks adapter through a real SourceRequester against a local Healthchecks (source-fakes/healthchecks.ts):
// what a poll asks and how, both kinds of key giving the same ids, a check's flips as its history, and every way the
// server can refuse or fail, each one sentence naming Healthchecks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { systemClock } from '../../../common/clock.ts';
import { healthchecksAdapterOn } from '../../../main/core/sources/healthchecks-adapter.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { SourceRequester } from '../../../main/core/sources/source-request.ts';
import { expectFailure } from '../api/fixtures.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startFakeHealthchecks, uniqueKeyOf, type FakeCheck, type FakeHealthchecks } from '../../helpers/source-fakes/healthchecks.ts';

const NIGHTLY = '5bf66975-d4c7-4bf5-bcc8-b8d8a82ea278';
const BACKUPS = '0b9c2a34-6f0e-4f43-9d0e-7f4b8f9a1c22';

const checks: FakeCheck[] = [
  {
    uuid: NIGHTLY,
    name: 'Nightly',
    slug: 'nightly',
    status: 'up',
    lastPing: '2026-11-29T07:40:00+00:00',
    nextPing: '2026-11-30T07:40:00+00:00',
    grace: 300,
    timeout: 86_400,
    flips: [
      { timestamp: '2026-11-29T07:40:00+00:00', up: 1 },
      { timestamp: '2026-11-28T07:50:00+00:00', up: 0 },
    ],
  },
  { uuid: BACKUPS, name: 'Backups', status: 'grace', lastPing: '2026-11-28T02:00:04+00:00', schedule: '0 2 * * *', tz: 'Europe/Riga', grace: 3600 },
];

let fake: FakeHealthchecks;
let clock: ManualClock;
const adapter = () => healthchecksAdapterOn(clock);

beforeEach(async () => {
  fake = await startFakeHealthchecks(structuredClone(checks));
  clock = manualClock(Date.parse('2026-11-29T08:00:00Z'));
});

afterEach(async () => {
  await fake.stop();
});

function requester(key: string | undefined = fake.readWriteKey, ports: { maxAnswerBytes?: number } = {}): SourceRequester {
  return new SourceRequester({ kind: 'healthchecks', baseUrl: fake.origin, key }, { fetch: quietFetch, clock, timeoutMs: 5000, ...ports });
}

const address = (key: string | undefined = fake.readWriteKey) => ({ kind: 'healthchecks' as const, baseUrl: fake.origin, key });
const host = () => new URL(fake.origin).host;

describe('a poll', () => {
  it('asks /api/v3/checks/ once with X-Api-Key and reads the heartbeats, on the given clock', async () => {
    const reading = await adapter().read(requester(), address());
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api/v3/checks/' });
    expect(fake.requests[0]?.headers).toMatchObject({ 'x-api-key': fake.readWriteKey, accept: 'application/json' });
    expect(reading.issues).toEqual([]);
    expect(reading.items.map(({ id, name, health, state, summary, webUrl }) => ({ id, name, health, state, summary, webUrl }))).toEqual([
      { id: uniqueKeyOf(NIGHTLY), name: 'Nightly', health: 'ok', state: 'up', summary: 'Last ping 20 min ago', webUrl: `${fake.origin}/checks/${NIGHTLY}/details/` },
      { id: uniqueKeyOf(BACKUPS), name: 'Backups', health: 'warning', state: 'late', summary: 'Late: last ping 1 d 5 h ago', webUrl: `${fake.origin}/checks/${BACKUPS}/details/` },
    ]);
    expect(reading.items[1]?.schedule).toEqual({ cron: '0 2 * * *', timeZone: 'Europe/Riga', graceSeconds: 3600, lastPingAt: Date.parse('2026-11-28T02:00:04Z') });
  });

  it('gives the same ids with the read-only key, which hides the uuids', async () => {
    const readWrite = await adapter().read(requester(), address());
    const readOnly = await adapter().read(requester(fake.readOnlyKey), address(fake.readOnlyKey));
    expect(readOnly.items.map((item) => item.id)).toEqual(readWrite.items.map((item) => item.id));
    // Without the uuid the check's own page cannot be named; the site is the nearest.
    expect(readOnly.items.map((item) => item.webUrl)).toEqual([fake.origin, fake.origin]);
  });

  it('reads an empty project as no items', async () => {
    fake.checks = [];
    expect(await adapter().read(requester(), address())).toEqual({ items: [], issues: [] });
  });

  it('polls every minute by default, every 30 s at the most, and needs a key', () => {
    expect(healthchecksAdapterOn(systemClock)).toMatchObject({ kind: 'healthchecks', defaultPollMs: 60_000, minPollMs: 30_000 });
    expect(CONNECTION_KEY['healthchecks']).toBe('required');
  });
});

describe('history', () => {
  it("is the check's flips, newest first, asked by the item's id whichever key is used", async () => {
    const expected = [
      { at: Date.parse('2026-11-29T07:40:00Z'), ok: true, change: true },
      { at: Date.parse('2026-11-28T07:50:00Z'), ok: false, change: true },
    ];
    expect(await adapter().history?.(requester(fake.readOnlyKey), address(fake.readOnlyKey), uniqueKeyOf(NIGHTLY))).toEqual(expected);
    expect(fake.requests.at(-1)?.path).toBe(`/api/v3/checks/${uniqueKeyOf(NIGHTLY)}/flips/`);
    fake.flipsAsBareList = true;
    expect(await adapter().history?.(requester(), address(), uniqueKeyOf(NIGHTLY))).toEqual(expected);
  });

  it('is empty for a check that never flipped, and not found for one that is gone', async () => {
    expect(await adapter().history?.(requester(), address(), uniqueKeyOf(BACKUPS))).toEqual([]);
    const gone = await expectFailure(adapter().history?.(requester(), address(), uniqueKeyOf('00000000-0000-4000-8000-000000000000')) ?? Promise.resolve(), 'not-found', fake.readWriteKey);
    expect(gone.message).toMatch(/^Healthchecks /);
  });
});

describe('refusals and failures, one sentence naming Healthchecks', () => {
  it('a wrong key, and one of the wrong length', async () => {
    const wrong = await expectFailure(adapter().read(requester('x'.repeat(32)), address('x'.repeat(32))), 'unauthorized', 'x'.repeat(32));
    expect(wrong.message).toBe('Healthchecks did not accept the API key (HTTP 401): wrong api key.');
    const short = await expectFailure(adapter().read(requester('short'), address('short')), 'unauthorized', 'short');
    expect(short.message).toBe('Healthchecks did not accept the API key (HTTP 401): missing api key.');
  });

  it('no key at all: nothing is sent', async () => {
    const info = await expectFailure(adapter().read(requester(''), address('')), 'unauthorized');
    expect(info.message).toBe('No API key is set for Healthchecks, so nothing was sent to it.');
    expect(fake.requests).toHaveLength(0);
  });

  it('429 with Retry-After is rate-limited, with how long to wait', async () => {
    fake.trouble({ kind: 'rate-limited', retryAfterSeconds: 90 });
    const info = await expectFailure(adapter().read(requester(), address()), 'rate-limited', fake.readWriteKey);
    expect(info).toMatchObject({ status: 429, retryAfterMs: 90_000 });
    expect(info.message).toBe('Healthchecks is limiting requests for 1 min 30 s: Healthchecks answered 429 with a non-JSON body.');
  });

  it('a web page where the API should answer', async () => {
    fake.trouble({ kind: 'html', status: 200 });
    const page = await expectFailure(adapter().read(requester(), address()), 'protocol-error', fake.readWriteKey);
    expect(page.message).toBe(`Healthchecks at ${host()} answered GET /api/v3/checks/ with a web page, not JSON; check the address.`);
    fake.trouble({ kind: 'html', status: 502 });
    const proxy = await expectFailure(adapter().read(requester(), address()), 'server-error', fake.readWriteKey);
    expect(proxy.message).toMatch(/^Healthchecks /);
  });

  it("another service's JSON is refused by the reader, and nothing is shown", async () => {
    fake.trouble({ kind: 'other-json', body: { status: 'ok' } });
    await expect(adapter().read(requester(), address())).rejects.toThrow(new SourceShapeError('This Healthchecks answer has no checks list.'));
  });

  it('a body cut short', async () => {
    fake.trouble({ kind: 'cut-short' });
    const info = await expectFailure(adapter().read(requester(), address()), 'unreachable', fake.readWriteKey);
    expect(info.message).toBe(`Could not reach Healthchecks at ${host()}: the connection was closed before the answer was complete.`);
  });

  it('a huge answer, refused past the cap', async () => {
    fake.trouble({ kind: 'huge', bytes: 1024 * 1024, declareLength: false });
    const info = await expectFailure(adapter().read(requester(fake.readWriteKey, { maxAnswerBytes: 64 * 1024 }), address()), 'protocol-error', fake.readWriteKey);
    expect(info.message).toBe("Healthchecks' answer to GET /api/v3/checks/ is larger than 64 KiB, the most Vigil reads.");
  });
});
