// A certificate about to expire, told by the desktop itself through the real core and the real local service (a
// local-mode user with no webhook is told too): a real HTTPS server on loopback serves a self-signed certificate
// ending in 5 days, the service's check reads it (errors ignored, so the monitor is up), and the core's poll tells
// it once, in the words of the service's own feed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selfSigned } from '../../helpers/test-certificates.ts';
import { startTlsTarget, type TlsTarget } from '../../helpers/tls-target.ts';
import { refreshUntil, serverOf } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const app = coreForTests();
let target: TlsTarget;

beforeAll(async () => {
  target = await startTlsTarget(await selfSigned(['localhost'], { until: Date.now() + 5 * DAY + HOUR }));
}, 60_000);

afterAll(async () => {
  await target.close();
});

describe('a certificate about to expire on this computer', () => {
  it('is told once by the desktop, as the feed says it, and a later poll tells nothing', async () => {
    const monitor = await app.calls.createMonitor('local', { name: 'Shop', type: 'http', url: target.url, frequency: 30, tls: { ignore_errors: true } });
    const key = `local/monitor:${monitor.id}`;
    const status = await refreshUntil(app, (s) => serverOf(s).monitors.some((each) => each.id === monitor.id && each.certificate_expires_on !== undefined));
    // The check passes (errors ignored): the monitor stays up, its certificate is no reason for the tray.
    expect(serverOf(status).monitors.find((each) => each.id === monitor.id)).toMatchObject({ last_status: 'up', certificate_warning: 'the certificate is self-signed' });

    const told = () => app.alerts.filter((alert) => alert.itemKey === key && alert.kind.startsWith('certificate'));
    await vi.waitFor(() => expect(told()).toHaveLength(1), { timeout: 5_000 });
    expect(told()[0]).toMatchObject({
      kind: 'certificate-expiring',
      severity: 'warning',
      title: 'The certificate of Shop expires in 5 days',
      // In the computer's locale and zone, never as ISO or UTC.
      body: expect.stringMatching(/^It ends on [^(]*\d:\d\d( [AP]M)? \(https:\/\/localhost:\d+\/\); renew it before then\. · This computer$/),
    });

    await app.calls.refreshNow();
    await app.calls.refreshNow();
    expect(told()).toHaveLength(1);

    // The service's own record of it, in the window's feed, names it the same way.
    const events = await app.calls.listEvents(0);
    expect(events.find((event) => event.itemKey === key && event.title.startsWith('The certificate of Shop'))?.title).toBe('The certificate of Shop expires soon: certificate ends in 5 days');
  });
});
