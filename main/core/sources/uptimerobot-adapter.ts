// What a poll of UptimeRobot asks (docs/source-apis.md §4). Its current REST API (v3): `GET /v3/monitors` with the
// key as a bearer, page after page by the cursor its `nextLink` names; the next request is built here from that cursor
// alone, so the key never goes to an address an answer names. Its older API (v2), when the configured base URL ends
// in `/v2`: `POST getMonitors` with the key as a form field, page after page by `offset`; v2 refuses with HTTP 200
// and `stat: "fail"`, made here into the same error a refusal by status would be.
import type { Clock } from '../../../common/clock.ts';
import type { Issue } from '../../../common/api/fields.ts';
import { MonitoringClientError } from '../api/client-error.ts';
import type { SourceAdapter } from './source-adapter.ts';
import type { SourceAddress, SourceRequester } from './source-request.ts';
import type { SourceItem, SourceReading } from './source-reading.ts';
import { readUptimeRobotLegacyMonitors, readUptimeRobotMonitors, UptimeRobotFailure, type UptimeRobotReading } from './uptimerobot.ts';

const MINUTE = 60_000;

/**
 * The most pages one poll reads. UptimeRobot's free plan allows 10 requests a minute and counts every page; a free
 * account has at most 50 monitors, one page, so the bound is only ever reached by a paid account, whose limit is
 * twice its monitor limit a minute. Ten pages at the one-minute minimum is still within the free plan's 10.
 */
const MAX_PAGES = 10;

/** v2's largest page (`limit`, 50 at most). */
const V2_PAGE_SIZE = 50;

/**
 * The adapter, reading "down for 2 h" and certificate days on `clock`; `uptimerobotAdapter` is it on the real clock.
 * Every 5 minutes by default: the free plan checks each monitor every 5 minutes, so asking more often learns nothing
 * and spends requests of the 10 a minute the key shares with everything else the person runs on it. One minute at
 * the most, as often as a paid plan checks: a free account's poll is then one request of its 10 a minute, and no poll
 * asks more than `MAX_PAGES`, so none can spend more than a minute's allowance.
 */
export function uptimerobotAdapterOn(clock: Pick<Clock, 'now'>): SourceAdapter {
  return {
    kind: 'uptimerobot',
    defaultPollMs: 5 * MINUTE,
    minPollMs: MINUTE,
    read(requester, address, signal) {
      const pages = isLegacy(address) ? legacyPages(requester, signal) : currentPages(requester, address, clock, signal);
      return readAll(pages);
    },
  };
}


/** The v2 API is asked when the person configured its base URL (`https://api.uptimerobot.com/v2`). */
function isLegacy(address: SourceAddress): boolean {
  return /\/v2\/*$/.test(new URL(address.baseUrl).pathname);
}

/** One page's reading, and how to ask for the next (absent on the last page). */
type Pages = AsyncGenerator<UptimeRobotReading, void, undefined>;

/** v3's monitors, below `https://api.uptimerobot.com` or its `/v3` (either may be configured). */
async function* currentPages(requester: SourceRequester, address: SourceAddress, clock: Pick<Clock, 'now'>, signal: AbortSignal | undefined): Pages {
  const monitors = /\/v3\/*$/.test(new URL(address.baseUrl).pathname) ? '/monitors' : '/v3/monitors';
  let cursor: string | undefined;
  do {
    const answer = await requester.getJson(cursor === undefined ? monitors : `${monitors}?cursor=${encodeURIComponent(cursor)}`, { signal });
    const page = readUptimeRobotMonitors(answer.value, { now: clock.now() });
    yield page;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
}

async function* legacyPages(requester: SourceRequester, signal: AbortSignal | undefined): Pages {
  let offset: number | undefined = 0;
  do {
    const answer = await requester.postForm('/getMonitors', { format: 'json', offset: String(offset), limit: String(V2_PAGE_SIZE) }, { signal });
    const page = readLegacy(answer);
    yield page;
    offset = page.nextOffset;
  } while (offset !== undefined);
}

/**
 * Every page, up to the bound and never the same page twice (a cursor or offset that does not move on, as the
 * official Terraform provider guards against too); a monitor that moved between pages while they were read is kept once.
 * Issues of the pages after the first are placed under `page N`.
 */
async function readAll(pages: Pages): Promise<SourceReading> {
  const items: SourceItem[] = [];
  const ids = new Set<string>();
  const issues: Issue[] = [];
  const asked = new Set<string>();
  let number = 0;
  for await (const page of pages) {
    number++;
    for (const item of page.items) {
      if (ids.has(item.id)) continue;
      ids.add(item.id);
      items.push(item);
    }
    issues.push(...(number === 1 ? page.issues : page.issues.map((issue) => ({ ...issue, path: [`page ${number}`, ...issue.path] }))));
    const next = page.nextCursor ?? page.nextOffset;
    if (next === undefined) break;
    if (asked.has(String(next))) {
      issues.push({ path: [`page ${number}`], message: 'UptimeRobot named a page already read as the next one; the monitors after it were not read' });
      break;
    }
    if (number === MAX_PAGES) {
      issues.push({ path: [], message: `UptimeRobot has more monitors than ${MAX_PAGES} pages; Vigil reads ${MAX_PAGES} a poll to keep within its rate limit, so the rest were not read` });
      break;
    }
    asked.add(String(next));
  }
  return { items, issues };
}

/** v2's answer, its `stat: "fail"` made into the error a person reads, as a refusal by HTTP status would be. */
function readLegacy(answer: unknown): UptimeRobotReading {
  try {
    return readUptimeRobotLegacyMonitors(answer);
  } catch (error) {
    if (!(error instanceof UptimeRobotFailure)) throw error;
    const message = error.message.endsWith('.') ? error.message : `${error.message}.`;
    throw new MonitoringClientError({ kind: error.isKeyProblem ? 'unauthorized' : 'bad-request', status: 200, message });
  }
}
