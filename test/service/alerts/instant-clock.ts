// A clock whose timers fire on the next turn of the event loop, recording the delays asked for,
// so retry back-off is asserted without waiting for it.
import type { Clock, TimerHandle } from '../../../common/clock.ts';

export interface InstantClock extends Clock {
  /** Every delay passed to setTimer, in order. */
  readonly delays: number[];
}

export function instantClock(startMs = Date.UTC(2026, 2, 1, 12)): InstantClock {
  let nowMs = startMs;
  const delays: number[] = [];
  return {
    delays,
    now: () => nowMs,
    setTimer(callback, delayMs): TimerHandle {
      delays.push(delayMs);
      return setImmediate(() => {
        nowMs += delayMs;
        callback();
      });
    },
    clearTimer(handle) {
      clearImmediate(handle as NodeJS.Immediate);
    },
  };
}
