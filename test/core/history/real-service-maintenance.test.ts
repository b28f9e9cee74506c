// The item page against Vigil's own service over real HTTP, with a maintenance window on a monitor and one over the
// whole service, each begun and ended by hand: the stats' maintenance_seconds read into the uptime, the stretches
// drawn on the timeline, and the windows' beginnings and ends told among the item's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { assessMonitor } from '../../../main/core/health/index.ts';
import { buildItemHistory } from '../../../main/core/history/item-history.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let service: TestService;
let client: MonitoringClient;
let monitorId: string;
const logger = recordingLogger();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  service = await startTestService({ failuresToConfirmDown: 1, rateLimitPerMinute: 100_000 });
  client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token, logger });
  // Nothing listens on port 9 of loopback: checked at once, and down.
  monitorId = (await client.createMonitor({ name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 })).item.id ?? '';
  const deadline = Date.now() + 15_000;
  while ((await client.getMonitor(monitorId)).item.last_status !== 'down' && Date.now() < deadline) await pause(200);
  const own = (await client.createMaintenance({ item: `monitor:${monitorId}`, reason: 'deploy' })).item;
  await pause(1500);
  await client.endMaintenance(own.id ?? '');
  await pause(500);
  const everything = (await client.createMaintenance({})).item;
  await pause(1500);
  await client.endMaintenance(everything.id ?? '');
});
afterAll(async () => {
  await service.stop();
});

describe("a service's maintenance on the item page", () => {
  it('is in the uptime, on the timeline and among the events', async () => {
    const monitor = (await client.getMonitor(monitorId)).item;
    const page = await buildItemHistory({
      connection: { id: 'local', name: 'This computer' },
      key: `monitor:${monitorId}`,
      window: '24h',
      now: Date.now(),
      item: assessMonitor(monitor),
      name: 'Closed port',
      since: undefined,
      server: { client, hasMaintenance: (await client.getCapabilities()).extensions.includes('maintenance') },
      record: undefined,
      sourceHistory: undefined,
      graceSeconds: 300,
    });
    expect(page?.uptime[0]).toMatchObject({ window: '24h', source: 'server' });
    // Two windows of about 1.5 s each, as the service rounds them.
    expect(page?.uptime[0]?.maintenanceSeconds).toBeGreaterThanOrEqual(2);
    expect(page?.uptime[0]?.maintenanceSeconds).toBeLessThanOrEqual(5);
    const drawn = (page?.timeline ?? []).filter((segment) => segment.health === 'maintenance');
    expect(drawn).toHaveLength(2);
    for (const segment of drawn) expect(segment.to - segment.from).toBeGreaterThanOrEqual(1000);
    expect(page?.events.filter((event) => event.kind === 'maintenance').map((event) => [event.title, event.itemKey, event.source])).toEqual([
      ['Maintenance of every item ended', undefined, 'server'],
      ['Maintenance of every item began', undefined, 'server'],
      ['Maintenance of Closed port ended', `local/monitor:${monitorId}`, 'server'],
      ['Maintenance of Closed port began (deploy)', `local/monitor:${monitorId}`, 'server'],
    ]);
    // Down throughout, but the incident is cut where maintenance began: planned work is not an incident.
    expect(page?.incidents.length).toBeGreaterThanOrEqual(2);
  });
});
