// The poller on a clock the test moves: timing, no overlap, backoff, Retry-After, pause/resume, refreshNow.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { maxTimerDelayMs } from '../../../common/clock.ts';
import type { ClientErrorInfo, PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';
import { backoffDelayMs, maxBackoffMs } from '../../../main/core/poller/backoff.ts';
import { Poller } from '../../../main/core/poller/poller.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

class PollFailure extends Error {
  readonly info: ClientErrorInfo;
  constructor(info: ClientErrorInfo) {
    super(info.message);
    this.info = info;
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const snapshot = (takenAt: number): Snapshot => ({ takenAt, monitors: [], heartbeats: [], domains: [], issues: [] });

/** Every poller a test set up, stopped after it (as the core stops its own). */
const pollers: Poller[] = [];
afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
});

/** A poll the test answers by hand, one at a time; the poller is stopped after the test. */
function setUp(options: { intervalMs?: number; random?: () => number; onOutcome?: (outcome: PollOutcome) => void; onOutcomeFailed?: (error: unknown) => void } = {}) {
  const clock = manualClock(Date.UTC(2026, 10, 21));
  const outcomes: PollOutcome[] = [];
  const calls: { signal: AbortSignal; succeed(): void; fail(info?: Partial<ClientErrorInfo>): void }[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const poller = new Poller({
    clock,
    intervalMs: options.intervalMs ?? 60_000,
    random: options.random ?? (() => 0.5),
    onOutcome: (outcome) => {
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
    },
    ...(options.onOutcomeFailed === undefined ? {} : { onOutcomeFailed: options.onOutcomeFailed }),
    describeError: (error) => (error instanceof PollFailure ? error.info : { kind: 'unreachable', message: String(error) }),
    poll: (signal) => {
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      return new Promise<Snapshot>((resolve, reject) => {
        const end = () => (concurrent -= 1);
        signal.addEventListener('abort', () => {
          end();
          reject(new PollFailure({ kind: 'cancelled', message: 'cancelled' }));
        });
        calls.push({
          signal,
          succeed: () => {
            end();
            resolve(snapshot(clock.now()));
          },
          fail: (info = {}) => {
            end();
            reject(new PollFailure({ kind: 'unreachable', message: 'connection refused', ...info }));
          },
        });
      });
    },
  });
  pollers.push(poller);
  return { clock, poller, outcomes, calls, maxConcurrent: () => maxConcurrent };
}

async function answer(call: { succeed(): void } | undefined): Promise<void> {
  call?.succeed();
  await settle();
}

describe('Poller', () => {
  it('polls at once on start, then every interval after each poll ends', async () => {
    const { clock, poller, calls, outcomes } = setUp();
    poller.start();
    expect(calls).toHaveLength(1);
    clock.advance(5_000);
    await answer(calls[0]);
    clock.advance(59_999);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(calls).toHaveLength(2);
    expect(outcomes.map((o) => o.ok)).toEqual([true]);
  });

  it('keeps polling when handling an outcome throws, and says so', async () => {
    const failures: unknown[] = [];
    const { clock, poller, calls } = setUp({
      onOutcome: () => {
        throw new Error('the settings file cannot be read');
      },
      onOutcomeFailed: (error) => failures.push(error),
    });
    poller.start();
    await answer(calls[0]);
    expect(failures).toEqual([new Error('the settings file cannot be read')]);
    clock.advance(60_000);
    expect(calls).toHaveLength(2);
  });

  it('never runs two polls at once: refreshNow during a poll runs one more right after it', async () => {
    const { poller, calls, maxConcurrent } = setUp();
    poller.start();
    poller.refreshNow();
    poller.refreshNow();
    expect(calls).toHaveLength(1);
    await answer(calls[0]);
    expect(calls).toHaveLength(2);
    await answer(calls[1]);
    expect(calls).toHaveLength(2);
    expect(maxConcurrent()).toBe(1);
  });

  it('refreshNow between polls polls at once and restarts the interval', async () => {
    const { clock, poller, calls } = setUp();
    poller.start();
    await answer(calls[0]);
    clock.advance(30_000);
    poller.refreshNow();
    expect(calls).toHaveLength(2);
    await answer(calls[1]);
    clock.advance(59_999);
    expect(calls).toHaveLength(2);
    clock.advance(1);
    expect(calls).toHaveLength(3);
  });

  it('backs off exponentially on failure, capped at 15 minutes, and returns to the interval on success', async () => {
    const { clock, poller, calls, outcomes } = setUp({ random: () => 1 });
    poller.start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const last = calls.at(-1);
      last?.fail();
      await settle();
      const before = calls.length;
      let waited = 0;
      while (calls.length === before) {
        clock.advance(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    await answer(calls.at(-1));
    clock.advance(60_000);
    expect(calls).toHaveLength(9);
  });

  it('waits at least as long as Retry-After', async () => {
    const { clock, poller, calls } = setUp({ random: () => 0 });
    poller.start();
    calls[0]?.fail({ kind: 'rate-limited', retryAfterMs: 300_000 });
    await settle();
    clock.advance(299_999);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(calls).toHaveLength(2);
  });

  it('pause abandons the poll in flight without reporting it and holds no timer; resume polls at once', async () => {
    const { clock, poller, calls, outcomes } = setUp();
    poller.start();
    poller.pause();
    expect(calls[0]?.signal.aborted).toBe(true);
    await settle();
    expect(outcomes).toEqual([]);
    expect(poller.state).toBe('paused');
    clock.advance(3_600_000);
    expect(calls).toHaveLength(1);
    poller.resume();
    expect(calls).toHaveLength(2);
    await answer(calls[1]);
    expect(outcomes).toHaveLength(1);
  });

  it('resume right after pause, before the abandoned poll settles, still polls exactly once more', async () => {
    const { poller, calls, maxConcurrent } = setUp();
    poller.start();
    poller.pause();
    poller.resume();
    await settle();
    expect(calls).toHaveLength(2);
    expect(maxConcurrent()).toBe(1);
  });

  it('keeps the interval at 10 s or more', async () => {
    const { clock, poller, calls } = setUp({ intervalMs: 1_000 });
    poller.start();
    await answer(calls[0]);
    clock.advance(9_999);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(calls).toHaveLength(2);
  });

  it('splits a wait longer than the timer limit into steps', async () => {
    const { clock, poller, calls } = setUp({ intervalMs: 40 * 86_400_000 });
    poller.start();
    await answer(calls[0]);
    expect(Math.max(...clock.delays)).toBeLessThanOrEqual(maxTimerDelayMs);
    clock.advance(40 * 86_400_000 - 1);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(calls).toHaveLength(2);
  });

  it('stop waits for the poll in flight and leaves no timer', async () => {
    const { clock, poller, calls, outcomes } = setUp();
    poller.start();
    await poller.stop();
    expect(calls[0]?.signal.aborted).toBe(true);
    clock.advance(3_600_000);
    expect(calls).toHaveLength(1);
    expect(outcomes).toEqual([]);
  });
});

describe('backoffDelayMs', () => {
  it('stays within [half, all] of the capped exponential, and never below Retry-After', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 10_000, max: 3_600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 7_200_000 }), { nil: undefined }),
        (failures, intervalMs, random, retryAfterMs) => {
          const delay = backoffDelayMs({ failures, intervalMs, random, retryAfterMs });
          const exponential = Math.min(maxBackoffMs, intervalMs * 2 ** (failures - 1));
          expect(delay).toBeGreaterThanOrEqual(exponential / 2);
          expect(delay).toBeGreaterThanOrEqual(Math.min(retryAfterMs ?? 0, maxBackoffMs * 4));
          expect(delay).toBeLessThanOrEqual(Math.max(exponential, Math.min(retryAfterMs ?? 0, maxBackoffMs * 4)));
        },
      ),
    );
  });
});
