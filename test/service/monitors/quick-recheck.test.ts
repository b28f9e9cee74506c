// A failure is confirmed by a quick re-check after retry_seconds, not after another full period, and the monitor
// shows its latest check (docs/api-decisions.md §16). Real service, real targets on loopback, on a clock the test moves.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceUntil, checksFinished, manualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { startTcpTarget } from '../../helpers/local-targets.ts';

/** Answers each request with the next status of the list, then the last one for ever; counts requests. */
async function startScriptedTarget(statuses: number[]) {
  let requests = 0;
  const server = http.createServer((_request, response) => {
    const status = statuses[Math.min(requests, statuses.length - 1)] ?? 200;
    requests += 1;
    response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

type Monitor = Record<string, unknown>;

const clock = manualClock(Date.now());
let service: TestService;
beforeAll(async () => {
  service = await startTestService({}, { clock });
});
afterAll(() => service.stop());

async function create(body: Monitor): Promise<string> {
  const created = await service.api('/monitors', { method: 'POST', body });
  expect(created.status).toBe(201);
  return (created.json as { id: string }).id;
}

const read = async (id: string) => (await service.api(`/monitors/${id}`)).json as Monitor;

describe('the quick re-check', () => {
  it('confirms a failure, or clears it, within seconds on a 30-minute monitor', async () => {
    const failing = await startScriptedTarget([503]);
    const recovering = await startScriptedTarget([503, 200]);
    const closed = await startTcpTarget();
    await closed.setUp(false);
    try {
      const thirtyMinutes = { type: 'http', frequency: 1800, retry_seconds: 5 };
      const down = await create({ ...thirtyMinutes, name: 'Failing', url: failing.url });
      const blip = await create({ ...thirtyMinutes, name: 'Blip', url: recovering.url });
      const refused = await create({ ...thirtyMinutes, name: 'Refused', url: `http://127.0.0.1:${closed.port}/` });
      expect(await read(down)).toMatchObject({ retry_seconds: 5, last_status: 'unknown' });
      expect((await read(down)).last_checked_at).toBeUndefined();

      // The first check comes within 5 s of creating, the re-check 5 s after it; the next round only in 30 minutes.
      await advanceUntil(
        clock,
        async () => (await read(down)).last_status === 'down' && (await read(blip)).last_status === 'up' && (await read(refused)).last_status === 'down',
        { maxSeconds: 20, settled: () => checksFinished(service.scheduler) },
      );
      expect(await read(down)).toMatchObject({ last_status: 'down', last_error: 'HTTP 503' });
      expect(await read(blip)).toMatchObject({ last_status: 'up' });
      expect(await read(refused)).toMatchObject({ last_status: 'down', last_error: 'connection refused' });
      expect(failing.requests()).toBe(2);
      expect(recovering.requests()).toBe(2);

      const failed = await read(down);
      expect(Date.parse(failed.last_checked_at as string)).toBeGreaterThan(clock.now() - 20_000);
      expect(failed.last_response_time_ms).toEqual(expect.any(Number));
      const passed = await read(blip);
      expect(passed.last_error).toBeUndefined();
      expect(passed.last_checked_at).toEqual(expect.any(String));

      // Both checks of the failing monitor are in its history, with the reason. The history lists the checks that
      // started before now, and the status may show in the very millisecond its check started (the clock stands
      // still here): a moment later, the re-check is among them.
      clock.advance(1);
      const checks = (await service.api(`/monitors/${down}/checks`)).json as { status: string; error?: string }[];
      expect(checks.map((c) => [c.status, c.error])).toEqual([
        ['down', 'HTTP 503'],
        ['down', 'HTTP 503'],
      ]);
    } finally {
      await Promise.all([failing.close(), recovering.close(), closed.close()]);
    }
  });

  it('shows the default wait, and refuses a wait out of range naming the field', async () => {
    const id = await create({ name: 'Default wait', type: 'tcp', url: '127.0.0.1:9', frequency: 600 });
    expect(await read(id)).toMatchObject({ retry_seconds: 20 });
    const refused = await service.api('/monitors', { method: 'POST', body: { name: 'x', type: 'tcp', url: '127.0.0.1:9', frequency: 60, retry_seconds: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field: 'retry_seconds' }] } });
  });
});
