// An https monitor's certificate over the real API and check loop (docs/api-decisions.md §16, "Monitors:
// certificates"): real TLS servers on loopback serving certificates minted here, a CA of the test's own trusted for
// this process as a user's system would trust a public one, and alerts received by a real webhook receiver.
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceUntil, advanceUntilMatch, checksFinished, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { selfSigned, testAuthority, type MintedCertificate, type TestAuthority } from '../../helpers/test-certificates.ts';
import { startTlsTarget, type TlsTarget } from '../../helpers/tls-target.ts';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Monitor = Record<string, unknown> & { id: string };
type Alert = { event: string; message: string; subject: Monitor };

/** A service on a clock of its own, which only its test moves. */
interface ClockedService {
  service: TestService;
  clock: ManualClock;
  create(body: Record<string, unknown>): Promise<Monitor>;
  read(id: string): Promise<Monitor>;
  /** Moves the clock until the monitor's latest check shows what is expected. */
  checked(id: string, expected: Record<string, unknown>): Promise<Monitor>;
  /** Moves the clock until `done` holds, each step's checks finished before the next. */
  advanceUntil(done: () => Promise<boolean>): Promise<void>;
}

let webhook: WebhookReceiver;
let authority: TestAuthority;
/** The service the requests' validation is tried on: its clock never moves, so nothing is checked. */
let still: ClockedService;
const services: TestService[] = [];
const targets: TlsTarget[] = [];
const trustedBefore = tls.getCACertificates('default');

beforeAll(async () => {
  [authority, webhook] = await Promise.all([testAuthority(), startWebhookReceiver()]);
  tls.setDefaultCACertificates([...trustedBefore, authority.cert]);
  still = await openService();
});
afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  await Promise.all([webhook.close(), ...targets.map((target) => target.close())]);
  tls.setDefaultCACertificates(trustedBefore);
});

/**
 * Starts a service on a clock reading `startMs` (the real time by default: certificates are minted relative to it),
 * alerting the shared webhook receiver. One failure is down: a refused certificate shows at the first check.
 */
async function openService(startMs = Date.now()): Promise<ClockedService> {
  const clock = manualClock(startMs);
  const service = await startTestService({ failuresToConfirmDown: 1 }, { clock });
  services.push(service);
  await service.api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
  const read = async (id: string) => (await service.api(`/monitors/${id}`)).json as Monitor;
  const settled = () => checksFinished(service.scheduler);
  return {
    service,
    clock,
    async create(body) {
      const created = await service.api('/monitors', { method: 'POST', body: { type: 'http', frequency: 10, ...body } });
      expect(created.status).toBe(201);
      return created.json as Monitor;
    },
    read,
    // The first check comes within 5 s of creating the monitor, the next 10 s later, and an answer may trail a check
    // by 5 s (the store's batches): 25 s of service time.
    checked: (id, expected) => advanceUntilMatch(clock, () => read(id), expected, { maxSeconds: 25, settled }),
    advanceUntil: (done) => advanceUntil(clock, done, { settled }),
  };
}

async function serve(certificate: MintedCertificate): Promise<TlsTarget> {
  const target = await startTlsTarget(certificate);
  targets.push(target);
  return target;
}

const certificateAlertsOf = (id: string): Alert[] =>
  webhook.requests.map((request: ReceivedRequest) => request.body as Alert).filter((alert) => alert.event.startsWith('certificate.') && alert.subject.id === id);

const certificateEventsOf = async (service: TestService, id: string) =>
  ((await service.api(`/events?item=monitor:${id}`)).json as { to: string; detail?: string }[]).filter((event) => event.detail?.startsWith('certificate')).map((event) => event.to);

/** The instant a minted certificate ends, as the service reads it: certificates carry whole seconds. */
const isoSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

