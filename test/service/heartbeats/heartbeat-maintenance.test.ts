// A heartbeat's failure alert passes through maintenance like every alert: held while a window covers it, told once
// when the window ends with the job still failing, and not at all when it recovered inside the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMaintenanceFixture, type MaintenanceFixture } from '../maintenance/maintenance-fixture.ts';

let fixture: MaintenanceFixture;

beforeAll(async () => {
  fixture = await openMaintenanceFixture(Date.UTC(2026, 10, 3, 9, 0));
});
afterAll(() => fixture.close());

async function heartbeat(name: string): Promise<{ id: string; ping_url: string }> {
  return (await fixture.api('/heartbeats', { method: 'POST', body: { name, expected_interval: 86_400 } })).json as { id: string; ping_url: string };
}

describe('heartbeat failures in maintenance', () => {
  it('holds a failure, then tells it once by webhook and email when the window ends; a failure mended inside tells nothing', async () => {
    const backup = await heartbeat('Backup');
    const nightlyExport = await heartbeat('Export');
    const window = await fixture.startMaintenance({ reason: 'disk swap' });

    await fetch(`${backup.ping_url}/2`, { method: 'POST', body: 'disk missing' });
    await fetch(`${nightlyExport.ping_url}/fail`);
    await fetch(nightlyExport.ping_url);
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);

    await fixture.api(`/maintenance/${window.id}/end`, { method: 'POST' });
    await fixture.webhook.waitFor(1);
    const [mail] = await fixture.smtp.waitFor(1);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['heartbeat.failed Backup']);
    expect(mail?.subject).toBe('[Vigil] Heartbeat failed: Backup');
    expect(mail?.text).toContain('Heartbeat “Backup” failed (exit code 2).');
    expect(mail?.text).toContain('Exit code: 2');
  });
});
