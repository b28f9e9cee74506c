import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../service/checks/check-result.ts';
import { createCheckAgents } from '../../../service/checks/http-agents.ts';
import { runCheck } from '../../../service/checks/run-check.ts';
import { CheckScheduler, type CheckTiming } from '../../../service/scheduler/check-scheduler.ts';
import { backgroundClock } from '../../../common/clock.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';

const agents = createCheckAgents();

describe('CheckScheduler on real timers', () => {
  let target: HttpTarget;
  beforeAll(async () => {
    target = await startHttpTarget();
  });
  afterAll(async () => {
    await target.close();
    agents.http.destroy();
  });

  it('checks a real HTTP target every second and follows it down', async () => {
    const delivered: { key: number; result: CheckResult; timing: CheckTiming }[] = [];
    const scheduler = new CheckScheduler({
      clock: backgroundClock,
      runCheck: (job) => runCheck(job, { agents, timeoutMs: 900 }),
      onResult: (key, result, timing) => delivered.push({ key, result, timing }),
    });
    scheduler.start();
    for (let key = 1; key <= 3; key += 1) scheduler.upsert({ key, type: 'http', url: `${target.url}/?job=${key}`, frequency: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    target.setUp(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await scheduler.stop();

    for (let key = 1; key <= 3; key += 1) {
      const results = delivered.filter((each) => each.key === key).map((each) => each.result);
      expect(results.length).toBeGreaterThanOrEqual(2);
      expect(results[0]?.ok).toBe(true);
      expect(results.at(-1)).toMatchObject({ ok: false, error: 'HTTP 503' });
    }
    const stats = scheduler.stats();
    expect(stats.skipped).toBe(0);
    expect(stats.lateness.p99).toBeLessThan(250);
    expect(delivered.every(({ timing }) => timing.startedAt >= timing.dueAt)).toBe(true);
  });
});
