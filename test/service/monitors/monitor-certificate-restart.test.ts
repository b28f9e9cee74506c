// A monitor's certificate settings, the certificate last seen and the alert already raised for it are on disk: a
// restart keeps them, and the certificate's threshold does not alert a second time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advanceUntil, checksFinished, manualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { selfSigned, testAuthority } from '../../helpers/test-certificates.ts';
import { startTlsTarget, type TlsTarget } from '../../helpers/tls-target.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

const DAY = 86_400_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-certificate-restart-'));
const trustedBefore = tls.getCACertificates('default');
let webhook: WebhookReceiver;
let expiring: TlsTarget;
let ownKey: TlsTarget;

beforeAll(async () => {
  const authority = await testAuthority();
  tls.setDefaultCACertificates([...trustedBefore, authority.cert]);
  [webhook, expiring, ownKey] = await Promise.all([
    startWebhookReceiver(),
    authority.issue(['localhost'], { until: Date.now() + 5 * DAY }).then(startTlsTarget),
    selfSigned(['localhost']).then(startTlsTarget),
  ]);
});
afterAll(async () => {
  await Promise.all([webhook.close(), expiring.close(), ownKey.close()]);
  tls.setDefaultCACertificates(trustedBefore);
  rmSync(dataDir, { recursive: true, force: true });
});

const certificateAlerts = () => webhook.requests.filter((request) => (request.body as { event: string }).event.startsWith('certificate.'));
const read = async (service: TestService, id: string) => (await service.api(`/monitors/${id}`)).json as Record<string, unknown>;

it('keeps tls, certificate_expires_on, certificate_warning and the alert raised across a restart', async () => {
  // Service time starts at the real time the certificates were minted against, and goes on across the restart.
  const clock = manualClock(Date.now());
  const first = await startTestService({ dataDir }, { clock });
  const ids: string[] = [];
  try {
    await first.api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
    for (const [name, url, tlsField] of [
      ['Shop', expiring.url, { expiry_days: [14, 7] }],
      ['Device', ownKey.url, { ignore_errors: true }],
    ] as const) {
      const created = await first.api('/monitors', { method: 'POST', body: { name, type: 'http', url, frequency: 10, tls: tlsField } });
      ids.push((created.json as { id: string }).id);
    }
    await advanceUntil(
      clock,
      async () => {
        const [shopNow, deviceNow] = [await read(first, ids[0] ?? ''), await read(first, ids[1] ?? '')];
        return shopNow.certificate_expires_on !== undefined && deviceNow.certificate_warning !== undefined;
      },
      { maxSeconds: 15, settled: () => checksFinished(first.scheduler) },
    );
    expect(await read(first, ids[0] ?? '')).toMatchObject({ last_status: 'up', certificate_expires_on: expect.any(String) });
    expect(await read(first, ids[1] ?? '')).toMatchObject({ last_status: 'up', certificate_warning: 'the certificate is self-signed' });
    // The alert is decided with the check that saw the certificate: once the dispatcher is idle, it has arrived.
    await first.dispatcher.idle();
    expect(certificateAlerts()).toHaveLength(1);
  } finally {
    await first.stop();
  }
  const second = await startTestService({ dataDir }, { clock });
  try {
    const shop = await read(second, ids[0] ?? '');
    expect(shop).toMatchObject({ tls: { expiry_days: [14, 7], ignore_errors: false }, certificate_expires_on: expect.any(String) });
    expect(await read(second, ids[1] ?? '')).toMatchObject({ tls: { ignore_errors: true }, certificate_warning: 'the certificate is self-signed' });
    // A check after the restart (one period at most) sees the same certificate: the 7-day alert is not raised again.
    await advanceUntil(clock, async () => (await read(second, ids[0] ?? '')).last_checked_at !== shop.last_checked_at, {
      maxSeconds: 20,
      settled: () => checksFinished(second.scheduler),
    });
    await second.dispatcher.idle();
    expect(certificateAlerts()).toHaveLength(1);
  } finally {
    await second.stop();
  }
});