// Each test has its own service, clock, server and monitors: they run side by side.
describe.concurrent('an https monitor', () => {
  it('alerts once at the 7-day threshold for a certificate ending in 5 days, and again after a renewal', async () => {
    const { service, clock, create, checked, advanceUntil } = await openService();
    const now = clock.now();
    const ends = now + 5 * DAY + HOUR;
    const target = await serve(await authority.issue(['localhost'], { until: ends }));
    const monitor = await create({ name: 'Shop', url: target.url });
    expect(monitor.tls).toEqual({ expiry_days: [30, 14, 7, 1], ignore_errors: false });
    const first = await checked(monitor.id, { last_status: 'up', certificate_expires_on: isoSecond(ends) });
    expect(first.certificate_warning).toBeUndefined();

    // The alert is decided with the check that saw the certificate: once the dispatcher is idle, it has arrived.
    await service.dispatcher.idle();
    const [alert, ...more] = certificateAlertsOf(monitor.id);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({
      event: 'certificate.expiring',
      subject: { kind: 'monitor', id: monitor.id, name: 'Shop', certificate_expires_on: isoSecond(ends) },
    });
    expect(alert?.message).toBe(`The certificate of “Shop” (${target.url}) expires in 5 days, on ${isoSecond(ends).slice(0, 16).replace('T', ' ')} UTC.`);

    // The next check sees the same certificate: no second alert.
    await checked(monitor.id, { last_checked_at: expect.not.stringMatching(first.last_checked_at as string) });
    await service.dispatcher.idle();
    expect(certificateAlertsOf(monitor.id)).toHaveLength(1);

    // A renewal (a later end) re-arms the thresholds: this one still ends within 7 days, so it alerts again.
    const renewed = now + 6 * DAY + HOUR;
    target.renew(await authority.issue(['localhost'], { until: renewed }));
    await checked(monitor.id, { certificate_expires_on: isoSecond(renewed) });
    await service.dispatcher.idle();
    expect(certificateAlertsOf(monitor.id)).toHaveLength(2);
    expect(certificateAlertsOf(monitor.id)[1]).toMatchObject({ event: 'certificate.expiring', subject: { certificate_expires_on: isoSecond(renewed) } });

    // Each shows in the history's events, the renewal too (the history writes in batches, on the clock).
    await advanceUntil(async () => (await certificateEventsOf(service, monitor.id)).length >= 3);
    expect(await certificateEventsOf(service, monitor.id)).toEqual(['expiring', 'renewed', 'expiring']);
  });

  it('records one renewal for servers taking turns with two certificates, and alerts no more', async () => {
    const { service, clock, create, checked, advanceUntil } = await openService();
    const now = clock.now();
    const [soon, later] = [now + 5 * DAY + HOUR, now + 60 * DAY];
    const [ending, renewed] = await Promise.all([authority.issue(['localhost'], { until: soon }), authority.issue(['localhost'], { until: later })]);
    const target = await serve(ending);
    const monitor = await create({ name: 'Balanced', url: target.url });
    await checked(monitor.id, { certificate_expires_on: isoSecond(soon) });
    for (const [certificate, ends] of [[renewed, later], [ending, soon], [renewed, later]] as const) {
      target.renew(certificate);
      await checked(monitor.id, { certificate_expires_on: isoSecond(ends) });
    }
    await service.dispatcher.idle();
    expect(certificateAlertsOf(monitor.id).map((alert) => alert.event)).toEqual(['certificate.expiring']);
    await advanceUntil(async () => (await certificateEventsOf(service, monitor.id)).length >= 2);
    expect(await certificateEventsOf(service, monitor.id)).toEqual(['expiring', 'renewed']);
  });

  it('alerts certificate.expired once when the certificate it has seen ends and is refused', async () => {
    // Node judges a certificate against the real time, the service its thresholds against its own clock: the
    // certificate must be valid in both at the first check, and past its end in both at a later one. It ends 2.5 to
    // 3.5 s from now, in whole seconds; the service's clock starts 5 s behind the real time, so its first check
    // (within 5 s of service time, and finished at the time it started) sees the certificate valid in both.
    const { service, create, read, checked, advanceUntil } = await openService(Date.now() - 5_000);
    const ends = Math.ceil((Date.now() + 2_500) / 1000) * 1000;
    const certificate = await authority.issue(['localhost'], { until: ends });
    const target = await serve(certificate);
    const monitor = await create({ name: 'Ending', url: target.url });
    const up = await checked(monitor.id, { last_status: 'up', certificate_expires_on: isoSecond(ends) });
    expect(Date.parse(up.last_checked_at as string)).toBeLessThan(ends);

    // Real time must pass the end for the server's certificate to be refused: the one wait this test has on it.
    while (Date.now() <= ends) await new Promise((resolve) => setTimeout(resolve, ends + 1 - Date.now()));
    // The connection the first check left open was verified before the end; after a round's wait (10 s) it would be
    // closed by now, idle. Closing it here, the same certificate still served, makes the next check shake hands anew.
    target.renew(certificate);
    const down = await checked(monitor.id, { last_status: 'down', last_error: 'the certificate has expired' });
    // The refusal carries no certificate: the one last seen is still shown.
    expect(down.certificate_expires_on).toBe(isoSecond(ends));
    // The alert comes with the first refusal at or after the end in service time.
    const expectedAlerts = ['certificate.expiring', 'certificate.expired'];
    await advanceUntil(async () => {
      await service.dispatcher.idle();
      return certificateAlertsOf(monitor.id).length >= expectedAlerts.length;
    });
    expect(certificateAlertsOf(monitor.id).map((alert) => alert.event)).toEqual(expectedAlerts);
    expect(certificateAlertsOf(monitor.id)[1]?.message).toBe(`The certificate of “Ending” (${target.url}) expired on ${isoSecond(ends).slice(0, 16).replace('T', ' ')} UTC.`);

    // Once: a later refusal raises nothing more.
    const alertedAt = (await read(monitor.id)).last_checked_at as string;
    await checked(monitor.id, { last_checked_at: expect.not.stringMatching(alertedAt) });
    await service.dispatcher.idle();
    expect(certificateAlertsOf(monitor.id).map((alert) => alert.event)).toEqual(expectedAlerts);
  });

  it('is down on an expired certificate, saying so', async () => {
    const { clock, create, checked } = await openService();
    const now = clock.now();
    const target = await serve(await authority.issue(['localhost'], { from: now - 90 * DAY, until: now - DAY }));
    const monitor = await create({ name: 'Expired', url: target.url });
    await checked(monitor.id, { last_status: 'down', last_error: 'the certificate has expired' });
  });

  it('is down on a certificate for another host, naming what it is for, and knows when it ends', async () => {
    const { clock, create, checked } = await openService();
    const ends = clock.now() + 60 * DAY;
    const target = await serve(await authority.issue(['other.example'], { until: ends }));
    const monitor = await create({ name: 'Other host', url: target.url });
    await checked(monitor.id, { last_status: 'down', last_error: 'the certificate is for other.example, not localhost', certificate_expires_on: isoSecond(ends) });
  });

  it('is down on a self-signed certificate, and up with a warning once errors are ignored', async () => {
    const { service, create, checked } = await openService();
    const target = await serve(await selfSigned(['localhost']));
    const strict = await create({ name: 'Device', url: target.url });
    const lenient = await create({ name: 'Device, trusted', url: target.url, tls: { ignore_errors: true } });
    await checked(strict.id, { last_status: 'down', last_error: 'the certificate is self-signed' });
    const up = await checked(lenient.id, { last_status: 'up', certificate_warning: 'the certificate is self-signed' });
    expect(up.tls).toEqual({ expiry_days: [30, 14, 7, 1], ignore_errors: true });
    expect(up.last_error).toBeUndefined();

    // A PUT that leaves tls out keeps it; null puts the default back, and the check refuses the certificate again.
    const { id, name, url, type, frequency } = up;
    const renamed = await service.api(`/monitors/${id}`, { method: 'PUT', body: { id, name: 'Device (lab)', url, type, frequency } });
    expect(renamed.json).toMatchObject({ tls: { ignore_errors: true } });
    const reset = await service.api(`/monitors/${id}`, { method: 'PUT', body: { id, name, url, type, frequency, tls: null } });
    expect(reset.json).toMatchObject({ tls: { ignore_errors: false } });
    const down = await checked(id, { last_status: 'down', last_error: 'the certificate is self-signed' });
    expect(down.certificate_warning).toBeUndefined();
  });
});

