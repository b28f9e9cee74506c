// The status page adapter through a real SourceRequester against a local page answering as Statuspage and Instatus
// do: the summary read, the Instatus path found after Statuspage's 404 and remembered, an ETag round trip, and each
// way a page can fail said in one sentence naming it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { SourceRequester } from '../../../main/core/sources/source-request.ts';
import { statuspageAdapter } from '../../../main/core/sources/statuspage-adapter.ts';
import { INSTATUS_PAGE_ITEM_ID } from '../../../main/core/sources/statuspage.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { expectFailure } from '../api/fixtures.ts';
import { EMPTY_STATUSPAGE_SUMMARY, startFakeStatusPage, type FakeStatusPage } from '../../helpers/source-fakes/statuspage.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';

let page: FakeStatusPage;
let clock: TrackingClock;

beforeEach(async () => {
  page = await startFakeStatusPage();
  clock = trackingClock();
});

afterEach(async () => {
  expect(clock.live(), 'timers left running').toBe(0);
  await page.close();
});

const address = () => ({ kind: 'statuspage' as const, baseUrl: page.url });
const requester = () => new SourceRequester(address(), { fetch: quietFetch, clock, timeoutMs: 5000 });
const host = () => new URL(page.url).host;
const paths = () => page.requests.map((request) => request.path);

describe('the status page adapter', () => {
  it('polls at most once a minute, with no key', () => {
    expect(statuspageAdapter).toMatchObject({ kind: 'statuspage', defaultPollMs: 60_000, minPollMs: 60_000 });
    expect(CONNECTION_KEY['statuspage']).toBe('none');
  });

  it("reads a Statuspage summary: its components, groups and incidents, in one request", async () => {
    const reading = await statuspageAdapter.read(requester(), address());
    expect(reading.title).toBe('Example');
    expect(reading.issues).toEqual([]);
    expect(reading.items.map((item) => [item.name, item.group, item.health, item.state])).toEqual([
      ['REST API', 'APIs', 'warning', 'degraded'],
      ['Webhooks', 'APIs', 'critical', 'down'],
      ['Billing', undefined, 'ok', 'maintenance'],
    ]);
    expect(reading.incidents?.map((incident) => [incident.name, incident.itemIds])).toEqual([['Webhook delivery failing', ['c2']]]);
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]).toMatchObject({ method: 'GET', path: '/api/v2/summary.json' });
    expect(page.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reads an empty page as no items', async () => {
    page.summary = EMPTY_STATUSPAGE_SUMMARY;
    expect(await statuspageAdapter.read(requester(), address())).toEqual({ items: [], incidents: [], title: 'Example', issues: [] });
  });

  it('sends the ETag back, and reads the kept summary on a 304', async () => {
    const asker = requester();
    const first = await statuspageAdapter.read(asker, address());
    const second = await statuspageAdapter.read(asker, address());
    expect(second).toEqual(first);
    const [plain, conditional] = page.requests;
    expect(plain?.headers['if-none-match']).toBeUndefined();
    expect(conditional?.headers['if-none-match']).toMatch(/^W\/"[0-9a-f]+"$/);
    // The page changed: a fresh answer, read anew.
    page.summary = EMPTY_STATUSPAGE_SUMMARY;
    expect((await statuspageAdapter.read(asker, address())).items).toEqual([]);
  });

  it("finds an Instatus page at /summary.json after Statuspage's path is a 404, and asks there from then on", async () => {
    await page.close();
    page = await startFakeStatusPage('instatus');
    const asker = requester();
    const reading = await statuspageAdapter.read(asker, address());
    expect(reading.items).toMatchObject([{ id: INSTATUS_PAGE_ITEM_ID, name: 'Instatus', health: 'critical', state: 'down' }]);
    expect(reading.incidents?.map((incident) => incident.name)).toEqual(["We're facing an issue with our API", 'Database maintenance']);
    await statuspageAdapter.read(asker, address());
    expect(paths()).toEqual(['/api/v2/summary.json', '/summary.json', '/summary.json']);
    // The page moves to Statuspage: one 404 at the remembered path, then Statuspage's, remembered in turn.
    page.vendor = 'statuspage';
    page.summary = EMPTY_STATUSPAGE_SUMMARY;
    await statuspageAdapter.read(asker, address());
    await statuspageAdapter.read(asker, address());
    expect(paths().slice(3)).toEqual(['/summary.json', '/api/v2/summary.json', '/api/v2/summary.json']);
  });

  it('says so when the address answers neither path', async () => {
    const nowhere = new SourceRequester({ kind: 'statuspage', baseUrl: `${page.url}/no-page-here` }, { fetch: quietFetch, clock, timeoutMs: 5000 });
    const info = await expectFailure(statuspageAdapter.read(nowhere, { kind: 'statuspage', baseUrl: `${page.url}/no-page-here` }), 'not-found');
    expect(info.message).toBe(
      `The status page at ${host()} has no summary: it answered neither /api/v2/summary.json (Statuspage) nor /summary.json (Instatus); check the address.`,
    );
  });
});

