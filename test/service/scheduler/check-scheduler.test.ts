import { describe, expect, it } from 'vitest';
import { maxTimerDelayMs } from '../../../common/clock.ts';
import type { CheckResult, CheckTarget } from '../../../service/checks/check-result.ts';
import { silentLogger, type Logger } from '../../../service/logger.ts';
import {
  CheckScheduler,
  type CheckSchedulerOptions,
  type CheckTiming,
  type ScheduledJob,
} from '../../../service/scheduler/check-scheduler.ts';
import { FakeClock } from './fake-clock.ts';
import { manualRunner, seededRandom } from './scheduler-fixtures.ts';

interface Delivered {
  key: number;
  result: CheckResult;
  timing: CheckTiming;
}

const okResult: CheckResult = { ok: true, durationMs: 1 };
const instantly = () => Promise.resolve(okResult);
const job = (key: number, frequency = 30, url = `http://127.0.0.1/${key}`): ScheduledJob => ({ key, type: 'http', url, frequency });
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Returns the given values in turn, then `rest`. */
function sequence(values: number[], rest = 0.5): () => number {
  let index = 0;
  return () => values[index++] ?? rest;
}

/**
 * Puts every job in the first slot of its period at its start, so a job of 1 s or 10 s is due at once (the clock
 * starts on a whole 10 s), and the jitter is its lowest.
 */
const dueAtOnce = () => 0;

function setUp(overrides: Partial<CheckSchedulerOptions> = {}) {
  const clock = new FakeClock();
  const runner = manualRunner();
  const delivered: Delivered[] = [];
  const scheduler = new CheckScheduler({
    clock,
    runCheck: runner.runCheck,
    onResult: (key, result, timing) => delivered.push({ key, result, timing }),
    random: seededRandom(7),
    ...overrides,
  });
  return { clock, pending: runner.pending, delivered, scheduler, start: clock.now() };
}

/** A started scheduler whose one job (key 1, every second, due at once, to `url`) has its check running now. */
async function checkRunning(url?: string) {
  const running = setUp({ random: dueAtOnce });
  running.scheduler.start();
  running.scheduler.upsert(job(1, 1, url));
  await running.clock.advance(0);
  return running;
}

describe('CheckScheduler spreading', () => {
  it('checks a job again soon when asked, keeping its phase: its rounds go on from half a period later', async () => {
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly, jitterRatio: 0 });
    scheduler.start();
    scheduler.upsert(job(1, 60));
    await clock.advance(60_000);
    expect(delivered).toHaveLength(1);
    const phaseAt = delivered[0]?.timing.dueAt ?? 0;
    // Asked 5 s before the next round: that round, less than half a period on, gives way; the later ones keep the phase.
    await clock.advance(phaseAt + 55_000 - clock.now());
    const askedAt = clock.now();
    scheduler.checkSoon(1);
    await clock.advance(0);
    expect(delivered).toHaveLength(2);
    expect(delivered[1]?.timing.dueAt).toBe(askedAt);
    await clock.advance(130_000);
    expect(delivered.slice(2).map((d) => (d.timing.dueAt - phaseAt) / 60_000)).toEqual([2, 3]);
  });

  it('leaves a job alone when asked to check it soon while its round is running', async () => {
    const { clock, delivered, pending, scheduler } = setUp({ jitterRatio: 0 });
    scheduler.start();
    scheduler.upsert(job(1, 60), { firstWithinMs: 0 });
    await clock.advance(0);
    expect(pending).toHaveLength(1);
    scheduler.checkSoon(1);
    await clock.advance(1_000);
    expect(pending).toHaveLength(1);
    expect(delivered).toHaveLength(0);
  });

  it('runs a job added with firstWithinMs within that window, then not again for half a period', async () => {
    const { clock, delivered, scheduler, start } = setUp({ runCheck: instantly });
    scheduler.start();
    for (let key = 0; key < 100; key += 1) scheduler.upsert(job(key, 300), { firstWithinMs: 5_000 });
    await clock.advance(5_000);
    expect(new Set(delivered.map((d) => d.key)).size).toBe(100);
    expect(Math.max(...delivered.map((d) => d.timing.dueAt - start))).toBeLessThanOrEqual(5_000);
    await clock.advance(144_999);
    expect(delivered).toHaveLength(100);
  });

  it('spreads the first rounds of 10,000 jobs added at once over the period', async () => {
    const { clock, delivered, scheduler, start } = setUp({ runCheck: instantly });
    scheduler.start();
    for (let key = 0; key < 10_000; key += 1) scheduler.upsert(job(key, 30));
    await clock.advance(30_000);
    const firstDue = new Map<number, number>();
    for (const { key, timing } of delivered) if (!firstDue.has(key)) firstDue.set(key, timing.dueAt - start);
    expect(firstDue.size).toBe(10_000);
    const perTenth = Array.from({ length: 10 }, () => 0);
    for (const offset of firstDue.values()) {
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(30_000);
      const tenth = Math.min(9, Math.floor(offset / 3_000));
      perTenth[tenth] = (perTenth[tenth] ?? 0) + 1;
    }
    for (const count of perTenth) expect(count).toBeGreaterThan(850);
  });

  it('spreads jobs added before start() from the moment it starts', async () => {
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly });
    for (let key = 0; key < 100; key += 1) scheduler.upsert(job(key, 60));
    await clock.advance(3_600_000);
    expect(delivered).toHaveLength(0);
    const startedAt = clock.now();
    scheduler.start();
    await clock.advance(60_000);
    expect(new Set(delivered.map(({ key }) => key)).size).toBe(100);
    expect(delivered.every(({ timing }) => timing.dueAt >= startedAt && timing.dueAt <= startedAt + 60_000)).toBe(true);
  });
});

