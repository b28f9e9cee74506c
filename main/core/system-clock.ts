// The real clock for plain-Node programs of the client core.
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../common/clock.ts';

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => setTimeout(callback, Math.min(Math.max(0, delayMs), maxTimerDelayMs)),
  clearTimer: (handle: TimerHandle) => clearTimeout(handle as NodeJS.Timeout),
};
