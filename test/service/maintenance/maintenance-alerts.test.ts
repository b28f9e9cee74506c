// Maintenance on the service silences its own handlers: a real webhook receiver and a real SMTP server hear nothing
// about an item while a window covers it, and once it ends, exactly what changed — the down alert for an item
// still down, nothing for one that went down and came back inside the window.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceUntil } from '../../helpers/manual-clock.ts';
import { at, minute, openMaintenanceFixture, type MaintenanceFixture } from './maintenance-fixture.ts';

let fixture: MaintenanceFixture;

beforeAll(async () => {
  fixture = await openMaintenanceFixture(Date.UTC(2026, 10, 3, 9, 0));
});
afterAll(() => fixture.close());
afterEach(() => fixture.endTest());

describe('a one-off window on one monitor', () => {
  it('holds the down alert from webhook and email, then tells it once when the window ends with the monitor still down', async () => {
    const id = await fixture.upMonitor('API');
    const window = await fixture.startMaintenance({ item: `monitor:${id}`, ends_at: at(fixture.clock.now() + 10 * minute), reason: 'deploy' });
    expect(window.active).toBe(true);

    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    expect(fixture.smtp.messages).toEqual([]);

    fixture.clock.advance(Date.parse(window.ends_at ?? '') - fixture.clock.now() - 1);
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    fixture.clock.advance(1);
    await fixture.webhook.waitFor(1);
    const [mail] = await fixture.smtp.waitFor(1);
    expect(fixture.told()).toEqual(['monitor.down API']);
    expect(mail?.subject).toMatch(/DOWN: API/);

    fixture.clock.advance(5 * minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down API']);
    expect(fixture.smtp.messages).toHaveLength(1);

    fixture.target.setUp(true);
    await fixture.waitForStatus(id, 'up');
    await fixture.webhook.waitFor(2);
    expect(fixture.told()).toEqual(['monitor.down API', 'monitor.up API']);
  });

  it('tells nothing when the monitor went down and came back inside the window', async () => {
    const id = await fixture.upMonitor('Blip');
    await fixture.startMaintenance({ item: `monitor:${id}`, ends_at: at(fixture.clock.now() + 10 * minute) });
    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');
    fixture.target.setUp(true);
    await fixture.waitForStatus(id, 'up');
    fixture.clock.advance(11 * minute);
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    expect(fixture.smtp.messages).toEqual([]);
  });

  it('covers only its own item: another monitor down at the same time is told at once', async () => {
    const quiet = await fixture.upMonitor('Quiet');
    const loud = await fixture.upMonitor('Loud');
    await fixture.startMaintenance({ item: `monitor:${quiet}` });
    fixture.target.setUp(false);
    await fixture.waitForStatus(quiet, 'down');
    await fixture.waitForStatus(loud, 'down');
    await fixture.webhook.waitFor(1);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Loud']);
    expect(fixture.smtp.messages.map((mail) => mail.subject)).toEqual([expect.stringMatching(/DOWN: Loud/)]);
    for (const window of (await fixture.api('/maintenance')).json as { id: string }[]) fixture.deleteAfterTest(`/maintenance/${window.id}`);
  });
});

describe('a server-wide window', () => {
  it('holds every item; ended by hand, it tells the heartbeat that went late and the monitor still down, once each', async () => {
    const id = await fixture.upMonitor('Shop');
    const heartbeat = (await fixture.api('/heartbeats', { method: 'POST', body: { name: 'nightly', expected_interval: 60 } })).json as { id: string };
    fixture.deleteAfterTest(`/heartbeats/${heartbeat.id}`);
    const window = await fixture.startMaintenance({ reason: 'move to the new rack' });
    fixture.deleteAfterTest(`/maintenance/${window.id}`);

    fixture.target.setUp(false);
    await fixture.waitForStatus(id, 'down');
    await advanceUntil(fixture.clock, async () => ((await fixture.api(`/events?item=heartbeat:${heartbeat.id}`)).json as { to: string }[]).some((event) => event.to === 'late'));
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);

    const ended = await fixture.api(`/maintenance/${window.id}/end`, { method: 'POST' });
    expect(ended.json).toMatchObject({ active: false, ended_at: at(fixture.clock.now()) });
    await fixture.webhook.waitFor(2);
    await fixture.smtp.waitFor(2);
    await fixture.deliveries();
    expect(fixture.told().sort()).toEqual(['heartbeat.late nightly', 'monitor.down Shop']);
    expect(fixture.smtp.messages).toHaveLength(2);
  });
});
