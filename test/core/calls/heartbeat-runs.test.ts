// The heartbeat runs call against Vigil's own service over real HTTP: the client reads the runs endpoint, and the
// core in local mode answers the window's call with the runs the pings made, page by page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { runsPerPage } from '../../../main/core/calls/heartbeat-run-calls.ts';
import { runCursor } from '../../../common/ipc/heartbeat-runs.ts';
import { startHistoryServer } from '../../helpers/history-server.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { coreForTests } from '../app/core-for-tests.ts';

async function ping(url: string, body?: string): Promise<void> {
  const answer = await fetch(url, body === undefined ? {} : { method: 'POST', body });
  expect(answer.status).toBe(200);
}

describe('the client against the runs endpoint', () => {
  let service: TestService;
  let client: MonitoringClient;
  beforeAll(async () => {
    service = await startTestService({ rateLimitPerMinute: 100_000 });
    client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token });
  });
  afterAll(async () => service.stop());

  it('lists the capability and reads the runs a start and an exit code made', async () => {
    expect((await client.getCapabilities()).extensions).toContain('cron');
    const heartbeat = (await client.createHeartbeat({ name: 'Backup', schedule: '30 2 * * 1-5', timezone: 'Europe/Berlin' })).item;
    await ping(`${heartbeat.ping_url ?? ''}/start`);
    await ping(`${heartbeat.ping_url ?? ''}/2`, 'rsync: disk full\n');
    const { items, issues } = await client.listHeartbeatRuns(heartbeat.id ?? '', { limit: 10 });
    expect(issues).toEqual([]);
    expect(items).toEqual([{ started_at: expect.any(String), ended_at: expect.any(String), duration_ms: expect.any(Number), outcome: 'failed', exit_code: 2, log: 'rsync: disk full\n', log_truncated: undefined }]);
  });
});

describe('the core in local mode', () => {
  const fixture = coreForTests({ rateLimitPerMinute: 100_000 });

  it('answers the runs newest first, and the older ones page by page', async () => {
    const heartbeat = await fixture.calls.createHeartbeat('local', { name: 'Nightly', schedule: '0 3 * * *' });
    const key = `local/heartbeat:${heartbeat.id ?? ''}`;
    expect(await fixture.calls.listHeartbeatRuns(key)).toEqual({ supported: true, runs: [], mayHaveOlder: false });
    const url = heartbeat.ping_url ?? '';
    for (let run = 0; run < runsPerPage + 2; run += 1) {
      await ping(`${url}/start`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      await ping(run === runsPerPage + 1 ? `${url}/fail` : url, `run ${run}\n`);
    }
    const first = await fixture.calls.listHeartbeatRuns(key);
    expect(first.runs).toHaveLength(runsPerPage);
    expect(first.mayHaveOlder).toBe(true);
    expect(first.runs[0]).toMatchObject({ outcome: 'failed', log: `run ${runsPerPage + 1}\n`, logTruncated: false, startedAt: expect.any(Number), endedAt: expect.any(Number) });
    expect(first.runs[0]?.exitCode).toBeUndefined();
    expect(first.runs[1]).toMatchObject({ outcome: 'success', log: `run ${runsPerPage}\n` });
    const older = await fixture.calls.listHeartbeatRuns(key, runCursor(first.runs.at(-1) ?? { outcome: '', logTruncated: false }));
    expect(older.runs.map((run) => run.log)).toEqual(['run 1\n', 'run 0\n']);
    expect(older.mayHaveOlder).toBe(false);
  });

  it('answers that a spec-only server keeps no runs, without asking it', async () => {
    const server = await startHistoryServer({ heartbeats: [{ id: 'hb_1', name: 'Backup', expected_interval: 3600 }] });
    try {
      const added = await fixture.calls.addRemoteConnection({ name: 'Spec only', baseUrl: server.apiUrl, token: 'x.y.z' });
      expect(await fixture.calls.listHeartbeatRuns(`${added.id}/heartbeat:hb_1`)).toEqual({ supported: false, runs: [], mayHaveOlder: false });
      expect(server.requests.filter((request) => request.includes('/runs'))).toEqual([]);
      await fixture.calls.removeConnection(added.id);
    } finally {
      await server.close();
    }
  });

  it('refuses an item that is not a heartbeat', async () => {
    await expect(fixture.calls.listHeartbeatRuns('local/monitor:mon_x')).rejects.toThrow('Only a heartbeat');
  });
});
