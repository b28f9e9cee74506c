// A restart during maintenance tells nothing twice and loses nothing owed: the held alert waits in the service's
// database, maintenance is recorded as going on once, and what is owed is told once — when the window ends, or at
// the next start when it ended while the service was stopped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, minute, openMaintenanceFixture, type MaintenanceFixture } from './maintenance-fixture.ts';

let fixture: MaintenanceFixture;
beforeEach(async () => {
  fixture = await openMaintenanceFixture(Date.UTC(2026, 10, 4, 9, 0));
});
afterEach(() => fixture.close());

type Event = { kind: string; at: string; to: string };
const maintenanceEvents = async () => ((await fixture.api('/events?limit=1000')).json as Event[]).filter((event) => event.kind === 'maintenance');

describe('a restart during maintenance', () => {
  it('keeps holding the alert, records maintenance once, and tells the still-down monitor once at the end', async () => {
    const id = await fixture.upMonitor('API');
    const window = await fixture.startMaintenance({ item: `monitor:${id}`, ends_at: at(fixture.clock.now() + 30 * minute) });
    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');

    await fixture.restart(() => fixture.clock.advance(minute));
    await fixture.restart();
    fixture.clock.advance(5 * minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    expect((await fixture.api(`/maintenance/${window.id}`)).json).toMatchObject({ active: true });

    fixture.clock.advance(Date.parse(window.ends_at ?? '') - fixture.clock.now());
    await fixture.webhook.waitFor(1);
    await fixture.smtp.waitFor(1);
    await fixture.restart();
    fixture.clock.advance(10 * minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down API']);
    expect(fixture.smtp.messages).toHaveLength(1);
    expect((await maintenanceEvents()).map((event) => [event.at, event.to])).toEqual([
      [window.starts_at, 'on'],
      [window.ends_at, 'off'],
    ]);
  });

  it('tells what is owed once at the next start when the window ended while the service was stopped', async () => {
    const id = await fixture.upMonitor('Backup site');
    await fixture.startMaintenance({ ends_at: at(fixture.clock.now() + 10 * minute) });
    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');

    await fixture.restart(() => fixture.clock.advance(20 * minute));
    await fixture.webhook.waitFor(1);
    await fixture.restart();
    fixture.clock.advance(minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Backup site']);
    expect(fixture.smtp.messages).toHaveLength(1);
    const events = await maintenanceEvents();
    expect(events.map((event) => event.to)).toEqual(['on', 'off']);
    expect(events[0]).not.toHaveProperty('item_id');
  });

  it('tells nothing at the end for a monitor that recovered after the restart', async () => {
    const id = await fixture.upMonitor('Shop');
    await fixture.startMaintenance({ item: `monitor:${id}`, ends_at: at(fixture.clock.now() + 30 * minute) });
    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');
    await fixture.restart();
    fixture.target.setUp(true);
    await fixture.waitForStatus(id, 'up');
    fixture.clock.advance(31 * minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
  });

  it('tells a monitor down before a window that began while the service was stopped that it is still down at its end', async () => {
    const id = await fixture.upMonitor('Shop');
    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');
    await fixture.webhook.waitFor(1);
    const window = await fixture.startMaintenance({ starts_at: at(fixture.clock.now() + 5 * minute), ends_at: at(fixture.clock.now() + 20 * minute) });

    await fixture.restart(() => fixture.clock.advance(10 * minute));
    fixture.clock.advance(Date.parse(window.ends_at ?? '') - fixture.clock.now());
    const [, told] = await fixture.webhook.waitFor(2);
    expect(told?.body).toMatchObject({ event: 'monitor.down', message: expect.stringMatching(/^Monitor “Shop” is still down after maintenance: .*; down for 2\d min when maintenance ended\.$/) });
  });
});
