// What a poll of Uptime Kuma 2.x asks (docs/source-apis.md §1). With an API key: `GET /metrics`, every monitor in
// one answer. Without one: the public status page whose slug the person gave, `GET /api/status-page/<slug>` (its
// groups and monitors), then `GET /api/status-page/heartbeat/<slug>` (each monitor's recent beats), which are also
// the history Vigil shows of a monitor read that way.
import { isJsonObject } from '../../../common/api/index.ts';
import { MonitoringClientError } from '../api/client-error.ts';
import type { SourceAdapter, SourceHistoryEntry } from './source-adapter.ts';
import type { SourceAddress, SourceRequester } from './source-request.ts';
import { SourceShapeError } from './source-reading.ts';
import { readKumaBeats, readUptimeKumaMetrics, readUptimeKumaStatusPage } from './uptime-kuma.ts';

/** Kuma's own rule for a slug (`checkSlug`); every route lower-cases it. */
const SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** The slug to ask for, lower-cased as Kuma does; refused in words before anything is sent when Kuma would refuse it. */
function slugOf(address: SourceAddress): string {
  const page = address.page?.trim();
  if (page === undefined || page === '') {
    throw new MonitoringClientError({
      kind: 'bad-request',
      message: 'Uptime Kuma is read with an API key (all monitors) or through a public status page; set one of them for this source.',
    });
  }
  if (!SLUG.test(page)) {
    throw new MonitoringClientError({ kind: 'bad-request', message: `"${page}" is not an Uptime Kuma status page slug: it has only letters, digits and single dashes.` });
  }
  return page.toLowerCase();
}

/** Kuma answers an unknown slug with a 404 (`Status Page Not Found`): said as the missing page it is. */
async function getStatusPage(requester: SourceRequester, address: SourceAddress, slug: string, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return (await requester.getJson(`/api/status-page/${slug}`, { signal })).value;
  } catch (error) {
    if (!(error instanceof MonitoringClientError && error.info.kind === 'not-found')) throw error;
    // The requester checked the address before the request, so it parses here.
    const host = new URL(address.baseUrl).host;
    throw new MonitoringClientError({ kind: 'not-found', status: 404, message: `Uptime Kuma at ${host} has no status page "${slug}"; check the page's address (/status/${slug}).` });
  }
}

/**
 * The heartbeat route of a known slug. Asked after the page itself, because Kuma answers it for an unknown slug with a
 * 403 whose message is a JavaScript error (or an empty list, in older versions) rather than a 404.
 */
async function getHeartbeats(requester: SourceRequester, slug: string, signal: AbortSignal | undefined): Promise<unknown> {
  return (await requester.getJson(`/api/status-page/heartbeat/${slug}`, { signal })).value;
}

/** What a beat that is not up says: the public API blanks Kuma's message, so the status word when it is empty. */
const FAILED_BEAT_WORDS: ReadonlyMap<number, string> = new Map([
  [0, 'Down'],
  [2, 'Pending: a check failed, Uptime Kuma was retrying'],
]);

/**
 * One monitor's beats as history, newest first. Up (1) and maintenance (3) are not failures; down (0) and pending (2)
 * are. An aggregated bar's empty bucket (the number 0), a beat without a time and a status Kuma does not define are
 * left out: history shows only what Kuma said happened.
 */
function historyOf(list: unknown): SourceHistoryEntry[] {
  // What could not be read of a beat is the reading's issue, reported by the poll; history keeps only what Kuma said.
  const beats = readKumaBeats(list, { at: [], issues: [] });
  const entries: SourceHistoryEntry[] = [];
  for (const { at, status, ping, msg } of beats) {
    if (at === undefined || (status !== 0 && status !== 1 && status !== 2 && status !== 3)) continue;
    const entry: SourceHistoryEntry = { at, ok: status === 1 || status === 3 };
    if (ping !== undefined && ping >= 0) entry.responseMs = ping;
    const message = msg?.trim() ?? '';
    const failure = FAILED_BEAT_WORDS.get(status);
    if (failure !== undefined) entry.detail = message === '' ? failure : message.split(/[\r\n]+/)[0];
    entries.push(entry);
  }
  // Kuma sends them oldest first.
  return entries.reverse();
}

export const uptimeKumaAdapter: SourceAdapter = {
  kind: 'uptime-kuma',
  // Kuma's API key is rate-limited to 60 requests a minute, and a spent limit answers like a wrong key; its status
  // pages are cached for a minute (beats) to five (the page). A minute is fresh enough and leaves the key's budget to
  // the person's other tools; 30 s is the least that still asks a cached status page for something new.
  defaultPollMs: 60_000,
  minPollMs: 30_000,
  async read(requester, address, signal) {
    // With a key, /metrics lists every monitor, so a status page also configured is not needed for the reading.
    if (address.key !== undefined && address.key !== '') {
      const metrics = await requester.getText('/metrics', { signal });
      return readUptimeKumaMetrics(metrics.value, address.baseUrl);
    }
    const slug = slugOf(address);
    const page = await getStatusPage(requester, address, slug, signal);
    const heartbeats = await getHeartbeats(requester, slug, signal);
    return readUptimeKumaStatusPage(page, heartbeats, address.baseUrl, slug);
  },
  /** Kuma keeps beats for the monitors a status page shows (up to 100 each); /metrics carries only the present. */
  async history(requester, address, itemId, signal) {
    if (address.page === undefined || address.page.trim() === '') return undefined;
    const slug = slugOf(address);
    const answer = await getHeartbeats(requester, slug, signal);
    if (!isJsonObject(answer) || !isJsonObject(answer.heartbeatList)) {
      throw new SourceShapeError(`This answer from Uptime Kuma has no heartbeat list for status page "${slug}".`);
    }
    return historyOf(answer.heartbeatList[itemId]);
  },
};
