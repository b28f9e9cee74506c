// A nightly 02:30 job in Berlin on the night the clocks skip 02:30, end to end on the service's moved clock: it is
// expected at 03:00 CEST, late only after that and its grace, and expected at 02:30 CEST the next night.
import { describe, expect, it } from 'vitest';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { openMaintenanceFixture } from '../maintenance/maintenance-fixture.ts';

const maintenanceFixture = startedForTests(() => openMaintenanceFixture(Date.UTC(2026, 2, 28, 12, 0)));

describe('a schedule across the spring change', () => {
  it('expects the 02:30 job at 03:00 CEST on the night 02:30 does not exist', async () => {
    const fixture = maintenanceFixture.current;
    const created = await fixture.api('/heartbeats', { method: 'POST', body: { name: 'Nightly', schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 600 } });
    const heartbeat = created.json as { id: string; ping_url: string; next_expected_at: string; expected_interval: number };
    expect(heartbeat.next_expected_at).toBe('2026-03-29T01:00:00.000Z');
    expect(heartbeat.expected_interval).toBe(25 * 3600); // the autumn night, in the coming 400 days

    fixture.clock.advance(Date.parse('2026-03-29T01:10:00Z') - fixture.clock.now());
    await fixture.deliveries();
    expect(fixture.told()).toEqual([]);
    fixture.clock.advance(5_000);
    await fixture.webhook.waitFor(1);
    expect(fixture.told()).toEqual(['heartbeat.late Nightly']);

    await fetch(heartbeat.ping_url);
    await fixture.webhook.waitFor(2);
    expect(fixture.told()).toEqual(['heartbeat.late Nightly', 'heartbeat.recovered Nightly']);
    expect(((await fixture.api(`/heartbeats/${heartbeat.id}`)).json as { next_expected_at: string }).next_expected_at).toBe('2026-03-30T00:30:00.000Z');
  });
});
