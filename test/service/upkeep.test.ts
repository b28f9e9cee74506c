// The service's periodic chores share one timer: they run together at the shortest gap any of them asks for, so an
// idle service wakes once for all of them.
import { describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../common/clock.ts';
import { Upkeep } from '../../service/upkeep.ts';
import { manualClock, type ManualClock } from '../helpers/manual-clock.ts';

const start = Date.UTC(2026, 10, 29, 8, 0);

/** The manual clock, counting the timers that are set and not yet fired or cleared. */
function countingClock(): { clock: ManualClock; pending(): number; fired(): number } {
  const clock = manualClock(start);
  const live = new Set<TimerHandle>();
  let fired = 0;
  const counting: ManualClock = {
    ...clock,
    setTimer(callback, delayMs) {
      const handle: TimerHandle = clock.setTimer(() => {
        live.delete(handle);
        fired++;
        callback();
      }, delayMs);
      live.add(handle);
      return handle;
    },
    clearTimer(handle) {
      live.delete(handle);
      clock.clearTimer(handle);
    },
  };
  return { clock: counting, pending: () => live.size, fired: () => fired };
}

/** The times (ms since start) at which a chore ran. */
function recorder(clock: Clock): { runs: number[]; run(): void } {
  const runs: number[] = [];
  return { runs, run: () => runs.push(clock.now() - start) };
}

describe('Upkeep', () => {
  it('runs every chore together at the shortest gap, on one timer', () => {
    const { clock, pending, fired } = countingClock();
    const upkeep = new Upkeep(clock);
    const history = recorder(clock);
    const stream = recorder(clock);
    upkeep.every(60_000, history.run);
    upkeep.every(45_000, stream.run);
    expect(pending()).toBe(1);

    clock.advance(180_000);
    expect(stream.runs).toEqual([45_000, 90_000, 135_000, 180_000]);
    expect(history.runs).toEqual(stream.runs);
    expect(fired()).toBe(4);
    expect(pending()).toBe(1);
  });

  it('goes back to the longer gap when the chore that needed the shorter one ends, and sets no timer with no chore', () => {
    const { clock, pending } = countingClock();
    const upkeep = new Upkeep(clock);
    const history = recorder(clock);
    upkeep.every(60_000, history.run);
    const endStream = upkeep.every(45_000, () => undefined);
    clock.advance(45_000);
    endStream();
    clock.advance(120_000);
    expect(history.runs).toEqual([45_000, 90_000, 150_000]);

    upkeep.stop();
    expect(pending()).toBe(0);
    clock.advance(600_000);
    expect(history.runs).toHaveLength(3);
  });

  it('brings the timer nearer for a chore that needs a shorter gap, counted from the last run', () => {
    const { clock } = countingClock();
    const upkeep = new Upkeep(clock);
    const history = recorder(clock);
    upkeep.every(60_000, history.run);
    clock.advance(60_000);
    clock.advance(10_000);
    upkeep.every(15_000, () => undefined);
    clock.advance(5_000);
    expect(history.runs).toEqual([60_000, 75_000]);
  });

  it('runs early when the service is awake anyway, within a third of the gap, so its timer does not fire', () => {
    const { clock, fired } = countingClock();
    const upkeep = new Upkeep(clock);
    const history = recorder(clock);
    upkeep.every(60_000, history.run);
    upkeep.every(45_000, () => undefined);
    // A check's result every 10 s: the chores ride on the first one within 15 s of their time.
    for (let at = 10_000; at <= 180_000; at += 10_000) {
      clock.advance(10_000);
      upkeep.awake();
    }
    expect(history.runs).toEqual([30_000, 60_000, 90_000, 120_000, 150_000, 180_000]);
    expect(fired()).toBe(0);
  });
});
