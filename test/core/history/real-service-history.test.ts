// The client's history calls against Vigil's own service over real HTTP (its history extension), and the core in
// local mode using it: the service says it has history, and the item page then comes from the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { refreshUntil, serverOf } from '../app/core-fixture.ts';
import { coreForTests } from '../app/core-for-tests.ts';

let service: TestService;
let client: MonitoringClient;
let monitorId: string;
let heartbeatId: string;
const logger = recordingLogger();
const startedAt = Date.now() - 1000;

beforeAll(async () => {
  service = await startTestService({ failuresToConfirmDown: 1, rateLimitPerMinute: 100_000 });
  client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token, logger });
  // Nothing listens on port 9 of loopback: the check fails at once, and the monitor goes down.
  monitorId = (await client.createMonitor({ name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 })).item.id ?? '';
  const heartbeat = (await client.createHeartbeat({ name: 'Backup', expected_interval: 3600 })).item;
  heartbeatId = heartbeat.id ?? '';
  await fetch(heartbeat.ping_url ?? '', { method: 'POST' });
  const deadline = Date.now() + 15_000;
  while ((await client.getMonitor(monitorId)).item.last_status !== 'down' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
});
afterAll(async () => {
  expect(logger.text()).not.toContain(service.token);
  await service.stop();
});

describe("the client against the service's history extension", () => {
  it('reads its capabilities, stats, series, checks, events and pings', async () => {
    expect((await client.getCapabilities()).extensions).toContain('history');
    const { item: stats } = await client.getMonitorStats(monitorId, '24h');
    expect(stats).toMatchObject({ window: '24h', failed_checks: expect.any(Number) });
    expect(stats.checks).toBeGreaterThanOrEqual(1);
    const { item: series } = await client.getSeries(monitorId, '24h');
    expect(series.step_seconds).toBeGreaterThan(0);
    expect(series.points.some((point) => (point.checks ?? 0) > 0)).toBe(true);
    const checks = (await client.listChecks(monitorId, { limit: 5 })).items;
    expect(checks[0]).toMatchObject({ status: 'down', error: expect.any(String) });
    const events = (await client.listEvents({ since: startedAt, item: `monitor:${monitorId}`, limit: 10 })).items;
    expect(events).toContainEqual(expect.objectContaining({ kind: 'monitor', item_id: monitorId, to: 'down' }));
    const all = (await client.listStats('24h', 48)).items;
    expect(all.find((entry) => entry.id === monitorId)?.slots).toMatch(/^[ud-]{48}$/);
    expect((await client.listPings(heartbeatId, { limit: 10 })).items).toHaveLength(1);
    expect((await client.getMonitor(monitorId)).item.status_since).toEqual(expect.any(String));
  });

  it('is refused clearly for an unknown item', async () => {
    await expect(client.getSeries('mon_nope', '24h')).rejects.toMatchObject({ info: { kind: 'not-found' } });
  });
});

describe('the core in local mode', () => {
  const fixture = coreForTests({ failuresToConfirmDown: 1 });

  it("shows the service's history of a monitor that went down", async () => {
    const created = await fixture.calls.createMonitor('local', { name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
    const key = `local/monitor:${created.id ?? ''}`;
    await refreshUntil(fixture, (status) => status.items.some((item) => item.key === key && item.state === 'down'));
    const status = await fixture.calls.getStatus();
    expect(serverOf(status).connection.capabilities).toContain('history');
    expect(status.items.find((item) => item.key === key)).toMatchObject({ since: expect.any(Number), sinceIsLowerBound: false });
    const history = await fixture.calls.getItemHistory(key, '24h');
    expect(history.source).toBe('server');
    expect(history.timeline.at(-1)).toMatchObject({ state: 'down', health: 'critical' });
    expect(history.checks?.[0]).toMatchObject({ status: 'down' });
    expect(history).toMatchObject({ key, connectionId: 'local', serverName: 'This computer' });
    expect(history.events.some((event) => event.source === 'server' && event.itemKey === key && event.title.startsWith('Closed port went down'))).toBe(true);
    expect(history.incidents.at(-1)).toMatchObject({ end: undefined });
    expect((await fixture.calls.getListHistory()).items[key]).toMatchObject({ source: 'server', slots: expect.stringMatching(/d$/) });
  });
});
