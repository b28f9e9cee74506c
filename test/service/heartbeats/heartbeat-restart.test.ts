// What a heartbeat's pings left survives a restart: its schedule, its open run, its last run's figures and the alert
// that is out, which is not told again.
import { describe, expect, it } from 'vitest';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { openMaintenanceFixture } from '../maintenance/maintenance-fixture.ts';

const maintenanceFixture = startedForTests(() => openMaintenanceFixture(Date.UTC(2026, 10, 3, 9, 0)));

describe('a restart', () => {
  it('keeps schedules, runs and the alert that is out, and tells nothing twice', async () => {
    const fixture = maintenanceFixture.current;
    const created = await fixture.api('/heartbeats', { method: 'POST', body: { name: 'Backup', schedule: '0 3 * * *', timezone: 'Europe/Berlin', grace_seconds: 600 } });
    const heartbeat = created.json as { id: string; ping_url: string };
    await fetch(`${heartbeat.ping_url}/start`);
    fixture.clock.advance(30_000);
    await fetch(`${heartbeat.ping_url}/1`, { method: 'POST', body: 'out of space' });
    await fixture.webhook.waitFor(1);
    await fetch(`${heartbeat.ping_url}/start`);
    // The port is new after a restart, so the ping URL is left out of the comparison.
    const { ping_url: _, ...before } = (await fixture.api(`/heartbeats/${heartbeat.id}`)).json as Record<string, unknown>;

    await fixture.restart();
    fixture.clock.advance(60_000);
    await fixture.deliveries();

    const { ping_url: pingUrl, ...after } = (await fixture.api(`/heartbeats/${heartbeat.id}`)).json as { ping_url: string };
    expect(after).toEqual(before);
    expect(before).toMatchObject({ schedule: '0 3 * * *', timezone: 'Europe/Berlin', grace_seconds: 600, last_duration_ms: 30_000, last_exit_code: 1, last_outcome: 'failed' });
    expect(((await fixture.api(`/heartbeats/${heartbeat.id}/runs`)).json as { outcome: string; log?: string }[]).map((run) => [run.outcome, run.log])).toEqual([
      ['running', undefined],
      ['failed', 'out of space'],
    ]);
    expect(fixture.told()).toEqual(['heartbeat.failed Backup']);

    await fetch(pingUrl);
    await fixture.webhook.waitFor(2);
    expect(fixture.told()).toEqual(['heartbeat.failed Backup', 'heartbeat.recovered Backup']);
  });
});
