import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../service/checks/run-check.ts';
import { udpProbePayload } from '../../../service/checks/udp-check.ts';
import { startUdpEchoTarget } from '../../helpers/local-targets.ts';
import { startedForTests } from '../../helpers/started-for-tests.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';

const udp = (url: string, timeoutMs = 2_000) => runCheck({ type: 'udp', url }, { timeoutMs });

describe('udp check', () => {
  const target = startedForTests(startUdpEchoTarget);

  it('is up when a reply comes back, and sends the documented probe', async () => {
    expect(await udp(target.current.hostPort)).toMatchObject({ ok: true });
    expect(target.current.lastDatagram()?.toString()).toBe('vigil-probe\n');
    expect(udpProbePayload.toString()).toBe('vigil-probe\n');
  });

  it('is down with "port unreachable" while nothing listens, and up again after', async () => {
    await target.current.setUp(false);
    expect(await udp(target.current.hostPort)).toMatchObject({ ok: false, error: 'port unreachable' });
    await target.current.setUp(true);
    expect(await udp(target.current.hostPort)).toMatchObject({ ok: true });
  });

  it('is down when the service receives but never replies', async () => {
    target.current.setSilent(true);
    try {
      const result = await udp(target.current.hostPort, 250);
      expect(result).toMatchObject({ ok: false, error: 'no reply within 0.25 s' });
      expect(result.durationMs).toBeGreaterThanOrEqual(240);
    } finally {
      target.current.setSilent(false);
    }
  });

  it('leaves no deadline behind', async () => {
    const clock = new FakeClock();
    expect(await runCheck({ type: 'udp', url: target.current.hostPort }, { clock })).toMatchObject({ ok: true });
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses a target that is not host:port', async () => {
    expect(await udp('127.0.0.1:0')).toMatchObject({ ok: false, error: 'invalid address "127.0.0.1:0" (expected host:port)' });
  });
});
