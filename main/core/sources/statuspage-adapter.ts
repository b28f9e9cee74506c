// What a poll of a public status page asks (docs/source-apis.md §6, §7): one request for the page's summary. An
// Atlassian Statuspage (and the vendors that copy its paths) answers `/api/v2/summary.json`; an Instatus page has no
// such path and answers `/summary.json` instead. The reader tells the two shapes apart; this adapter finds which path
// the page answers and keeps asking that one.
import { MonitoringClientError } from '../api/client-error.ts';
import type { SourceAdapter } from './source-adapter.ts';
import type { SourceAnswer, SourceCallOptions, SourceRequester } from './source-request.ts';
import { INSTATUS_PAGE_ITEM_ID, readStatusPage, readStatuspageIncidentHistory } from './statuspage.ts';

const STATUSPAGE_SUMMARY = '/api/v2/summary.json';
const INSTATUS_SUMMARY = '/summary.json';

/**
 * The summary path each page last answered at, by its requester (one per configured page, kept as long as the
 * source is), so an Instatus page costs one request a poll rather than a 404 first. Weak, so a removed source's
 * entry goes with it.
 */
const answeringPath = new WeakMap<SourceRequester, string>();

/**
 * Asks the path the page answered last (Statuspage's first), and on a 404 the other one: a page found at neither is
 * one sentence naming both paths. A page that moves between the vendors keeps working, at the cost of one 404.
 */
async function getSummary(requester: SourceRequester, baseUrl: string, options: SourceCallOptions): Promise<SourceAnswer<unknown>> {
  const first = answeringPath.get(requester) ?? STATUSPAGE_SUMMARY;
  const second = first === STATUSPAGE_SUMMARY ? INSTATUS_SUMMARY : STATUSPAGE_SUMMARY;
  for (const path of [first, second]) {
    try {
      const answer = await requester.getJson(path, options);
      answeringPath.set(requester, path);
      return answer;
    } catch (error) {
      if (!(error instanceof MonitoringClientError && error.info.kind === 'not-found')) throw error;
    }
  }
  throw new MonitoringClientError({
    kind: 'not-found',
    status: 404,
    // The requester checked the address before the first request, so it parses here.
    message: `The status page at ${new URL(baseUrl).host} has no summary: it answered neither ${STATUSPAGE_SUMMARY} (Statuspage) nor ${INSTATUS_SUMMARY} (Instatus); check the address.`,
  });
}

export const statuspageAdapter: SourceAdapter = {
  kind: 'statuspage',
  // A status page is written by people during an incident: a minute is as fresh as it gets, and the page's CDN
  // caches its summary about that long anyway.
  defaultPollMs: 60_000,
  minPollMs: 60_000,
  async read(requester, address, signal) {
    const answer = await getSummary(requester, address.baseUrl, { signal });
    return readStatusPage(answer.value, address.baseUrl);
  },
  /** A component's incidents, from the page's latest 50; an Instatus page lists none of its past in a public path. */
  async history(requester, address, itemId, signal) {
    if (itemId === INSTATUS_PAGE_ITEM_ID || answeringPath.get(requester) === INSTATUS_SUMMARY) return undefined;
    const answer = await requester.getJson('/api/v2/incidents.json', { signal });
    return readStatuspageIncidentHistory(answer.value, itemId, address.baseUrl);
  },
};
