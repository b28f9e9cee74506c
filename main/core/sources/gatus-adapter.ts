// What a poll of Gatus asks (docs/source-apis.md §3): `GET /api/v1/endpoints/statuses`, every endpoint in one answer.
// Gatus' `page` and `pageSize` page each endpoint's results, not the list of endpoints, so a poll asks the first page
// only: the newest results, enough to say how each endpoint stands and since when. An endpoint's history is its own
// `GET /api/v1/endpoints/<key>/statuses`, the only answer that carries its events. The token is optional: Gatus
// without `security` is open, and a token is sent as a bearer when one is set.
import { MonitoringClientError } from '../api/client-error.ts';
import type { SourceAdapter, SourceHistoryEntry } from './source-adapter.ts';
import type { SourceAddress } from './source-request.ts';
import { readGatusEndpoint, readGatusStatuses, type GatusEvent, type GatusResult } from './gatus.ts';

const SECOND = 1000;

/** Gatus' own default page: each endpoint's 20 newest results, which keeps the answer small however many endpoints. */
const RESULTS_PER_POLL = 20;

/** The most Gatus gives on one page (its `storage.maximum-number-of-results`, 100 unless configured). */
const RESULTS_IN_HISTORY = 100;

export const gatusAdapter: SourceAdapter = {
  kind: 'gatus',
  // Gatus caches this answer for 10 s and checks an endpoint every minute unless told otherwise: a minute by
  // default, and 30 s at the most, three times the cache's life, so a poll is rarely answered from the cache.
  defaultPollMs: 60 * SECOND,
  minPollMs: 30 * SECOND,
  async read(requester, address, signal) {
    const answer = await requester
      .getJson(`/api/v1/endpoints/statuses?page=1&pageSize=${RESULTS_PER_POLL}`, { signal })
      .catch((error: unknown) => Promise.reject(tokenNeeded(error, address)));
    const { items, issues } = readGatusStatuses(answer.value, { baseUrl: address.baseUrl });
    return { items, issues };
  },
  async history(requester, address, itemId, signal): Promise<SourceHistoryEntry[]> {
    const path = `/api/v1/endpoints/${encodeURIComponent(itemId)}/statuses?page=1&pageSize=${RESULTS_IN_HISTORY}`;
    const answer = await requester.getJson(path, { signal }).catch((error: unknown) => Promise.reject(tokenNeeded(error, address)));
    const { results, events } = readGatusEndpoint(answer.value, { baseUrl: address.baseUrl });
    return historyOf(results, events);
  },
};

/**
 * Gatus with `security` on, asked without a token: the requester's words fit a source that needs no login, but Gatus
 * does here, and what to do is to give it one of Gatus' API tokens.
 */
function tokenNeeded(error: unknown, address: SourceAddress): unknown {
  if (!(error instanceof MonitoringClientError) || error.info.kind !== 'unauthorized' || (address.key ?? '') !== '') return error;
  const message = `Gatus at ${new URL(address.baseUrl).host} asks for a login (HTTP 401) and no token is set for it; add one of its API tokens (security.api.tokens) to this source.`;
  return new MonitoringClientError({ ...error.info, message });
}

/**
 * The endpoint's results, newest first, then its changes of state (healthy, unhealthy) from before the oldest result:
 * Gatus keeps far fewer results than events reach back, so the events carry the history on where the results stop.
 */
function historyOf(results: readonly GatusResult[], events: readonly GatusEvent[]): SourceHistoryEntry[] {
  const entries: SourceHistoryEntry[] = results.map((result) => {
    const entry: SourceHistoryEntry = { at: result.at, ok: result.ok };
    if (result.responseMs !== undefined) entry.responseMs = result.responseMs;
    if (result.error !== undefined) entry.detail = result.error;
    return entry;
  });
  const oldestResult = Math.min(...entries.map((entry) => entry.at));
  for (const event of events) {
    if (event.type === 'start' || event.at >= oldestResult) continue;
    entries.push({ at: event.at, ok: event.type === 'healthy', detail: event.type === 'healthy' ? 'Became healthy' : 'Became unhealthy', change: true });
  }
  return entries.sort((a, b) => b.at - a.at);
}
