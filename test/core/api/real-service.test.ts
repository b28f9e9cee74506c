// The client against Vigil's own service over real HTTP: every operation, its errors, and paging 2,500 monitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMonitorPutBody } from '../../../common/api/index.ts';
import { MonitoringClient, type MonitoringClientOptions } from '../../../main/core/api/index.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { trackingClock } from '../../helpers/tracking-clock.ts';
import { expectFailure } from './fixtures.ts';

let service: TestService;
const logger = recordingLogger();
const clock = trackingClock();

beforeAll(async () => {
  service = await startTestService({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  expect(clock.live()).toBe(0);
  expect(logger.text()).not.toContain(service.token);
  await service.stop();
});

const client = (options: Partial<MonitoringClientOptions> = {}) =>
  new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token, clock, logger, ...options });

// A loopback target nothing listens on: the service's checks fail fast and harmlessly.
const target = 'http://127.0.0.1:9/health';

describe('every operation', () => {
  it('creates, lists, reads, replaces and deletes a monitor', async () => {
    const api = client();
    const { item: created, issues } = await api.createMonitor({ name: 'API', type: 'http', url: target, frequency: 60 });
    expect(issues).toEqual([]);
    expect(created).toMatchObject({ name: 'API', type: 'http', url: target, frequency: 60, last_status: 'unknown' });
    const id = created.id ?? '';
    expect((await api.listMonitors()).items.map((monitor) => monitor.id)).toContain(id);
    expect((await api.getMonitor(id)).item).toEqual(created);

    const put = buildMonitorPutBody(created, { name: 'API v2', frequency: 120 });
    if (!put.ok) throw new Error('the PUT body should build');
    const { item: updated } = await api.updateMonitor(id, put.body);
    expect(updated).toMatchObject({ id, name: 'API v2', frequency: 120, created_at: created.created_at });
    expect((await api.getMonitor(id)).item).toEqual(updated);

    await api.deleteMonitor(id);
    await expectFailure(api.getMonitor(id), 'not-found', service.token);
  });

  it('creates, lists, reads and deletes a heartbeat', async () => {
    const api = client();
    const { item } = await api.createHeartbeat({ name: 'Nightly backup', expected_interval: 86_400 });
    expect(item).toMatchObject({ name: 'Nightly backup', expected_interval: 86_400 });
    expect(item.slug).toBeTruthy();
    const id = item.id ?? '';
    expect((await api.listHeartbeats()).items.map((heartbeat) => heartbeat.id)).toEqual([id]);
    expect((await api.getHeartbeat(id)).item).toEqual(item);
    await api.deleteHeartbeat(id);
    expect((await api.listHeartbeats()).items).toEqual([]);
  });

  it('creates, lists, reads and deletes a domain', async () => {
    const api = client();
    const { item } = await api.createDomain({ domain: 'example.com' });
    expect(item.domain).toBe('example.com');
    const id = item.id ?? '';
    expect((await api.listDomains()).items.map((domain) => domain.id)).toEqual([id]);
    expect((await api.getDomain(id)).item.domain).toBe('example.com');
    await api.deleteDomain(id);
    await expectFailure(api.getDomain(id), 'not-found', service.token);
  });

  it('creates, lists, reads and deletes a notification handler', async () => {
    const api = client();
    const { item } = await api.createNotificationHandler({ name: 'Ops', type: 'email', destination: 'ops@example.com' });
    expect(item).toMatchObject({ name: 'Ops', type: 'email', destination: 'ops@example.com' });
    const id = item.id ?? '';
    expect((await api.listNotificationHandlers()).items.map((handler) => handler.id)).toEqual([id]);
    expect((await api.getNotificationHandler(id)).item).toEqual(item);
    await api.deleteNotificationHandler(id);
    expect((await api.listNotificationHandlers()).items).toEqual([]);
  });
});

describe('errors from the service', () => {
  it('reports an unknown id as not-found, with the service message', async () => {
    const info = await expectFailure(client().getMonitor('mon_missing'), 'not-found', service.token);
    expect(info).toMatchObject({ status: 404, message: expect.stringMatching(/^The server has nothing at GET \/monitors\/mon_missing \(HTTP 404\): .+\.$/) });
  });

  it('reports invalid fields as bad-request with their details', async () => {
    const invalid = { name: '', type: 'http', url: target, frequency: 5 } as const;
    const info = await expectFailure(client().createMonitor(invalid), 'bad-request', service.token);
    expect(info.status).toBe(400);
    expect(info.details?.map((detail) => detail.field).sort()).toEqual(['frequency', 'name']);
    expect(info.details?.every((detail) => detail.message.length > 0)).toBe(true);
  });

  it('reports a wrong token as unauthorized, naming neither token', async () => {
    const wrong = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.d3Jvbmc';
    const info = await expectFailure(client({ token: () => wrong }).listDomains(), 'unauthorized', wrong);
    expect(info.status).toBe(401);
    expect(info.message).not.toContain(service.token);
  });
});

describe('paging 2,500 monitors', () => {
  const created: string[] = [];
  beforeAll(async () => {
    let next = 0;
    const worker = async () => {
      while (next < 2500) {
        const index = next++;
        const response = await service.api('/monitors', { method: 'POST', body: { name: `m${index}`, type: 'http', url: target, frequency: 86_400 } });
        if (response.status !== 201) throw new Error(`create ${index} answered ${response.status}`);
        created[index] = (response.json as { id: string }).id;
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    // Earlier tests delete what they create, so these are all the monitors there are.
    expect((await service.api('/monitors?limit=1')).headers.get('x-total-count')).toBe('2500');
  });

  it.each([1000, 100])('reads all of them in creation order with pageSize %i', async (pageSize) => {
    const { items, issues } = await client({ pageSize }).listMonitors();
    expect(issues).toEqual([]);
    expect(items).toHaveLength(2500);
    expect(new Set(items.map((monitor) => monitor.id))).toEqual(new Set(created));
    const createdAt = items.map((monitor) => monitor.created_at ?? '');
    expect(createdAt).toEqual([...createdAt].sort());
  });
});
