// A failed run through the real core and Vigil's own service: a cron heartbeat pings /start then exit code 2, and
// the core (which reads the service's last_outcome, docs/api-decisions.md §16) shows it critical, says why in the
// status and the tray, tells one critical notification, and tells the next success as the recovery.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { refreshUntil } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const app = coreForTests({ rateLimitPerMinute: 100_000 });
let heartbeat: Heartbeat;
let key: string;

async function ping(suffix = ''): Promise<void> {
  expect((await fetch(`${heartbeat.ping_url ?? ''}${suffix}`)).status).toBe(200);
}

beforeAll(async () => {
  heartbeat = await app.calls.createHeartbeat('local', { name: 'Backup', schedule: '30 2 * * *', timezone: 'UTC', grace_seconds: 900 });
  key = `local/heartbeat:${heartbeat.id ?? ''}`;
  await refreshUntil(app, (status) => status.items.some((item) => item.key === key));
}, 60_000);

// Two chapters of one heartbeat's story, the failure and then the recovery: the order is the story's, declared
// here rather than assumed (a shuffled run keeps it).
describe('a heartbeat whose run fails', { shuffle: false }, () => {
  it('is critical with its exit code, told once as a failure', async () => {
    await ping('/start');
    await ping('/2');
    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === key && item.state === 'failed'));
    const item = status.items.find((each) => each.key === key);
    expect(item).toMatchObject({ health: 'critical', state: 'failed', detail: expect.stringMatching(/^Failed: exit code 2, \d+ s ago$/) });
    expect(status.level).toBe('critical');
    expect(status.tooltip).toContain('1 failed');
    await vi.waitFor(() => expect(app.alerts.filter((alert) => alert.itemKey === key)).toEqual([expect.objectContaining({ severity: 'critical', title: 'Backup failed (exit code 2)' })]), { timeout: 5_000 });
    // Another failure and more polls tell nothing new.
    await ping('/fail');
    await app.calls.refreshNow();
    await app.calls.refreshNow();
    expect(app.alerts.filter((alert) => alert.itemKey === key)).toHaveLength(1);
  });

  it('recovers on the next success, told once', async () => {
    await ping();
    await refreshUntil(app, (s) => s.items.some((item) => item.key === key && item.state === 'up'));
    await vi.waitFor(() => expect(app.alerts.filter((alert) => alert.itemKey === key).at(-1)).toMatchObject({ severity: 'info', title: 'Backup recovered: succeeded after failing' }), { timeout: 5_000 });
    await app.calls.refreshNow();
    expect(app.alerts.filter((alert) => alert.itemKey === key)).toHaveLength(2);
  });
});
