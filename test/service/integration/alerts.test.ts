// The whole service end to end, on a clock the test moves: a real local target goes down and comes back, a
// heartbeat misses its deadline, a domain nears expiry over RDAP — and the alerts reach a real webhook
// receiver and a real SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startRdapFixture, type RdapFixture } from '../../helpers/rdap-fixture.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

let clock: ManualClock;
let service: TestService;
let target: HttpTarget;
let webhook: WebhookReceiver;
let smtp: SmtpReceiver;
let rdap: RdapFixture;

beforeAll(async () => {
  [target, webhook, smtp, rdap] = await Promise.all([startHttpTarget(), startWebhookReceiver(), startSmtpReceiver(), startRdapFixture()]);
  clock = manualClock(Date.now());
  service = await startTestService(
    {
      rdapBootstrapUrl: rdap.bootstrapUrl,
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', from: 'vigil@example.com' },
    },
    { clock },
  );
  await service.api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
  await service.api('/notifications', { method: 'POST', body: { name: 'mail', type: 'email', destination: 'ops@example.com' } });
});
afterAll(async () => {
  await service.stop();
  await Promise.all([target.close(), webhook.close(), smtp.close(), rdap.close()]);
});

// Each test starts from a quiet service: what an earlier one made is gone (a heartbeat left behind would be late
// again as the clock moves on), its deliveries are over, and the receivers are empty.
const created: string[] = [];
afterEach(async () => {
  for (const path of created.splice(0)) await service.api(path, { method: 'DELETE' });
  await service.dispatcher.idle();
  webhook.requests.length = 0;
  smtp.messages.length = 0;
});

const events = () => webhook.requests.map((r) => (r.body as { event: string }).event);

describe('alerts end to end', () => {
  it('monitor: unknown → up (no alert) → down (alert) → up (alert), through webhook and email', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 10 } });
    const id = (json as { id: string }).id;
    created.push(`/monitors/${id}`);
    const status = async () => ((await service.api(`/monitors/${id}`)).json as { last_status: string }).last_status;

    await advanceUntil(clock, async () => (await status()) === 'up', { pauseMs: 15 });
    expect(events()).toEqual([]);

    target.setUp(false);
    await advanceUntil(clock, async () => (await status()) === 'down', { pauseMs: 15 });
    const [down] = await webhook.waitFor(1);
    expect(down?.body).toMatchObject({ event: 'monitor.down', subject: { kind: 'monitor', id, name: 'Shop', last_status: 'down' } });
    expect((down?.body as { message: string }).message).toMatch(/Monitor “Shop” is down: HTTP 503/);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['ops@example.com']);
    expect(mail?.headers.get('subject')?.[0]).toMatch(/DOWN: Shop/);

    target.setUp(true);
    await advanceUntil(clock, async () => (await status()) === 'up', { pauseMs: 15 });
    await webhook.waitFor(2);
    expect(events()).toEqual(['monitor.down', 'monitor.up']);
  });

  it('heartbeat: late after interval + grace, recovered on the next ping', async () => {
    const { json } = await service.api('/heartbeats', { method: 'POST', body: { name: 'nightly', expected_interval: 30 } });
    const heartbeat = json as { id: string; ping_url: string };
    created.push(`/heartbeats/${heartbeat.id}`);
    const before = webhook.requests.length;
    await advanceUntil(clock, async () => webhook.requests.length > before, { pauseMs: 15 });
    expect(webhook.requests.at(-1)?.body).toMatchObject({ event: 'heartbeat.late', subject: { kind: 'heartbeat', id: heartbeat.id } });

    expect((await fetch(heartbeat.ping_url, { method: 'POST' })).status).toBe(200);
    await webhook.waitFor(before + 2);
    expect(webhook.requests.at(-1)?.body).toMatchObject({ event: 'heartbeat.recovered' });
  });

  /** Adds a domain (deleted after the test) and moves the clock until the service's answer for it has `field`. */
  async function addDomainUntil(domain: string, field: 'expires_on' | 'last_checked_at'): Promise<string> {
    const { json } = await service.api('/domains', { method: 'POST', body: { domain } });
    const id = (json as { id: string }).id;
    created.push(`/domains/${id}`);
    await advanceUntil(clock, async () => ((await service.api(`/domains/${id}`)).json as Record<string, unknown>)[field] !== undefined, { pauseMs: 15 });
    return id;
  }

  it('domain: looked up over RDAP at once, shows expiry and registrar, and warns at the 7-day threshold', async () => {
    const inSixDays = new Date(clock.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    rdap.setDomain('soon.example', { expiresOn: inSixDays, registrar: 'Example Registrar, Inc.' });
    const before = webhook.requests.length;
    const id = await addDomainUntil('soon.example', 'expires_on');
    expect((await service.api(`/domains/${id}`)).json).toEqual({
      id,
      domain: 'soon.example',
      created_at: expect.any(String),
      expires_on: inSixDays,
      days_until_expiry: 6,
      registrar: 'Example Registrar, Inc.',
      last_checked_at: expect.any(String),
    });
    await webhook.waitFor(before + 1);
    expect(webhook.requests.at(-1)?.body).toMatchObject({ event: 'domain.expiring', subject: { kind: 'domain', domain: 'soon.example' } });
  });

  it('domain: an unsupported TLD leaves the expiry fields absent and says why', async () => {
    // The lookup has had its chance once it says when it ended.
    const id = await addDomainUntil('nothing.invalid', 'last_checked_at');
    expect((await service.api(`/domains/${id}`)).json).toEqual({
      id,
      domain: 'nothing.invalid',
      created_at: expect.any(String),
      last_checked_at: expect.any(String),
      last_error: 'the registry of .invalid does not publish expiry dates (no RDAP service is listed for .invalid)',
    });
  });
});
