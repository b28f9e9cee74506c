import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../service/checks/run-check.ts';
import { startTcpTarget } from '../../helpers/local-targets.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';

const tcp = (url: string, clock = new FakeClock()) => runCheck({ type: 'tcp', url }, { clock, timeoutMs: 2_000 });

describe('tcp check', () => {
  const target = startedForTests(startTcpTarget);

  it('is up while the port accepts connections and down while it refuses them', async () => {
    expect(await tcp(target.current.hostPort)).toMatchObject({ ok: true });
    await target.current.setUp(false);
    expect(await tcp(target.current.hostPort)).toMatchObject({ ok: false, error: 'connection refused' });
    await target.current.setUp(true);
    expect(await tcp(target.current.hostPort)).toMatchObject({ ok: true });
  });

  it('reports the timeout when the deadline passes before the connection is made', async () => {
    const clock = new FakeClock();
    const pending = tcp(target.current.hostPort, clock);
    clock.fireNext();
    expect(await pending).toMatchObject({ ok: false, error: 'timed out after 2 s' });
  });

  it('leaves no deadline behind', async () => {
    const clock = new FakeClock();
    await tcp(target.current.hostPort, clock);
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses a target that is not host:port', async () => {
    expect(await tcp('127.0.0.1')).toMatchObject({ ok: false, error: 'invalid address "127.0.0.1" (expected host:port)' });
    expect(await tcp('::1:80')).toMatchObject({ ok: false, error: 'invalid address "::1:80" (expected host:port)' });
  });
});
