// The default clock: Node's own timers, for a client nobody handed a clock (a CLI, a script).
import type { Clock, TimerHandle } from '../../../common/clock.ts';

export const realTimeClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimer(handle: TimerHandle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
