// A clock that moves only when the test says, firing due timers in order.
import { expect } from 'vitest';
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../common/clock.ts';

export interface ManualClock extends Clock {
  /** Moves time forward by ms, firing every timer that falls due on the way (synchronously). */
  advance(ms: number): void;
  /** Fires the earliest timer due at or before `untilMs` (time jumps to it); false if there is none. */
  fireNext(untilMs: number): boolean;
  /** Every delay ever passed to setTimer. */
  readonly delays: number[];
}

interface Timer {
  dueMs: number;
  order: number;
  callback: () => void;
}

export function manualClock(startMs = Date.UTC(2026, 10, 1, 9, 30)): ManualClock {
  let nowMs = startMs;
  let created = 0;
  const timers = new Set<Timer>();
  const delays: number[] = [];

  function fireNext(untilMs: number): boolean {
    let next: Timer | undefined;
    for (const timer of timers) {
      const earlier =
        next === undefined || timer.dueMs < next.dueMs || (timer.dueMs === next.dueMs && timer.order < next.order);
      if (timer.dueMs <= untilMs && earlier) next = timer;
    }
    if (next === undefined) return false;
    timers.delete(next);
    nowMs = Math.max(nowMs, next.dueMs);
    next.callback();
    return true;
  }

  return {
    delays,
    now: () => nowMs,
    setTimer(callback, delayMs): TimerHandle {
      if (delayMs > maxTimerDelayMs) throw new RangeError(`timer delay ${delayMs} ms is above maxTimerDelayMs`);
      delays.push(delayMs);
      const timer = { dueMs: nowMs + Math.max(0, delayMs), order: created++, callback };
      timers.add(timer);
      return timer;
    },
    clearTimer(handle) {
      timers.delete(handle as Timer);
    },
    fireNext,
    advance(ms) {
      const untilMs = nowMs + ms;
      while (fireNext(untilMs));
      nowMs = untilMs;
    },
  };
}

export interface AdvanceOptions {
  /** How much service time may pass before giving up. */
  maxSeconds?: number;
  /** Real time let pass after each step, for the work it started (timers' I/O, the store's writes). */
  pauseMs?: number;
  /**
   * Waited for after each step too, e.g. `() => checksFinished(service.scheduler)`: work the step started then ends
   * at the service time it started at, however slow the machine, instead of the clock racing on while it runs.
   */
  settled?: () => Promise<void>;
}

/** Moves the clock a second at a time, letting real work (checks, timers) run in between, until `done` holds. */
export async function advanceUntil(clock: ManualClock, done: () => Promise<boolean>, { maxSeconds = 120, pauseMs = 10, settled }: AdvanceOptions = {}): Promise<void> {
  for (let second = 0; second < maxSeconds; second++) {
    if (await done()) return;
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await settled?.();
  }
  throw new Error(`condition not met within ${maxSeconds} s of service time`);
}

/**
 * Moves the clock as advanceUntil does until what `read` answers matches `expected` (as toMatchObject), and returns
 * that answer; if it never does, fails showing how the last answer differs.
 */
export async function advanceUntilMatch<T>(clock: ManualClock, read: () => Promise<T>, expected: object, options: AdvanceOptions = {}): Promise<T> {
  let answer: T | undefined;
  const matches = async () => {
    answer = await read();
    try {
      expect(answer).toMatchObject(expected);
      return true;
    } catch {
      return false;
    }
  };
  try {
    await advanceUntil(clock, matches, options);
  } catch (error) {
    expect(answer, String(error)).toMatchObject(expected);
    throw error;
  }
  return answer as T;
}

/** Resolves once the scheduler has no check queued or running: every check started so far has reported. */
export async function checksFinished(scheduler: { stats(): { inFlight: number; queued: number } }): Promise<void> {
  const busy = () => {
    const { inFlight, queued } = scheduler.stats();
    return inFlight + queued > 0;
  };
  while (busy()) await new Promise((resolve) => setTimeout(resolve, 2));
}