describe('CheckScheduler rounds', () => {
  it('keeps each job on its own grid: no drift, jitter within ±1% of the period', async () => {
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly });
    scheduler.start();
    scheduler.upsert(job(1, 10));
    await clock.advance(1_000_000);
    const dues = delivered.map(({ timing }) => timing.dueAt);
    expect(dues.length).toBeGreaterThanOrEqual(99);
    const first = dues[0] ?? Number.NaN;
    dues.forEach((dueAt, round) => expect(Math.abs(dueAt - (first + round * 10_000))).toBeLessThanOrEqual(101));
    expect(new Set(dues.map((dueAt, round) => dueAt - (first + round * 10_000))).size).toBeGreaterThan(10);
    expect(delivered.every(({ timing }) => timing.startedAt === timing.dueAt)).toBe(true);
  });

  it('without jitter runs exactly every period', async () => {
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly, jitterRatio: 0 });
    scheduler.start();
    scheduler.upsert(job(1, 7));
    await clock.advance(700_000);
    const dues = delivered.map(({ timing }) => timing.dueAt);
    dues.forEach((dueAt, round) => expect(dueAt - (dues[0] ?? 0)).toBe(round * 7_000));
  });

  it('bounds the jitter of long periods by maxJitterMs, and never asks for a timer beyond maxTimerDelayMs', async () => {
    // Alternate the extremes of random() so the jitter hits both bounds.
    let calls = 0;
    const extremes = () => (calls++ % 2 === 0 ? 0 : 0.999_999);
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly, random: extremes });
    scheduler.start();
    scheduler.upsert(job(1, 86_400));
    scheduler.upsert(job(2, 60 * 86_400));
    await clock.advance(121 * 86_400_000);
    const daily = delivered.filter(({ key }) => key === 1).map(({ timing }) => timing.dueAt);
    expect(daily.length).toBeGreaterThanOrEqual(120);
    const first = daily[0] ?? Number.NaN;
    const offsets = daily.map((dueAt, round) => dueAt - (first + round * 86_400_000));
    expect(Math.max(...offsets.map(Math.abs))).toBeLessThanOrEqual(5_001);
    expect(Math.max(...offsets)).toBeGreaterThan(4_900);
    expect(Math.min(...offsets)).toBeLessThan(-4_900);
    expect(delivered.filter(({ key }) => key === 2).length).toBeGreaterThanOrEqual(2);
    expect(clock.longestDelayMs).toBeLessThanOrEqual(maxTimerDelayMs);
  });

  it('uses a single timer however many jobs there are', async () => {
    const { clock, scheduler } = setUp({ runCheck: instantly });
    scheduler.start();
    for (let key = 0; key < 1_000; key += 1) scheduler.upsert(job(key, 5));
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(12_345);
    expect(clock.pendingTimers).toBe(1);
  });

  it('skips rounds that come due while the previous check still runs, without piling up', async () => {
    const { clock, pending, delivered, scheduler } = setUp({ random: sequence([0, 0]) });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    await clock.advance(3_000);
    expect(pending).toHaveLength(1);
    expect(scheduler.stats()).toMatchObject({ due: 4, started: 1, skipped: 3, inFlight: 1 });
    pending[0]?.finish();
    await settle();
    expect(delivered).toHaveLength(1);
    await clock.advance(1_000);
    expect(pending).toHaveLength(2);
  });

  it('skips the rounds a clock jump (sleep) passed over instead of running them in a burst', async () => {
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly });
    scheduler.start();
    scheduler.upsert(job(1, 10));
    await clock.advance(30_000);
    const before = delivered.length;
    const skippedBefore = scheduler.stats().skipped;
    clock.jump(3_600_000);
    await clock.advance(0);
    expect(delivered.length).toBe(before + 1);
    expect(scheduler.stats().skipped - skippedBefore).toBeGreaterThanOrEqual(359);
    await clock.advance(30_000);
    expect(delivered.length - before).toBeGreaterThanOrEqual(3);
    expect(delivered.length - before).toBeLessThanOrEqual(5);
  });

  it('goes on checking when the clock is set back, each job from its phase after the new time', async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message) => warnings.push(message) };
    const { clock, delivered, scheduler } = setUp({ runCheck: instantly, logger });
    scheduler.start();
    for (let key = 1; key <= 3; key += 1) scheduler.upsert(job(key, 60));
    await clock.advance(120_000);
    const before = delivered.length;
    expect(before).toBeGreaterThanOrEqual(3);
    // The clock goes back an hour; the scheduler's timer, on the machine's steady time, fires when it was due.
    clock.jump(-3_600_000);
    clock.fireNext();
    await clock.advance(60_000);
    expect(delivered.slice(before).map((each) => each.key).sort()).toEqual([1, 2, 3]);
    expect(delivered.slice(before).every(({ timing }) => timing.dueAt <= clock.now())).toBe(true);
    expect(warnings).toEqual(["The clock was set back; every monitor's checks go on from the new time."]);
    await clock.advance(120_000);
    expect(delivered.length - before).toBeGreaterThanOrEqual(9);
  });
});

