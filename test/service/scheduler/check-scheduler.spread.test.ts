// The schedule's load over the clock: monitors added at once, mixed periods, a restart, deletions, a new monitor's
// first check. Time is a FakeClock; checks finish at once.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../service/checks/check-result.ts';
import { CheckScheduler, type CheckSchedulerOptions, type CheckTiming } from '../../../service/scheduler/check-scheduler.ts';
import { FakeClock } from './fake-clock.ts';
import { seededRandom } from './scheduler-fixtures.ts';

const okResult: Promise<CheckResult> = Promise.resolve({ ok: true, durationMs: 1 });
/** What the API gives a monitor created or retargeted (monitor-check-loop.ts). */
const apiFirstWithinMs = 5_000;

function setUp(overrides: Partial<CheckSchedulerOptions> = {}) {
  const clock = new FakeClock();
  const delivered: { key: number; timing: CheckTiming }[] = [];
  const scheduler = new CheckScheduler({
    clock,
    runCheck: () => okResult,
    onResult: (key, _result, timing) => delivered.push({ key, timing }),
    random: seededRandom(11),
    ...overrides,
  });
  return { clock, delivered, scheduler, start: clock.now() };
}

const job = (key: number, frequency: number) => ({ key, type: 'http' as const, url: `http://127.0.0.1/${key}`, frequency });

/** Checks due in each second of [from, from + seconds·1 s). */
function perSecond(delivered: { timing: CheckTiming }[], from: number, seconds: number): number[] {
  const counts = Array.from({ length: seconds }, () => 0);
  for (const { timing } of delivered) {
    const second = Math.floor((timing.dueAt - from) / 1_000);
    if (second >= 0 && second < seconds) counts[second] = (counts[second] ?? 0) + 1;
  }
  return counts;
}

function dueTimesByKey(delivered: { key: number; timing: CheckTiming }[]): Map<number, number[]> {
  const byKey = new Map<number, number[]>();
  for (const { key, timing } of delivered) byKey.set(key, [...(byKey.get(key) ?? []), timing.dueAt]);
  return byKey;
}

