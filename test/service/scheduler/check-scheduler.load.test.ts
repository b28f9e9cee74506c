import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../service/checks/check-result.ts';
import { CheckScheduler } from '../../../service/scheduler/check-scheduler.ts';
import { FakeClock } from './fake-clock.ts';
import { seededRandom } from './scheduler-fixtures.ts';

const okResult: Promise<CheckResult> = Promise.resolve({ ok: true, durationMs: 1 });

describe('CheckScheduler at scale', () => {
  it('runs 10,000 jobs at 30 s for three periods: each about three times, cheaply, on one timer', async () => {
    const clock = new FakeClock();
    const perKey = new Uint16Array(10_000);
    const scheduler = new CheckScheduler({
      clock,
      runCheck: () => okResult,
      onResult: (key) => (perKey[key] = (perKey[key] ?? 0) + 1),
      random: seededRandom(3),
    });
    const cpuBefore = process.cpuUsage();
    scheduler.start();
    for (let key = 0; key < 10_000; key += 1) scheduler.upsert({ key, type: 'tcp', url: '127.0.0.1:1', frequency: 30 });
    await clock.advance(90_000);
    const cpu = process.cpuUsage(cpuBefore);

    const stats = scheduler.stats();
    expect(stats.completed).toBeGreaterThanOrEqual(29_000);
    expect(stats.completed).toBeLessThanOrEqual(31_000);
    expect(Math.min(...perKey)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perKey)).toBeLessThanOrEqual(4);
    expect(stats).toMatchObject({ skipped: 0, queued: 0, inFlight: 0 });
    expect(stats.lateness.max).toBe(0);
    expect(clock.pendingTimers).toBe(1);
    // This process's CPU time, which includes the fake clock yielding to the event loop after every timer: well
    // under real time (90 s), and not at the mercy of what else loads the machine, as wall time would be.
    expect((cpu.user + cpu.system) / 1_000).toBeLessThan(10_000);
  });
});
