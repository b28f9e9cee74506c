// The `changes` extension against the real service and the client's reader: the stream starts with `ready`, says
// `change` when a resource is written or a monitor's state is recorded (with the statuses it took), is refused
// without a token, and the reader gives up on a stream that falls silent (a clock the test moves).
import { describe, expect, it } from 'vitest';
import { CHANGES_KEEP_ALIVE_MS, type ChangeNotice } from '../../../common/api/changes.ts';
import { MonitoringClient } from '../../../main/core/api/monitoring-client.ts';
import { startHttpTarget } from '../../helpers/local-targets.ts';
import { manualClock } from '../../helpers/manual-clock.ts';
import { startTestService } from '../../helpers/service-harness.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';

const service = startedForTests(() => startTestService({ failuresToConfirmDown: 1 }), (started) => started.stop());
const target = startedForTests(() => startHttpTarget());

/** Follows the stream and collects what it says; resolves `ready` once the service follows it. */
function follow(client = new MonitoringClient({ baseUrl: service.current.apiUrl, token: async () => service.current.token })) {
  const seen: Partial<ChangeNotice>[] = [];
  const controller = new AbortController();
  const waiters: { test: (notice: Partial<ChangeNotice>) => boolean; resolve: () => void }[] = [];
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const ended = client.followChanges(
    {
      onReady,
      onChange: (notice) => {
        seen.push(notice);
        for (const waiter of waiters.filter((w) => w.test(notice))) waiter.resolve();
      },
    },
    controller.signal,
  );
  // Handled here too, so a test that fails before it awaits the end leaves no unhandled rejection behind.
  ended.catch(() => undefined);
  const next = (test: (notice: Partial<ChangeNotice>) => boolean) => new Promise<void>((resolve) => waiters.push({ test, resolve }));
  return { seen, ready, ended, next, stop: () => controller.abort() };
}

describe('GET /changes', () => {
  it('is listed under GET /capabilities', async () => {
    expect((await service.current.api('/capabilities')).json).toMatchObject({ extensions: expect.arrayContaining(['changes']) });
  });

  it('says a write at once, and a monitor going down when the service records it', async () => {
    const stream = follow();
    await stream.ready;
    target.current.setUp(false);
    const created = stream.next((notice) => notice.kind === 'monitor' && notice.id === undefined);
    const { json } = await service.current.api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.current.url, frequency: 10 } });
    await created;
    // Its first checks find it down (confirmed by the quick re-check): the service records the change and says so.
    const id = (json as { id: string }).id;
    await stream.next((notice) => notice.kind === 'monitor' && notice.id === id);
    const { json: saved } = await service.current.api(`/monitors/${id}`);
    expect(saved).toMatchObject({ last_status: 'down' });
    // The one thing a change says of itself: the statuses the monitor took, when the service took them.
    const statusSince = (saved as { status_since: string }).status_since;
    expect(stream.seen.filter((notice) => notice.id === id)).toEqual([{ kind: 'monitor', id, statuses: [{ status: 'down', at: statusSince }] }]);
    stream.stop();
    await expect(stream.ended).rejects.toMatchObject({ info: { kind: 'cancelled' } });
    target.current.setUp(true);
  }, 60_000);

  it("says an edit of a heartbeat's or a domain's notes (PATCH) at once", async () => {
    const stream = follow();
    await stream.ready;
    // The creates are told first, so the notices awaited below can only be the edits'.
    const created = Promise.all([stream.next((notice) => notice.kind === 'heartbeat'), stream.next((notice) => notice.kind === 'domain')]);
    const { json: heartbeat } = await service.current.api('/heartbeats', { method: 'POST', body: { name: 'Backup' } });
    const { json: domain } = await service.current.api('/domains', { method: 'POST', body: { domain: 'changes-notes.example' } });
    await created;
    for (const [kind, path] of [['heartbeat', `/heartbeats/${(heartbeat as { id: string }).id}`], ['domain', `/domains/${(domain as { id: string }).id}`]] as const) {
      const told = stream.next((notice) => notice.kind === kind && notice.id === undefined);
      expect((await service.current.api(path, { method: 'PATCH', body: { notes: 'Call Ana' } })).status).toBe(200);
      await told;
    }
    stream.stop();
    await expect(stream.ended).rejects.toMatchObject({ info: { kind: 'cancelled' } });
  });

  it('is refused without a valid token, as every route', async () => {
    const stream = follow(new MonitoringClient({ baseUrl: service.current.apiUrl, token: async () => 'not.a.token' }));
    await expect(stream.ended).rejects.toMatchObject({ info: { kind: 'unauthorized' } });
  });

  it('is given up when it falls silent for three keep-alive periods', async () => {
    const clock = manualClock();
    const stream = follow(new MonitoringClient({ baseUrl: service.current.apiUrl, token: async () => service.current.token, clock }));
    await stream.ready;
    clock.advance(3 * CHANGES_KEEP_ALIVE_MS);
    await expect(stream.ended).rejects.toMatchObject({ info: { kind: 'timeout', message: "The server's stream of changes fell silent." } });
  });
});
