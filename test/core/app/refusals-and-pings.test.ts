// The core in local mode against its real service: a duplicate domain is refused in the user's terms (not as an
// HTTP request and status), and a heartbeat's page lists every ping it was sent.
import { describe, expect, it } from 'vitest';
import { refreshUntil } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const fixture = coreForTests();

describe('the local service through the core', () => {
  it('refuses a domain already watched by its name as its owner writes it', async () => {
    await fixture.calls.createDomain('local', { domain: 'xn--bcher-kva.example' });
    await expect(fixture.calls.createDomain('local', { domain: 'xn--bcher-kva.example' })).rejects.toEqual({ code: 'failed', message: 'bücher.example is already watched.' });
  });

  it('lists all five pings of a heartbeat pinged five times', async () => {
    const heartbeat = await fixture.calls.createHeartbeat('local', { name: 'Backup', expected_interval: 3600 });
    for (let ping = 0; ping < 5; ping++) expect((await fetch(heartbeat.ping_url ?? '', { method: 'POST' })).status).toBe(200);
    const key = `local/heartbeat:${heartbeat.id ?? ''}`;
    await refreshUntil(fixture, (status) => status.items.some((item) => item.key === key && item.state === 'up'));
    expect((await fixture.calls.getItemHistory(key, '24h')).pings).toHaveLength(5);
  });
});
