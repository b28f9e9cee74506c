// The Alertmanager adapter through a real SourceRequester against a real Alertmanager: alerts posted as Prometheus
// posts them are read, a silenced one is not asked for, a resolved one is gone from the next poll, and an address
// that is not Alertmanager's API is said in one sentence.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';
import { alertmanagerAdapter } from '../../../main/core/sources/alertmanager-adapter.ts';
import { SourceRequester, type SourceAddress } from '../../../main/core/sources/source-request.ts';
import { expectFailure } from '../api/fixtures.ts';
import { ALERTMANAGER_BINARY, startAlertmanager } from '../../helpers/alertmanager.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { trackingClock } from '../../helpers/tracking-clock.ts';

interface AnsweredAlert {
  labels: Record<string, string>;
  status: { state: string };
}

const stateOf = (answer: unknown, alertname: string) => (answer as AnsweredAlert[]).find((alert) => alert.labels.alertname === alertname)?.status.state;

// `npm test`'s set-up installs Alertmanager on Debian; elsewhere (a developer's Mac) this says why it does not run.
const installed = existsSync(ALERTMANAGER_BINARY);
if (!installed) console.log(`Skipping the Alertmanager adapter tests: ${ALERTMANAGER_BINARY} is not installed (apt-get install prometheus-alertmanager).`);

it('polls every 15 s, with no key', () => {
  expect(alertmanagerAdapter).toMatchObject({ kind: 'alertmanager', defaultPollMs: 15_000, minPollMs: 15_000 });
  expect(CONNECTION_KEY['alertmanager']).toBe('none');
  expect(alertmanagerAdapter.history).toBeUndefined();
});

describe.runIf(installed)('the Alertmanager adapter, against a real Alertmanager', () => {
  const alertmanager = startedForTests(startAlertmanager);
  const startedAt = new Date(Date.now() - 60_000).toISOString();
  const clock = trackingClock();
  afterEach(() => expect(clock.live(), 'timers left running').toBe(0));

  const address = (): SourceAddress => ({ kind: 'alertmanager', baseUrl: alertmanager.current.url });
  const requester = (source = address()) => new SourceRequester(source, { fetch: quietFetch, clock, timeoutMs: 5000 });

  it('reads no alerts as no items', async () => {
    expect(await alertmanagerAdapter.read(requester(), address())).toEqual({ items: [], issues: [] });
  });

  it('reads the firing alerts, leaves out a silenced one without asking for it, and drops one resolved', async () => {
    const am = alertmanager.current;
    const asker = requester();
    await am.post([
      { labels: { alertname: 'QueueBacklog', service: 'billing', severity: 'critical' }, annotations: { summary: '12,000 jobs waiting' }, startsAt: startedAt },
      { labels: { alertname: 'CertExpiring', instance: 'www:443', severity: 'warning' }, annotations: { summary: 'Certificate expires in 9 days' }, startsAt: startedAt },
    ]);
    await am.waitForAlerts((answer) => stateOf(answer, 'QueueBacklog') === 'active' && stateOf(answer, 'CertExpiring') === 'active', 'both alerts active');

    const firing = await alertmanagerAdapter.read(asker, address());
    expect(firing.issues).toEqual([]);
    expect(firing.items.map((item) => [item.name, item.health, item.state, item.summary]).sort()).toEqual([
      ['CertExpiring on www:443', 'warning', 'firing', 'Certificate expires in 9 days'],
      ['QueueBacklog on billing', 'critical', 'firing', '12,000 jobs waiting'],
    ]);

    await am.silence('alertname', 'CertExpiring');
    await am.waitForAlerts((answer) => stateOf(answer, 'CertExpiring') === 'suppressed', 'the silenced alert suppressed');
    expect((await alertmanagerAdapter.read(asker, address())).items.map((item) => item.name)).toEqual(['QueueBacklog on billing']);

    await am.post([{ labels: { alertname: 'QueueBacklog', service: 'billing', severity: 'critical' }, startsAt: startedAt, endsAt: new Date().toISOString() }]);
    await am.waitForAlerts((answer) => stateOf(answer, 'QueueBacklog') === undefined, 'the resolved alert gone');
    expect((await alertmanagerAdapter.read(asker, address())).items).toEqual([]);
  });

  it('an address below which Alertmanager has no API: its 404, in words', async () => {
    const wrong: SourceAddress = { kind: 'alertmanager', baseUrl: `${alertmanager.current.url}/prometheus` };
    const info = await expectFailure(alertmanagerAdapter.read(requester(wrong), wrong), 'not-found');
    expect(info.message).toBe('Alertmanager has nothing at GET /api/v2/alerts?active=true&silenced=false&inhibited=false (HTTP 404): 404 page not found.');
  });

  it('a key given to it is refused before anything is sent', async () => {
    const keyed: SourceAddress = { ...address(), key: 'secret-key-123' };
    const info = await expectFailure(alertmanagerAdapter.read(requester(keyed), keyed), 'bad-request', 'secret-key-123');
    expect(info.message).toBe('Alertmanager is read without a key, so Vigil sends none; remove the key from this source.');
  });
});
