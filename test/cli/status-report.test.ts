// The status report from a real service's snapshot: worst first, levels and exit codes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../main/core/api/index.ts';
import { formatStatusReport, statusReport } from '../../main/cli/status-report.ts';
import { fetchSnapshot } from '../../main/core/poller/fetch-snapshot.ts';
import { systemClock } from '../../common/clock.ts';
import { startTestService, type TestService } from '../helpers/service-harness.ts';

// A service of its own for each test: each starts from nothing watched and makes what it reads.
let service: TestService;
let client: MonitoringClient;
beforeEach(async () => {
  service = await startTestService();
  client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token });
});
afterEach(() => service.stop());

/** A heartbeat every hour, never pinged yet. */
const backupHeartbeat = () => service.api('/heartbeats', { method: 'POST', body: { name: 'backup', expected_interval: 3600 } });

const options = (now = Date.now()) => ({ now, graceSeconds: 300, thresholds: [30, 14, 7, 1] });

describe('fetchSnapshot + statusReport', () => {
  it('is OK and exit 0 with nothing watched', async () => {
    const report = statusReport(await fetchSnapshot(client, systemClock), options());
    expect(report).toMatchObject({ level: 'ok', exitCode: 0, rows: [] });
    expect(formatStatusReport(report, 'Local')).toBe('Local: nothing is watched yet.');
  });

  it('puts the worst first: unknown monitors warn, a never-pinged heartbeat waits, and the level follows', async () => {
    await service.api('/monitors', { method: 'POST', body: { name: 'Zeta', type: 'tcp', url: '127.0.0.1:9', frequency: 60 } });
    await backupHeartbeat();
    const snapshot = await fetchSnapshot(client, systemClock);
    expect(snapshot.monitors).toHaveLength(1);
    expect(snapshot.heartbeats).toHaveLength(1);
    const report = statusReport(snapshot, options());
    expect(report.level).toBe('warning');
    expect(report.exitCode).toBe(1);
    expect(report.rows[0]).toMatchObject({ kind: 'monitor', name: 'Zeta', health: 'warning' });
    expect(report.heartbeats[0]?.detail).toBe('Waiting for the first ping');
  });

  it('is critical with exit 2 when a heartbeat missed two pings', async () => {
    await backupHeartbeat();
    const snapshot = await fetchSnapshot(client, systemClock);
    // As the service would show it had the last ping been 3 h ago: due 2 h ago, so two pings missed.
    const threeHoursAgo = Date.now() - 3 * 3600_000;
    const stale = { ...snapshot, heartbeats: snapshot.heartbeats.map((h) => ({ ...h, last_ping: new Date(threeHoursAgo).toISOString(), next_expected_at: new Date(threeHoursAgo + 3600_000).toISOString() })) };
    const report = statusReport(stale, options());
    expect(report).toMatchObject({ level: 'critical', exitCode: 2 });
    expect(report.rows[0]).toMatchObject({ kind: 'heartbeat', health: 'critical' });
    expect(formatStatusReport(report, 'Local')).toMatch(/^CRITICAL {2}heartbeat {2}backup/);
  });

  it("is critical with exit 2 and says the run failed, with its exit code", async () => {
    await backupHeartbeat();
    const [heartbeat] = (await fetchSnapshot(client, systemClock)).heartbeats;
    expect((await fetch(`${heartbeat?.ping_url ?? ''}/2`)).status).toBe(200);
    const report = statusReport(await fetchSnapshot(client, systemClock), options());
    expect(report).toMatchObject({ level: 'critical', exitCode: 2 });
    expect(report.rows[0]).toMatchObject({ kind: 'heartbeat', health: 'critical', state: 'failed', detail: expect.stringMatching(/^Failed: exit code 2, /) });
    expect(formatStatusReport(report, 'Local')).toMatch(/^CRITICAL {2}heartbeat {2}backup {2}Failed: exit code 2, /);
  });

  it('fails the whole poll, cancelling the rest, when one list fails', async () => {
    const bad = new MonitoringClient({ baseUrl: service.apiUrl, token: () => 'not-a-valid-token.x.y' });
    await expect(fetchSnapshot(bad, systemClock)).rejects.toMatchObject({ info: { kind: 'unauthorized' } });
  });
});