describe('tls', () => {
  const bad: [string, unknown, string][] = [
    ['not an object', 'strict', 'tls'],
    ['a threshold of 0 days', { expiry_days: [0] }, 'tls.expiry_days.0'],
    ['a threshold beyond a year', { expiry_days: [30, 400] }, 'tls.expiry_days.1'],
    ['a fractional threshold', { expiry_days: [1.5] }, 'tls.expiry_days.0'],
    ['a threshold as text', { expiry_days: ['7'] }, 'tls.expiry_days.0'],
    ['a repeated threshold', { expiry_days: [7, 7] }, 'tls.expiry_days.1'],
    ['more than 8 thresholds', { expiry_days: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'tls.expiry_days'],
    ['thresholds that are no list', { expiry_days: 7 }, 'tls.expiry_days'],
    ['ignore_errors that is not a boolean', { ignore_errors: 'yes' }, 'tls.ignore_errors'],
    ['an unknown field', { ignore_error: true }, 'tls'],
    ['null on create', null, 'tls'],
  ];

  it.each(bad)('refuses %s, naming the field', async (_what, value, field) => {
    const response = await still.service.api('/monitors', { method: 'POST', body: { name: 'x', type: 'http', url: 'https://localhost:9/', frequency: 60, tls: value } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed', details: [expect.objectContaining({ field })] } });
  });

  it('applies to http monitors only', async () => {
    const response = await still.service.api('/monitors', { method: 'POST', body: { name: 'x', type: 'tcp', url: '127.0.0.1:9', frequency: 60, tls: { ignore_errors: true } } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { details: [{ field: 'tls', message: 'applies only to http monitors' }] } });
    const tcp = await still.create({ name: 'Port', type: 'tcp', url: '127.0.0.1:9' });
    expect(tcp.tls).toBeUndefined();
    const put = await still.service.api(`/monitors/${tcp.id}`, { method: 'PUT', body: { ...tcp, tls: { expiry_days: [7] } } });
    expect(put.status).toBe(400);
    expect(put.json).toMatchObject({ error: { details: [{ field: 'tls' }] } });
  });

  it('answers the thresholds largest first, on an http:// URL too (a redirect may lead to https)', async () => {
    const monitor = await still.create({ name: 'Plain', url: 'http://127.0.0.1:9/', frequency: 600, tls: { expiry_days: [7, 30, 1] } });
    expect(monitor.tls).toEqual({ expiry_days: [30, 7, 1], ignore_errors: false });
    expect((await still.read(monitor.id)).tls).toEqual({ expiry_days: [30, 7, 1], ignore_errors: false });
  });
});
