// A weekly window in Europe/Berlin across the end of summer time: "Sunday 01:00–04:00" on 25 October 2026 lasts
// four hours (the clocks go back at 03:00), so a down alert stays held until 04:00 local (03:00 UTC), not 02:00 UTC;
// a week later, in winter time, the same window runs 00:00–03:00 UTC. Each occurrence is recorded as maintenance
// going on and off, and the still-down monitor is told once at the end of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMaintenanceFixture, type MaintenanceFixture, type MaintenanceWindowJson } from './maintenance-fixture.ts';

const hour = 3_600_000;
let fixture: MaintenanceFixture;
let monitorId: string;
let window: MaintenanceWindowJson;

beforeAll(async () => {
  fixture = await openMaintenanceFixture(Date.UTC(2026, 9, 24, 22, 0));
  monitorId = await fixture.upMonitor('Database');
  window = await fixture.startMaintenance({
    item: `monitor:${monitorId}`,
    repeat: { days: [0], start: '01:00', end: '04:00', timezone: 'Europe/Berlin' },
    reason: 'weekly backup',
  });
});
afterAll(() => fixture.close());

/** Moves the clock to `iso`, an hour at a time, letting the service's own work run in between. */
async function moveTo(iso: string): Promise<void> {
  const to = Date.parse(iso);
  while (fixture.clock.now() < to) {
    fixture.clock.advance(Math.min(hour, to - fixture.clock.now()));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const active = async () => ((await fixture.api(`/maintenance/${window.id}`)).json as MaintenanceWindowJson).active;

// Chapters of one fortnight on one clock that only moves forward: their order is the story's, declared here rather
// than assumed (a shuffled run keeps it).
describe('a weekly window across a daylight-saving change', { shuffle: false }, () => {
  it('is upcoming until Sunday 01:00 summer time (23:00 UTC on Saturday)', async () => {
    expect(window.active).toBe(false);
    await moveTo('2026-10-24T22:59:59.999Z');
    expect(await active()).toBe(false);
    await moveTo('2026-10-24T23:00:00.000Z');
    expect(await active()).toBe(true);
  });

  it('holds the down alert for the four real hours of that night, then tells it once', async () => {
    fixture.target.setUp(false);
    await fixture.waitForStatus(monitorId, 'down');
    await moveTo('2026-10-25T02:30:00.000Z');
    await fixture.deliveries();
    expect(await active()).toBe(true);
    expect(fixture.told()).toEqual([]);

    await moveTo('2026-10-25T02:59:59.999Z');
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    await moveTo('2026-10-25T03:00:00.000Z');
    await fixture.webhook.waitFor(1);
    await fixture.smtp.waitFor(1);
    expect(await active()).toBe(false);
    await moveTo('2026-10-25T06:00:00.000Z');
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Database']);
    expect(fixture.smtp.messages).toHaveLength(1);
  });

  it('runs 00:00–03:00 UTC the next Sunday, in winter time', async () => {
    fixture.target.setUp(true);
    await fixture.waitForStatus(monitorId, 'up');
    await fixture.webhook.waitFor(2);
    await moveTo('2026-11-01T00:00:00.000Z');
    expect(await active()).toBe(true);
    fixture.target.setUp(false);
    await fixture.waitForStatus(monitorId, 'down');
    await moveTo('2026-11-01T02:59:59.999Z');
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Database', 'monitor.up Database']);
    await moveTo('2026-11-01T03:00:00.000Z');
    await fixture.webhook.waitFor(3);
    expect(fixture.told()).toEqual(['monitor.down Database', 'monitor.up Database', 'monitor.down Database']);
  });

  it('records each occurrence as maintenance going on and off, for that monitor', async () => {
    type Event = { kind: string; at: string; item_id?: string; item_name?: string; from: string; to: string; detail: string };
    const events = ((await fixture.api(`/events?item=monitor:${monitorId}&limit=1000`)).json as Event[]).filter((event) => event.kind === 'maintenance');
    expect(events).toEqual([
      { id: expect.any(String), kind: 'maintenance', at: '2026-10-24T23:00:00.000Z', item_id: monitorId, item_name: 'Database', from: 'off', to: 'on', detail: 'weekly backup' },
      { id: expect.any(String), kind: 'maintenance', at: '2026-10-25T03:00:00.000Z', item_id: monitorId, item_name: 'Database', from: 'on', to: 'off', detail: 'weekly backup' },
      { id: expect.any(String), kind: 'maintenance', at: '2026-11-01T00:00:00.000Z', item_id: monitorId, item_name: 'Database', from: 'off', to: 'on', detail: 'weekly backup' },
      { id: expect.any(String), kind: 'maintenance', at: '2026-11-01T03:00:00.000Z', item_id: monitorId, item_name: 'Database', from: 'on', to: 'off', detail: 'weekly backup' },
    ]);
  });
});