describe('CheckScheduler spreads the load over the period', () => {
  it('10,000 monitors created at once: each checked within 5 s, then 333 or 334 checks in every second', async () => {
    const { clock, delivered, scheduler, start } = setUp({ jitterRatio: 0 });
    scheduler.start();
    for (let key = 0; key < 10_000; key += 1) scheduler.upsert(job(key, 30), { firstWithinMs: apiFirstWithinMs });
    await clock.advance(apiFirstWithinMs);
    expect(new Set(delivered.map(({ key }) => key)).size).toBe(10_000);
    // Every phase's rounds have begun 5 s + 1.5 periods on; from then on, each second holds its slot's monitors.
    await clock.advance(85_000);
    const counts = perSecond(delivered, start + 60_000, 30);
    expect(Math.min(...counts)).toBe(333);
    expect(Math.max(...counts)).toBe(334);
    expect(scheduler.stats()).toMatchObject({ skipped: 0, queued: 0 });
  });

  it('with the default jitter (±300 ms at 30 s), every second stays within 12 % of the mean', async () => {
    const { clock, delivered, scheduler, start } = setUp();
    scheduler.start();
    for (let key = 0; key < 10_000; key += 1) scheduler.upsert(job(key, 30), { firstWithinMs: apiFirstWithinMs });
    await clock.advance(85_000);
    const counts = perSecond(delivered, start + 55_000, 30);
    const mean = 10_000 / 30;
    for (const count of counts) expect(Math.abs(count - mean)).toBeLessThan(0.12 * mean);
  });

  it('mixed periods (30 s, 60 s, 300 s): every second within one check per period of the mean', async () => {
    const { clock, delivered, scheduler, start } = setUp({ jitterRatio: 0 });
    scheduler.start();
    const frequencies = [30, 60, 300];
    for (let key = 0; key < 3_000; key += 1) scheduler.upsert(job(key, frequencies[key % 3] ?? 30), { firstWithinMs: apiFirstWithinMs });
    await clock.advance(800_000);
    const mean = 1_000 / 30 + 1_000 / 60 + 1_000 / 300;
    const counts = perSecond(delivered, start + 500_000, 300);
    for (const count of counts) expect(Math.abs(count - mean)).toBeLessThan(frequencies.length);
  });

  it('after a restart, monitors loaded before start() are spread from the first period on, not bunched', async () => {
    // The service's start: every stored monitor upserted without a window, then start() (monitor-check-loop.ts).
    const { clock, delivered, scheduler } = setUp({ jitterRatio: 0 });
    const frequencies = [30, 60, 300];
    for (let key = 0; key < 3_000; key += 1) scheduler.upsert(job(key, frequencies[key % 3] ?? 30));
    await clock.advance(12_345);
    const startedAt = clock.now();
    scheduler.start();
    // One period of the longest, start included and its end not.
    await clock.advance(300_000 - 1);
    const byKey = dueTimesByKey(delivered);
    expect(byKey.size).toBe(3_000);
    for (const [key, dues] of byKey) {
      const periodMs = (frequencies[key % 3] ?? 30) * 1_000;
      expect(dues[0]).toBeLessThan(startedAt + periodMs);
      expect(dues).toHaveLength(300_000 / periodMs);
    }
    const mean = 1_000 / 30 + 1_000 / 60 + 1_000 / 300;
    const counts = perSecond(delivered, Math.ceil(startedAt / 1_000) * 1_000, 299);
    for (const count of counts) expect(Math.abs(count - mean)).toBeLessThan(frequencies.length);
  });

  it('deleted monitors leave gaps that the next ones created fill', async () => {
    const { clock, delivered, scheduler, start } = setUp({ jitterRatio: 0 });
    scheduler.start();
    for (let key = 0; key < 3_000; key += 1) scheduler.upsert(job(key, 30));
    await clock.advance(30_000);
    // Delete every monitor due in the first ten seconds of the period: those seconds fall silent.
    const emptied = delivered.filter(({ timing }) => timing.dueAt - start < 10_000).map(({ key }) => key);
    expect(emptied).toHaveLength(1_000);
    for (const key of emptied) scheduler.remove(key);
    for (let key = 3_000; key < 4_000; key += 1) scheduler.upsert(job(key, 30), { firstWithinMs: apiFirstWithinMs });
    const from = clock.now() + 60_000;
    await clock.advance(90_000);
    expect(perSecond(delivered, from, 30).every((count) => count === 100)).toBe(true);
  });

  it('a replaced or removed monitor gives its place back', async () => {
    const { clock, delivered, scheduler, start } = setUp({ jitterRatio: 0 });
    scheduler.start();
    for (let round = 0; round < 1_000; round += 1) scheduler.upsert({ ...job(0, 30), url: `http://127.0.0.1/${round}` });
    for (let key = 1; key < 500; key += 1) {
      scheduler.upsert(job(key, 30));
      scheduler.remove(key);
    }
    for (let key = 1; key < 30; key += 1) scheduler.upsert(job(key, 30));
    await clock.advance(60_000);
    expect(perSecond(delivered, start, 60).every((count) => count === 1)).toBe(true);
  });

  it('a monitor created into a busy schedule is checked within 5 s, then once a period, never twice within half of one', async () => {
    const { clock, delivered, scheduler, start } = setUp({ jitterRatio: 0 });
    scheduler.start();
    for (let key = 0; key < 1_000; key += 1) scheduler.upsert(job(key, 60));
    await clock.advance(45_000);
    for (let key = 1_000; key < 1_100; key += 1) scheduler.upsert(job(key, 60), { firstWithinMs: apiFirstWithinMs });
    const createdAt = clock.now();
    await clock.advance(300_000);
    const byKey = dueTimesByKey(delivered);
    for (let key = 1_000; key < 1_100; key += 1) {
      const dues = byKey.get(key) ?? [];
      expect(dues[0]).toBeLessThanOrEqual(createdAt + apiFirstWithinMs);
      const gaps = dues.slice(1).map((dueAt, index) => dueAt - (dues[index] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(30_000);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(90_000);
      expect(gaps.slice(1).every((gap) => gap === 60_000)).toBe(true);
    }
    // 1,100 monitors at 60 s: 18 or 19 in each second once the new ones are on their phases.
    const counts = perSecond(delivered, start + 180_000, 60);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...counts)).toBeLessThanOrEqual(19);
  });
});