describe('CheckScheduler concurrency', () => {
  it('caps checks in flight and starts waiting rounds in due order', async () => {
    const { clock, pending, delivered, scheduler } = setUp({ concurrency: 3, jitterRatio: 0 });
    scheduler.start();
    for (let key = 0; key < 8; key += 1) scheduler.upsert(job(key, 60));
    // Every job comes due once, at its own phase; none a second time.
    await clock.advance(59_999);
    expect(scheduler.stats()).toMatchObject({ inFlight: 3, queued: 5, started: 3, due: 8 });
    pending[1]?.finish();
    await settle();
    expect(pending).toHaveLength(4);
    for (const check of pending.slice()) check.finish();
    await settle();
    for (const check of pending.slice(4)) check.finish();
    await settle();
    for (const check of pending.slice(7)) check.finish();
    await settle();
    expect(pending).toHaveLength(8);
    const dueOf = new Map(delivered.map(({ key, timing }) => [key, timing.dueAt]));
    const duesInStartOrder = pending.map(({ target }) => dueOf.get(Number(target.url.split('/').pop())) ?? Number.NaN);
    expect(duesInStartOrder).toEqual([...duesInStartOrder].sort((a, b) => a - b));
    const stats = scheduler.stats();
    expect(stats).toMatchObject({ inFlight: 0, queued: 0, started: 8, completed: 8, skipped: 0 });
    // The last five waited from their due times until the 59,999 ms mark.
    expect(stats.lateness).toMatchObject({ samples: 8, max: clock.now() - (duesInStartOrder[3] ?? Number.NaN) });
  });

  it('counts a round that comes due while the last one still waits for a slot as skipped', async () => {
    const { clock, pending, scheduler } = setUp({ concurrency: 1, random: sequence([0, 0.5]) });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    scheduler.upsert(job(2, 1));
    await clock.advance(1_600);
    expect(pending).toHaveLength(1);
    expect(scheduler.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    expect(scheduler.stats().skipped).toBeGreaterThanOrEqual(2);
  });
});

describe('CheckScheduler remove and replace', () => {
  it('does not deliver the result of a job removed while its check ran', async () => {
    const { clock, pending, delivered, scheduler } = await checkRunning();
    scheduler.remove(1);
    pending[0]?.finish();
    await settle();
    expect(delivered).toHaveLength(0);
    expect(scheduler.stats()).toMatchObject({ jobs: 0, discarded: 1, inFlight: 0 });
    await clock.advance(10_000);
    expect(pending).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('drops a removed job that was waiting for a slot', async () => {
    const { clock, pending, scheduler } = setUp({ concurrency: 1, random: dueAtOnce });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    scheduler.upsert(job(2, 1));
    await clock.advance(0);
    expect(scheduler.stats().queued).toBe(1);
    scheduler.remove(2);
    expect(scheduler.stats().queued).toBe(0);
    pending[0]?.finish();
    await settle();
    expect(pending).toHaveLength(1);
  });

  it('replacing a job mid-check discards the stale result and restarts its schedule', async () => {
    const { clock, pending, delivered, scheduler } = await checkRunning('http://127.0.0.1/old');
    scheduler.upsert(job(1, 10, 'http://127.0.0.1/new'));
    await clock.advance(0);
    expect(pending.map(({ target }) => target.url)).toEqual(['http://127.0.0.1/old', 'http://127.0.0.1/new']);
    pending[0]?.finish({ ok: false, durationMs: 5, error: 'stale' });
    pending[1]?.finish();
    await settle();
    expect(delivered).toEqual([{ key: 1, result: okResult, timing: { dueAt: clock.now(), startedAt: clock.now() } }]);
    expect(scheduler.stats()).toMatchObject({ jobs: 1, discarded: 1 });
  });
});

describe('CheckScheduler stop', () => {
  it('waits for checks in flight, delivers their results, then leaves no timer', async () => {
    const { clock, pending, delivered, scheduler } = await checkRunning();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    pending[0]?.finish();
    await stopping;
    expect(delivered).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10_000);
    expect(pending).toHaveLength(1);
  });

  it('stops waiting after stopTimeoutMs, and discards what finishes later', async () => {
    const { clock, pending, delivered, scheduler } = setUp({ random: dueAtOnce, stopTimeoutMs: 2_000 });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    await clock.advance(0);
    const stopping = scheduler.stop();
    await clock.advance(2_000);
    await stopping;
    pending[0]?.finish();
    await settle();
    expect(delivered).toHaveLength(0);
    expect(scheduler.stats().discarded).toBe(1);
  });

  it('drops rounds still waiting for a slot and resolves at once when idle', async () => {
    const { clock, pending, scheduler } = setUp({ concurrency: 1, random: dueAtOnce });
    await scheduler.stop();
    scheduler.start();
    scheduler.upsert(job(1, 1));
    scheduler.upsert(job(2, 1));
    await clock.advance(0);
    const stopping = scheduler.stop();
    expect(scheduler.stats().queued).toBe(0);
    pending[0]?.finish();
    await stopping;
    expect(pending).toHaveLength(1);
  });
});

describe('CheckScheduler robustness', () => {
  it('logs a throwing result handler and keeps running', async () => {
    const errors: string[] = [];
    const logger: Logger = { ...silentLogger, error: (message) => errors.push(message) };
    const { clock, scheduler } = setUp({
      runCheck: instantly,
      logger,
      onResult: () => {
        throw new Error('disk full');
      },
    });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    await clock.advance(3_000);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(scheduler.stats().completed).toBeGreaterThanOrEqual(2);
  });

  it('turns a runner that rejects or throws into a failed check', async () => {
    const broken = (target: CheckTarget): Promise<CheckResult> => {
      if (target.url.endsWith('/2')) throw new Error('sync bug');
      return Promise.reject(new Error('bug'));
    };
    const { clock, delivered, scheduler } = setUp({ runCheck: broken });
    scheduler.start();
    scheduler.upsert(job(1, 1));
    scheduler.upsert(job(2, 1));
    await clock.advance(1_000);
    expect(delivered.map(({ result }) => result)).toEqual([
      { ok: false, durationMs: 0, error: 'check failed unexpectedly' },
      { ok: false, durationMs: 0, error: 'check failed unexpectedly' },
    ]);
  });

  it('refuses settings that cannot work', () => {
    const clock = new FakeClock();
    const base = { clock, runCheck: instantly, onResult: () => undefined };
    expect(() => new CheckScheduler({ ...base, concurrency: 0 })).toThrow(RangeError);
    expect(() => new CheckScheduler({ ...base, jitterRatio: 0.5 })).toThrow(RangeError);
    expect(() => new CheckScheduler(base).upsert(job(1, 0))).toThrow(RangeError);
  });
});
