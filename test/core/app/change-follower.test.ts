// An outage shorter than the poll it asks for: the real service's stream of changes says which statuses a monitor
// took, the follower hands them to the next poll's snapshot, and the alert policy tells the outage and its end as
// they happened, though that poll finds the monitor up again. Service, client and follower share a clock the test
// moves; the poll is held back on purpose until the monitor is up again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_EXTENSION } from '../../../common/api/changes.ts';
import { silentLogger } from '../../../common/logger.ts';
import { defaultAlertPreferences, defaultAlertRules, evaluatePoll, initialAlertState, type AlertState } from '../../../main/core/alerts/index.ts';
import { MonitoringClient } from '../../../main/core/api/monitoring-client.ts';
import { ChangeFollower } from '../../../main/core/app/change-follower.ts';
import type { Snapshot } from '../../../main/core/model/snapshot.ts';
import { fetchSnapshot } from '../../../main/core/poller/fetch-snapshot.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, checksFinished, manualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

const clock = manualClock(Date.now());
let service: TestService;
let target: HttpTarget;
beforeAll(async () => {
  [service, target] = await Promise.all([startTestService({ failuresToConfirmDown: 1 }, { clock }), startHttpTarget()]);
});
afterAll(async () => {
  await Promise.all([service.stop(), target.close()]);
});

const advanceUntilDone = (done: () => boolean | Promise<boolean>) =>
  advanceUntil(clock, async () => done(), { maxSeconds: 300, settled: () => checksFinished(service.scheduler) });

describe('the statuses a monitor took between two polls', () => {
  it('reach the next poll through the stream, so a short outage is told though the poll finds the monitor up', async () => {
    const client = new MonitoringClient({ baseUrl: service.apiUrl, token: async () => service.token, clock });
    let refreshes = 0;
    const follower = new ChangeFollower({ client, clock, logger: silentLogger, name: 'Local', refresh: () => (refreshes += 1) });
    const poll = follower.alongPolls((signal) => fetchSnapshot(client, clock, signal));
    const context = () => ({ connection: { id: 'local', name: 'Local' }, preferences: defaultAlertPreferences, rules: defaultAlertRules, snoozes: [], now: clock.now() });
    const statusOf = async (id: string) => ((await service.api(`/monitors/${id}`)).json as { last_status?: string }).last_status;
    follower.sync(true, [CHANGES_EXTENSION]);
    try {
      const { json } = await service.api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 30 } });
      const id = (json as { id: string }).id;
      // Its first answer (unknown to up) is a change the stream tells: it is followed from here on.
      await advanceUntilDone(async () => refreshes > 0 && (await statusOf(id)) === 'up');
      let state: AlertState = evaluatePoll(initialAlertState(), { ok: true, snapshot: await poll(new AbortController().signal) }, context()).state;

      target.setUp(false);
      let told = refreshes;
      await advanceUntilDone(async () => refreshes > told && (await statusOf(id)) === 'down');
      target.setUp(true);
      told = refreshes;
      await advanceUntilDone(async () => refreshes > told && (await statusOf(id)) === 'up');

      // A poll that fails carries nothing, and hands what it was given on to the next.
      await expect(follower.alongPolls(() => Promise.reject(new Error('the server is away')))(new AbortController().signal)).rejects.toThrow('the server is away');
      const snapshot: Snapshot = await poll(new AbortController().signal);
      expect(snapshot.monitors.find((monitor) => monitor.id === id)?.last_status).toBe('up');
      expect(snapshot.statusesBefore?.[id]?.map(({ status }) => status)).toEqual(['down', 'up']);
      const evaluation = evaluatePoll(state, { ok: true, snapshot }, context());
      state = evaluation.state;
      expect(evaluation.alerts.map(({ kind, title }) => [kind, title])).toEqual([
        ['monitor-down', 'Shop is down'],
        ['monitor-recovered', 'Shop is back up'],
      ]);
      // Told once: the poll after has nothing of it left.
      const next = await poll(new AbortController().signal);
      expect(next.statusesBefore).toBeUndefined();
      expect(evaluatePoll(state, { ok: true, snapshot: next }, context()).alerts).toEqual([]);
    } finally {
      follower.stop();
    }
  }, 120_000);
});
