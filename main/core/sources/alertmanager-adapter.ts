// What a poll of Prometheus Alertmanager asks (docs/source-apis.md §5): `GET /api/v2/alerts`, the alerts firing now
// and neither silenced nor inhibited, in one answer (Alertmanager does not page it). An alert that stops firing is
// missing from the next answer, which is its recovery.
import type { SourceAdapter } from './source-adapter.ts';
import { readAlertmanagerAlerts } from './alertmanager.ts';

/**
 * Alertmanager's own filters, spelled out rather than left to its defaults: active alerts only, since a silence or an
 * inhibition already says someone knows (the reader also leaves out any suppressed alert an older version sends).
 */
const ALERTS_PATH = '/api/v2/alerts?active=true&silenced=false&inhibited=false';

export const alertmanagerAdapter: SourceAdapter = {
  kind: 'alertmanager',
  // Prometheus evaluates its rules every 15 s to a minute and Alertmanager holds a new group for `group_wait` (30 s
  // by default) before notifying, so 15 s sees an alert as soon as anything would; the answer is small and local.
  defaultPollMs: 15_000,
  minPollMs: 15_000,
  async read(requester, address, signal) {
    const answer = await requester.getJson(ALERTS_PATH, { signal });
    return readAlertmanagerAlerts(answer.value, address.baseUrl);
  },
};
