// Maintenance in the history: the stats answers count it as `maintenance_seconds`, taken out of up, down and
// unknown (so out of uptime), before and after the rollup sums the hour; the status bars show it as `m`; the events
// feed records it going on and off, also under the item's own events; deleting the window later rewrites none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, minute, openMaintenanceFixture, type MaintenanceFixture, type MaintenanceWindowJson } from './maintenance-fixture.ts';

const start = Date.UTC(2026, 10, 5, 10, 0);

type Stats = { id?: string; from: string; to: string; uptime: number | null; up_seconds: number; down_seconds: number; unknown_seconds: number; maintenance_seconds: number; slots?: string };
type Event = { kind: string; at: string; item_id?: string; item_name?: string; from?: string; to: string; detail?: string };

let fixture: MaintenanceFixture;
let monitorId: string;
let otherId: string;
let window: MaintenanceWindowJson;
let recoveredAt: number;

const stats = async (path: string) => {
  const response = await fixture.api(path);
  expect(response.status, response.text).toBe(200);
  return response.json as Stats;
};

async function settled(): Promise<void> {
  while (fixture.service.scheduler.stats().inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await fixture.service.history.settled();
}

beforeAll(async () => {
  fixture = await openMaintenanceFixture(start);
  monitorId = await fixture.upMonitor('API');
  otherId = await fixture.upMonitor('Other');
  fixture.clock.advance(start + 10 * minute - fixture.clock.now());
  window = await fixture.startMaintenance({ item: `monitor:${monitorId}`, ends_at: at(start + 20 * minute), reason: 'deploy' });
  // Down inside the window and for a few minutes after it; the other monitor is down the same time, all of it counted.
  fixture.target.setUp(false);
  // Both: their checks fall in different seconds of the period, so one may be down before the other is checked.
  await fixture.waitForStatus(monitorId, 'down');
  await fixture.waitForStatus(otherId, 'down');
  fixture.clock.advance(start + 25 * minute - fixture.clock.now());
  fixture.target.setUp(true);
  await fixture.waitForStatus(monitorId, 'up');
  await fixture.waitForStatus(otherId, 'up');
  recoveredAt = Date.parse(((await fixture.api(`/monitors/${monitorId}`)).json as { status_since: string }).status_since);
  fixture.clock.advance(5 * minute);
  await settled();
});
afterAll(() => fixture.close());

function expectWhole(result: Stats): void {
  const total = (Date.parse(result.to) - Date.parse(result.from)) / 1000;
  expect(result.up_seconds + result.down_seconds + result.unknown_seconds + result.maintenance_seconds).toBeCloseTo(total, 2);
  expect(result.uptime).toBeCloseTo(result.up_seconds / (result.up_seconds + result.down_seconds), 5);
}

// One timeline on one clock, told in chapters: the figures, then the feed (which opens a server-wide window), then
// deleting the window and the monitor. Each chapter finds the world as the one before left it: the order is the
// story's, declared here rather than assumed (a shuffled run keeps it).
describe('maintenance in the history', { shuffle: false }, () => {
  describe('stats', () => {
    it('count the window as maintenance_seconds and only the down time after it as down', async () => {
      const result = await stats(`/monitors/${monitorId}/stats`);
      expect(result.maintenance_seconds).toBe(600);
      expect(result.down_seconds).toBeCloseTo((recoveredAt - (start + 20 * minute)) / 1000, 3);
      expectWhole(result);
      const other = await stats(`/monitors/${otherId}/stats`);
      expect(other.maintenance_seconds).toBe(0);
      expect(other.down_seconds).toBeGreaterThan(result.down_seconds + 550);
      expectWhole(other);
    });

    it('give the same figures once the rollup has summed the hour', async () => {
      const before = await stats(`/monitors/${monitorId}/stats?window=7d`);
      fixture.clock.advance(70 * minute);
      await settled();
      const after = await stats(`/monitors/${monitorId}/stats?window=7d`);
      expect(after.maintenance_seconds).toBe(600);
      expect(after.down_seconds).toBeCloseTo(before.down_seconds, 3);
      expect(after.up_seconds).toBeGreaterThan(before.up_seconds);
      expectWhole(after);
    });

    it('GET /stats gives each monitor its maintenance_seconds, and `m` in the status bar for the window', async () => {
      const all = (await fixture.api('/stats?window=24h&slots=288')).json as Stats[];
      const api = all.find((item) => item.id === monitorId);
      const other = all.find((item) => item.id === otherId);
      expect(api).toMatchObject({ maintenance_seconds: 600 });
      expect(other).toMatchObject({ maintenance_seconds: 0 });
      expect(api?.slots).toMatch(/^[-udm]{288}$/);
      expect(api?.slots).toMatch(/m/);
      expect(other?.slots).not.toMatch(/m/);
      // The other monitor was down in the slots where the first was in maintenance.
      expect((other?.slots?.match(/d/g) ?? []).length).toBeGreaterThan((api?.slots?.match(/d/g) ?? []).length);
      const { slots: _slots, ...withoutSlots } = api ?? ({} as Stats);
      expect(withoutSlots).toEqual({ ...(await stats(`/monitors/${monitorId}/stats`)), id: monitorId });
    });
  });

  describe('events', () => {
    it('record maintenance going on and off for the item, in the feed and under the item', async () => {
      const maintenance = ((await fixture.api('/events?limit=1000')).json as Event[]).filter((event) => event.kind === 'maintenance');
      expect(maintenance).toEqual([
        { id: expect.any(String), at: window.starts_at, kind: 'maintenance', item_id: monitorId, item_name: 'API', from: 'off', to: 'on', detail: 'deploy' },
        { id: expect.any(String), at: window.ends_at, kind: 'maintenance', item_id: monitorId, item_name: 'API', from: 'on', to: 'off', detail: 'deploy' },
      ]);
      const own = (await fixture.api(`/events?item=monitor:${monitorId}`)).json as Event[];
      expect(own.map((event) => `${event.kind} ${event.to}`)).toEqual(['maintenance on', 'monitor down', 'maintenance off', 'monitor up']);
      const other = (await fixture.api(`/events?item=monitor:${otherId}`)).json as Event[];
      expect(other.map((event) => `${event.kind} ${event.to}`)).toEqual(['monitor down', 'monitor up']);
      expect((await fixture.api(`/events?item=monitor:${monitorId}&limit=2`)).json).toEqual(own.slice(0, 2));
    });

    it('list a server-wide window under every item, without an item_id', async () => {
      const everything = await fixture.startMaintenance({ ends_at: at(fixture.clock.now() + minute) });
      fixture.clock.advance(2 * minute);
      const own = (await fixture.api(`/events?item=monitor:${otherId}`)).json as Event[];
      const last = own.slice(-2);
      expect(last.map((event) => [event.at, event.to, event.item_id, event.detail])).toEqual([
        [everything.starts_at, 'on', undefined, 'maintenance'],
        [everything.ends_at, 'off', undefined, 'maintenance'],
      ]);
      expect((await stats(`/monitors/${otherId}/stats`)).maintenance_seconds).toBe(60);
    });
  });

  describe('deleting', () => {
    it('a window that is over rewrites no history', async () => {
      const before = await stats(`/monitors/${monitorId}/stats`);
      expect((await fixture.api(`/maintenance/${window.id}`, { method: 'DELETE' })).status).toBe(204);
      const after = await stats(`/monitors/${monitorId}/stats`);
      expect(after.maintenance_seconds).toBe(before.maintenance_seconds);
      expect(after.down_seconds).toBe(before.down_seconds);
    });

    it("a monitor deletes its maintenance events with it", async () => {
      await fixture.api(`/monitors/${monitorId}`, { method: 'DELETE' });
      const events = (await fixture.api('/events?limit=1000')).json as Event[];
      expect(events.some((event) => event.item_id === monitorId)).toBe(false);
      expect(events.filter((event) => event.kind === 'maintenance' && event.item_id === undefined)).toHaveLength(2);
    });
  });
});
