// What a poll of Healthchecks asks (docs/source-apis.md §2): `GET /api/v3/checks/`, every check of the key's project
// in one answer (the API does not page it), with `X-Api-Key` (the read-only key is enough); and for a check's history
// `GET /api/v3/checks/<unique_key>/flips/`. Healthchecks answers that path for the check's uuid or its `unique_key`,
// and the item's id is always the `unique_key` (sent with a read-only key, derived from the uuid otherwise; see
// healthchecks.ts), so one path serves both kinds of key.
import type { Clock } from '../../../common/clock.ts';
import type { SourceAdapter, SourceHistoryEntry } from './source-adapter.ts';
import { readHealthchecksChecks, readHealthchecksFlips } from './healthchecks.ts';

const SECOND = 1000;

/**
 * The adapter, reading "last ping 5 min ago" on `clock`; `healthchecksAdapter` is it on the real clock. Healthchecks
 * keeps no rate limit on its management API, but a check's period is a minute at the least and its grace a minute
 * too, so asking every minute sees a late job within a minute; 30 s is the least, as for Gatus and Uptime Kuma.
 */
export function healthchecksAdapterOn(clock: Pick<Clock, 'now'>): SourceAdapter {
  return {
    kind: 'healthchecks',
    defaultPollMs: 60 * SECOND,
    minPollMs: 30 * SECOND,
    async read(requester, address, signal) {
      const answer = await requester.getJson('/api/v3/checks/', { signal });
      return readHealthchecksChecks(answer.value, { baseUrl: address.baseUrl, now: clock.now() });
    },
    async history(requester, _address, itemId, signal): Promise<SourceHistoryEntry[]> {
      // Every flip Healthchecks keeps (about three months), newest first.
      const answer = await requester.getJson(`/api/v3/checks/${encodeURIComponent(itemId)}/flips/`, { signal });
      return readHealthchecksFlips(answer.value).flips.map((flip) => ({ at: flip.at, ok: flip.up, change: true }));
    },
  };
}