describe('a component’s history, from the page’s incidents', () => {
  it('is each incident that names it, down or degraded by its impact, overlapping ones one stretch, newest first', async () => {
    const at = (text: string) => Date.parse(text);
    const webhooks = await statuspageAdapter.history?.(requester(), address(), 'c2');
    expect(page.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v2/incidents.json' });
    expect(webhooks).toEqual([
      // Open now: named only in its update's affected components.
      { at: at('2026-11-29T07:30:00Z'), ok: false, detail: 'Webhook delivery failing', change: true },
      // The minor one outlasted the major one it overlapped: degraded until it too was resolved.
      { at: at('2026-11-27T12:00:00Z'), ok: true, detail: 'Resolved: Webhook retries delayed', change: true },
      { at: at('2026-11-27T11:30:00Z'), ok: false, detail: 'Webhook retries delayed', change: true, warning: true },
      { at: at('2026-11-27T10:00:00Z'), ok: false, detail: 'Webhooks not delivered', change: true },
      // Where the list of incidents begins (a notice, of no impact): operational from there, as far as the page says.
      { at: at('2026-11-26T10:00:00Z'), ok: true, change: true },
    ]);
    expect(await statuspageAdapter.history?.(requester(), address(), 'c1')).toEqual([
      { at: at('2026-11-28T10:00:00Z'), ok: true, detail: 'Resolved: Slow API responses', change: true },
      { at: at('2026-11-28T09:00:00Z'), ok: false, detail: 'Slow API responses', change: true, warning: true },
      { at: at('2026-11-26T10:00:00Z'), ok: true, change: true },
    ]);
    expect(await statuspageAdapter.history?.(requester(), address(), 'c3')).toEqual([{ at: at('2026-11-26T10:00:00Z'), ok: true, change: true }]);
  });

  it('says so when the answer has no incidents list; an Instatus page keeps no past Vigil can read', async () => {
    page.incidents = { page: {} };
    await expect(statuspageAdapter.history?.(requester(), address(), 'c2')).rejects.toThrow(SourceShapeError);
    expect(await statuspageAdapter.history?.(requester(), address(), INSTATUS_PAGE_ITEM_ID)).toBeUndefined();
  });
});

describe('a status page that fails', () => {
  it('a page that moved to another vendor, its address now a web site', async () => {
    page.trouble = 'moved';
    const info = await expectFailure(statuspageAdapter.read(requester(), address()), 'protocol-error');
    expect(info.message).toBe(`The status page at ${host()} answered GET /api/v2/summary.json with a web page, not JSON; check the address.`);
  });

  it('429 with Retry-After: rate-limited, with how long to wait', async () => {
    page.trouble = 'rate-limited';
    const info = await expectFailure(statuspageAdapter.read(requester(), address()), 'rate-limited');
    expect(info).toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(info.message).toBe('The status page is limiting requests for 30 s: the status page answered 429 with a non-JSON body.');
    // A 429 is not a 404: the adapter does not go on to ask Instatus' path.
    expect(paths()).toEqual(['/api/v2/summary.json']);
  });

  it('a body cut short', async () => {
    page.trouble = 'cut';
    const info = await expectFailure(statuspageAdapter.read(requester(), address()), 'unreachable');
    expect(info.message).toBe(`Could not reach the status page at ${host()}: the connection was closed before the answer was complete.`);
  });

  it('an answer past the 8 MiB read of a status page', async () => {
    page.trouble = 'huge';
    const info = await expectFailure(statuspageAdapter.read(requester(), address()), 'protocol-error');
    expect(info.message).toBe("The status page's answer to GET /api/v2/summary.json is larger than 8 MiB, the most Vigil reads.");
  });

  it('JSON that is not a summary is a shape error naming the page', async () => {
    page.summary = { page: { id: 'p', name: 'Example' }, status: { indicator: 'none' } };
    await expect(statuspageAdapter.read(requester(), address())).rejects.toThrow(new SourceShapeError('This Statuspage answer has no components list.'));
  });
});
