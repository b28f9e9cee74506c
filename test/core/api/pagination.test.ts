// GET /monitors paging against fake servers with every page/limit behaviour the spec leaves open.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { answers, startHostileServer, type HostileServer, type RecordedRequest, type Script } from '../../helpers/hostile-server.ts';
import { trackingClock, type TrackingClock } from '../../helpers/tracking-clock.ts';
import { expectFailure, testToken } from './fixtures.ts';

interface Behaviour {
  /** What the server calls its first page. */
  firstPage?: 0 | 1;
  /** How a 1-based server answers page=0. */
  pageZero?: 'refuse' | 'empty' | 'as-page-one' | 'fail-500';
  ignoresPage?: boolean;
  ignoresLimit?: boolean;
  /** Serves at most this many per page whatever was asked, with a Link rel="next" when there is more. */
  capsLimitAt?: number;
  /** Runs before each page is served (to change the list while it is read). */
  beforePage?: (page: number) => void;
}

const monitorsNamed = (count: number, prefix = 'mon') => Array.from({ length: count }, (_, i) => ({ id: `${prefix}_${i}`, name: `Monitor ${i}` }));

function pagingServer(all: object[], behaviour: Behaviour = {}): Script {
  const { firstPage = 1, pageZero = 'refuse' } = behaviour;
  return (request: RecordedRequest, response) => {
    let page = Number(request.query.get('page') ?? firstPage);
    let limit = Number(request.query.get('limit') ?? 100);
    behaviour.beforePage?.(page);
    if (firstPage === 1 && page === 0) {
      if (pageZero === 'refuse') return answers.json(400, { error: { code: 'validation_failed', message: 'page must be at least 1' } })(request, response);
      if (pageZero === 'fail-500') return answers.json(500, { error: { message: 'OFFSET must not be negative' } })(request, response);
      if (pageZero === 'empty') return answers.json(200, [])(request, response);
      page = 1;
    }
    if (behaviour.ignoresLimit) limit = all.length;
    if (behaviour.capsLimitAt !== undefined) limit = Math.min(limit, behaviour.capsLimitAt);
    const start = behaviour.ignoresPage ? 0 : (page - firstPage) * limit;
    const headers: Record<string, string> = {};
    if (behaviour.capsLimitAt !== undefined && start + limit < all.length) headers.link = `</api/monitors?page=${page + 1}>; rel="next"`;
    answers.json(200, all.slice(start, start + limit), headers)(request, response);
  };
}

let server: HostileServer;
let clock: TrackingClock;
beforeEach(async () => {
  server = await startHostileServer();
  clock = trackingClock();
});
afterEach(async () => {
  expect(clock.live()).toBe(0);
  await server.stop();
});

const client = (pageSize: number, maxPages = 1000) =>
  new MonitoringClient({ baseUrl: server.apiUrl, token: () => testToken, pageSize, maxPages, timeoutMs: 2000, clock });
const pagesAsked = () => server.requests.map((request) => Number(request.query.get('page')));
const ids = (items: { id?: string | undefined }[]) => items.map((item) => item.id);

/** A server of `count` monitors paging as `behaviour` says; a client asking 10 a page lists every one of them. */
async function expectEveryMonitorListed(count: number, behaviour: Behaviour): Promise<void> {
  const all = monitorsNamed(count);
  server.answer(pagingServer(all, behaviour));
  expect(ids((await client(10).listMonitors()).items)).toEqual(ids(all));
}

