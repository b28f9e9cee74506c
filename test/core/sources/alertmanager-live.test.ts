// The Alertmanager reader against a real Alertmanager: alerts posted to it as Prometheus posts them fire, a silence
// takes one out of what Vigil shows, and an alert that stops firing is gone from the next answer (its recovery).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAlertmanagerAlerts } from '../../../main/core/sources/alertmanager.ts';
import { ALERTMANAGER_BINARY, startAlertmanager } from '../../helpers/alertmanager.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';

interface AnsweredAlert {
  labels: Record<string, string>;
  status: { state: string };
}

const answered = (answer: unknown) => answer as AnsweredAlert[];
const stateOf = (answer: unknown, alertname: string) => answered(answer).find((alert) => alert.labels.alertname === alertname)?.status.state;

// `npm test`'s set-up installs Alertmanager on Debian; elsewhere (a developer's Mac) this says why it does not run.
const installed = existsSync(ALERTMANAGER_BINARY);
if (!installed) console.log(`Skipping the live Alertmanager tests: ${ALERTMANAGER_BINARY} is not installed (apt-get install prometheus-alertmanager).`);

describe.runIf(installed)('the Alertmanager reader, against a real Alertmanager', () => {
  const alertmanager = startedForTests(startAlertmanager);
  const startedAt = new Date(Date.now() - 60_000).toISOString();

  it('shows each firing alert, leaves out a silenced one, and drops one that stopped firing', async () => {
    const am = alertmanager.current;
    await am.post([
      {
        labels: { alertname: 'DiskFull', instance: 'db1:9100', severity: 'critical' },
        annotations: { summary: 'Disk almost full on db1', description: 'Only 2 % left on /var.' },
        startsAt: startedAt,
        generatorURL: 'https://prometheus.example.com/graph?g0.expr=disk',
      },
      { labels: { alertname: 'HighLatency', service: 'api', severity: 'warning' }, annotations: { summary: 'p99 above 2 s' }, startsAt: startedAt },
    ]);
    const firing = await am.waitForAlerts((answer) => stateOf(answer, 'DiskFull') === 'active' && stateOf(answer, 'HighLatency') === 'active', 'both alerts active');

    const reading = readAlertmanagerAlerts(firing, am.url);
    expect(reading.issues).toEqual([]);
    const byName = new Map(reading.items.map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual(['DiskFull on db1:9100', 'HighLatency on api']);
    expect(byName.get('DiskFull on db1:9100')).toMatchObject({
      kind: 'alert',
      health: 'critical',
      state: 'firing',
      summary: 'Disk almost full on db1',
      since: Date.parse(startedAt),
      webUrl: 'https://prometheus.example.com/graph?g0.expr=disk',
    });
    expect(byName.get('HighLatency on api')).toMatchObject({ health: 'warning', summary: 'p99 above 2 s', webUrl: `${am.url}/#/alerts` });
    // The id is Alertmanager's fingerprint: the same alert keeps it from one answer to the next.
    const fingerprints = new Map(answered(firing).map((alert) => [alert.labels.alertname, (alert as unknown as { fingerprint: string }).fingerprint]));
    expect(byName.get('DiskFull on db1:9100')?.id).toBe(fingerprints.get('DiskFull'));

    // Someone is on the latency: silenced, it is no longer among the problems Vigil shows.
    await am.silence('alertname', 'HighLatency');
    const silenced = await am.waitForAlerts((answer) => stateOf(answer, 'HighLatency') === 'suppressed', 'the silenced alert suppressed');
    expect(readAlertmanagerAlerts(silenced, am.url).items.map((item) => item.name)).toEqual(['DiskFull on db1:9100']);

    // The disk is cleaned up: Prometheus sends the alert with its end, and the next answer no longer lists it.
    await am.post([{ labels: { alertname: 'DiskFull', instance: 'db1:9100', severity: 'critical' }, startsAt: startedAt, endsAt: new Date().toISOString() }]);
    const resolved = await am.waitForAlerts((answer) => stateOf(answer, 'DiskFull') === undefined, 'the resolved alert gone');
    expect(readAlertmanagerAlerts(resolved, am.url).items).toEqual([]);
  });
});
