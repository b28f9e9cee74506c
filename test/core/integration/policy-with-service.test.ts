// The client core end to end against the real service: real polls through the API client, the alert policy
// deciding what to tell. Status changes come from a real local target going down and up; domain thresholds
// from the local RDAP fixture. Service and policy share one clock the test moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAlertRules, evaluatePoll, initialAlertState, resolveAlertPreferences, type Alert, type AlertState } from '../../../main/core/alerts/index.ts';
import { clientErrorInfo, MonitoringClient, MonitoringClientError } from '../../../main/core/api/index.ts';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import { fetchSnapshot } from '../../../main/core/poller/fetch-snapshot.ts';
import { serverTray, trayModel } from '../../../main/core/tray/index.ts';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startRdapFixture, type RdapFixture } from '../../helpers/rdap-fixture.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let clock: ManualClock;
let service: TestService;
let target: HttpTarget;
let rdap: RdapFixture;
let client: MonitoringClient;
let token: string;
let state: AlertState;
const preferences = resolveAlertPreferences({ thresholds: [30, 14, 7, 1] });

beforeAll(async () => {
  [target, rdap] = await Promise.all([startHttpTarget(), startRdapFixture()]);
  clock = manualClock(Date.now());
  service = await startTestService({ rdapBootstrapUrl: rdap.bootstrapUrl, failuresToConfirmDown: 1 }, { clock });
  // The test moves the service's clock by days; a 30-day token outlives that (the harness's lives an hour).
  token = await issueToken(loadOrCreateSigningKey(service.dataDir), 30 * 86_400);
  client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => token });
  state = initialAlertState();
});
afterAll(async () => {
  await service.stop();
  await Promise.all([target.close(), rdap.close()]);
});

async function poll(): Promise<{ alerts: Alert[]; outcome: PollOutcome }> {
  let outcome: PollOutcome;
  try {
    outcome = { ok: true, snapshot: await fetchSnapshot(client, clock) };
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    outcome = { ok: false, error: clientErrorInfo(error), at: clock.now() };
  }
  const evaluation = evaluatePoll(state, outcome, { connection: { id: 'local', name: 'Local' }, preferences, rules: defaultAlertRules, snoozes: [], now: clock.now() });
  state = evaluation.state;
  return { alerts: evaluation.alerts, outcome };
}


/** The tray over this one server after a poll. */
const trayOf = (outcome: PollOutcome) => {
  const own = serverTray({ server: { id: 'local', name: 'Local' }, outcome, lastSnapshot: outcome.ok ? outcome.snapshot : undefined, alertState: state, snoozes: [], preferences, now: clock.now() });
  return trayModel({ servers: [own], now: clock.now() });
};
const api = (path: string, init: Parameters<TestService['api']>[1] = {}) => service.api(path, { token, ...init });
const statusOf = async (id: string) => ((await api(`/monitors/${id}`)).json as { last_status: string }).last_status;

// Chapters of one timeline on one clock (fine, down, back, a domain nearing expiry, the server stopped): the order
// is the story's, declared here rather than assumed (a shuffled run keeps it).
describe('client core against the real service', { shuffle: false }, () => {
  let monitorId: string;

  it('first poll with everything fine: no alerts, tray ok', async () => {
    const { json } = await api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 10 } });
    monitorId = (json as { id: string }).id;
    await advanceUntil(clock, async () => (await statusOf(monitorId)) === 'up', { pauseMs: 15 });
    const { alerts, outcome } = await poll();
    expect(alerts).toEqual([]);
    const tray = trayOf(outcome);
    expect(tray.level).toBe('ok');
  });

  it('the target goes down: one monitor-down alert, then nothing more while it stays down', async () => {
    target.setUp(false);
    await advanceUntil(clock, async () => (await statusOf(monitorId)) === 'down', { pauseMs: 15 });
    const { alerts, outcome } = await poll();
    expect(alerts.map((a) => [a.kind, a.itemKey])).toEqual([['monitor-down', `monitor:${monitorId}`]]);
    expect(alerts[0]?.severity).toBe('critical');
    expect((await poll()).alerts).toEqual([]);
    const tray = trayOf(outcome);
    expect(tray.level).toBe('critical');
    expect(tray.items[0]?.label).toMatch(/Shop/);
  });

  it('the target comes back: one monitor-recovered alert', async () => {
    target.setUp(true);
    await advanceUntil(clock, async () => (await statusOf(monitorId)) === 'up', { pauseMs: 15 });
    expect((await poll()).alerts.map((a) => a.kind)).toEqual(['monitor-recovered']);
  });

  it('a domain found by RDAP 10 days from expiry crosses the 14-day threshold once; a renewal brings no alert', async () => {
    const expiresOn = new Date(clock.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    rdap.setDomain('shop.example', { expiresOn, registrar: 'Example Registrar' });
    const { json } = await api('/domains', { method: 'POST', body: { domain: 'shop.example' } });
    const id = (json as { id: string }).id;
    await advanceUntil(clock, async () => ((await api(`/domains/${id}`)).json as { expires_on?: string }).expires_on === expiresOn, { pauseMs: 15 });
    const first = await poll();
    expect(first.alerts.map((a) => [a.kind, a.itemKey])).toEqual([['domain-expiring', `domain:${id}`]]);
    expect(first.alerts[0]?.title).toMatch(/shop\.example/);
    expect((await poll()).alerts).toEqual([]);

    const renewed = new Date(clock.now() + 375 * 86_400_000).toISOString().slice(0, 10);
    rdap.setDomain('shop.example', { expiresOn: renewed, registrar: 'Example Registrar' });
    // Each domain is looked up again about daily (24 h ± 10 %).
    clock.advance(28 * 3_600_000);
    await advanceUntil(clock, async () => ((await api(`/domains/${id}`)).json as { expires_on?: string }).expires_on === renewed, { pauseMs: 15 });
    expect((await poll()).alerts.filter((a) => a.kind.startsWith('domain'))).toEqual([]);
  });

  it('a stopped server: one "can\'t reach" after repeated failures, and one "reachable again"', async () => {
    const healthy = client;
    client = new MonitoringClient({ baseUrl: 'http://127.0.0.1:9/api', token: () => token, timeoutMs: 2_000 });
    const failing = [await poll(), await poll(), await poll(), await poll()].map((p) => p.alerts.map((a) => a.kind));
    expect(failing.flat()).toEqual(['connection-lost']);
    client = healthy;
    expect((await poll()).alerts.map((a) => a.kind)).toEqual(['connection-restored']);
  });
});