describe('a 1-based server', () => {
  it('reads every page, learns once that page 0 is refused, and stops at the short page', async () => {
    const all = monitorsNamed(25);
    server.answer(pagingServer(all));
    const paging = client(10);
    const first = await paging.listMonitors();
    expect(ids(first.items)).toEqual(ids(all));
    expect(first.issues).toEqual([]);
    expect(pagesAsked()).toEqual([1, 0, 2, 3]);
    expect(server.requests.every((request) => request.query.get('limit') === '10')).toBe(true);
    server.requests.length = 0;
    expect(ids((await paging.listMonitors()).items)).toEqual(ids(all));
    expect(pagesAsked()).toEqual([1, 2, 3]);
  });

  it('asks for one more page when the last one is exactly full, and stops at the empty one', async () => {
    server.answer(pagingServer(monitorsNamed(20)));
    expect((await client(10).listMonitors()).items).toHaveLength(20);
    expect(pagesAsked()).toEqual([1, 0, 2, 3]);
  });

  it.each(['empty', 'as-page-one', 'fail-500'] as const)('counts from 1 when page 0 is answered %s', async (pageZero) => {
    const all = monitorsNamed(15);
    server.answer(pagingServer(all, { pageZero }));
    const paging = client(10);
    expect(ids((await paging.listMonitors()).items)).toEqual(ids(all));
    server.requests.length = 0;
    await paging.listMonitors();
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('fails the listing when page 0 fails for a reason that is not about paging', async () => {
    server.answer((request, response) => {
      const status = request.query.get('page') === '0' ? 429 : 200;
      answers.json(status, status === 200 ? monitorsNamed(3) : { error: { message: 'Slow down' } }, { 'retry-after': '5' })(request, response);
    });
    const info = await expectFailure(client(10).listMonitors(), 'rate-limited');
    expect(info.retryAfterMs).toBe(5000);
  });

  it('returns an empty list from an empty server', async () => {
    server.answer(pagingServer([]));
    expect(await client(10).listMonitors()).toEqual({ items: [], issues: [] });
  });
});

describe('a 0-based server', () => {
  it('starts at page 0 once it sees that page 0 holds other monitors than page 1', async () => {
    const all = monitorsNamed(25);
    server.answer(pagingServer(all, { firstPage: 0 }));
    const paging = client(10);
    expect(ids((await paging.listMonitors()).items)).toEqual(ids(all));
    expect(pagesAsked()).toEqual([1, 0, 2]);
    server.requests.length = 0;
    expect(ids((await paging.listMonitors()).items)).toEqual(ids(all));
    expect(pagesAsked()).toEqual([0, 1, 2]);
  });

  it('finds the monitors of a list shorter than one page, which page 1 does not have', async () => {
    await expectEveryMonitorListed(3, { firstPage: 0 });
  });
});

describe('servers that ignore the parameters', () => {
  it('stops when page 2 repeats page 1 (page ignored), and says monitors may be missing', async () => {
    server.answer(pagingServer(monitorsNamed(25), { ignoresPage: true }));
    const { items, issues } = await client(10).listMonitors();
    expect(ids(items)).toEqual(ids(monitorsNamed(10)));
    expect(pagesAsked()).toEqual([1, 0, 2]);
    expect(issues).toEqual([{ path: [], message: 'The server sent page 2 again, so it seems to ignore "page"; monitors after the first 10 may be missing.' }]);
  });

  it('takes a page longer than asked for as the whole list (limit ignored)', async () => {
    const all = monitorsNamed(2500);
    server.answer(pagingServer(all, { ignoresLimit: true }));
    const paging = client(1000);
    const { items, issues } = await paging.listMonitors();
    expect(ids(items)).toEqual(ids(all));
    expect(issues).toEqual([]);
    server.requests.length = 0;
    await paging.listMonitors();
    expect(pagesAsked()).toEqual([1]);
  });

  it('takes everything once from a server that ignores both', async () => {
    server.answer(pagingServer(monitorsNamed(30), { ignoresLimit: true, ignoresPage: true }));
    const { items, issues } = await client(10).listMonitors();
    expect(items).toHaveLength(30);
    expect(issues).toEqual([]);
  });

  it('follows a server that serves fewer than asked for, as long as it links a next page', async () => {
    await expectEveryMonitorListed(23, { capsLimitAt: 5 });
  });
});

describe('lists that change or never end', () => {
  it('keeps a monitor once when a creation shifts it onto the next page', async () => {
    // Newest first: a monitor created after page 1 was served pushes page 1's last item onto page 2.
    const all = monitorsNamed(25).reverse();
    let created = 0;
    server.answer(
      pagingServer(all, {
        beforePage: (page) => {
          if (page === 2) all.unshift({ id: `mon_new${created++}`, name: 'New' });
        },
      }),
    );
    const { items } = await client(10).listMonitors();
    const seen = ids(items);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids(monitorsNamed(25))));
  });

  it('stops after maxPages of an endless list, with an issue', async () => {
    let served = 0;
    server.answer((request, response) => {
      const limit = Number(request.query.get('limit'));
      answers.json(200, Array.from({ length: limit }, () => ({ id: `mon_${served++}` })))(request, response);
    });
    const { items, issues } = await client(10, 5).listMonitors();
    expect(items).toHaveLength(50);
    expect(server.requests).toHaveLength(5);
    expect(issues).toEqual([{ path: [], message: 'Stopped after 5 pages of monitors; the server may have more.' }]);
  });

  it('reports a bad item by its place in the whole list and keeps the rest', async () => {
    const all: unknown[] = monitorsNamed(15);
    all[12] = 'not a monitor';
    all[13] = { id: 'mon_13', frequency: -5 };
    server.answer(pagingServer(all as object[]));
    const { items, issues } = await client(10).listMonitors();
    expect(items).toHaveLength(14);
    expect(issues.map((issue) => issue.path)).toEqual([[12], [13, 'frequency']]);
  });

  it('refuses a page that is not a list', async () => {
    server.answer(answers.json(200, { data: [] }));
    const info = await expectFailure(client(10).listMonitors(), 'protocol-error');
    expect(info.message).toBe("The server's answer to GET /monitors?page=1&limit=10 is not what the API promises: expected a JSON array, got object.");
  });

  it('cancels between pages', async () => {
    const controller = new AbortController();
    server.answer(pagingServer(monitorsNamed(50), { beforePage: (page) => page === 2 && controller.abort() }));
    await expectFailure(client(10).listMonitors({ signal: controller.signal }), 'cancelled');
  });
});
