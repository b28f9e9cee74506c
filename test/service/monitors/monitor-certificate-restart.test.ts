// A monitor's certificate settings, the certificate last seen and the alert already raised for it are on disk: a
// restart keeps them, and the certificate's threshold does not alert a second time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
  const first = await startTestService({ dataDir });
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
    await vi.waitFor(
      async () => {
        expect(await read(first, ids[0] ?? '')).toMatchObject({ last_status: 'up', certificate_expires_on: expect.any(String) });
        expect(await read(first, ids[1] ?? '')).toMatchObject({ last_status: 'up', certificate_warning: 'the certificate is self-signed' });
        expect(certificateAlerts()).toHaveLength(1);
      },
      { timeout: 15_000, interval: 250 },
    );
  } finally {
    await first.stop();
  }
  const second = await startTestService({ dataDir });
  try {
    const shop = await read(second, ids[0] ?? '');
    expect(shop).toMatchObject({ tls: { expiry_days: [14, 7], ignore_errors: false }, certificate_expires_on: expect.any(String) });
    expect(await read(second, ids[1] ?? '')).toMatchObject({ tls: { ignore_errors: true }, certificate_warning: 'the certificate is self-signed' });
    // A check after the restart (one period at most) sees the same certificate: the 7-day alert is not raised again.
    await vi.waitFor(async () => expect((await read(second, ids[0] ?? '')).last_checked_at).not.toBe(shop.last_checked_at), { timeout: 20_000, interval: 250 });
    expect(certificateAlerts()).toHaveLength(1);
  } finally {
    await second.stop();
  }
}, 60_000);
