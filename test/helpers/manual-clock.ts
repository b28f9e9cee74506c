// A clock that moves only when the test says, firing due timers in order.
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

/** Moves the clock a second at a time, letting real work (checks, timers) run in between, until `done` holds. */
export async function advanceUntil(clock: ManualClock, done: () => Promise<boolean>, { maxSeconds = 120, pauseMs = 10 } = {}): Promise<void> {
  for (let second = 0; second < maxSeconds; second++) {
    if (await done()) return;
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`condition not met within ${maxSeconds} s of service time`);
}
