// The real clock for the service (Node timers, unref'd so a pending check never keeps a stopping process alive).
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../common/clock.ts';

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, Math.min(Math.max(0, delayMs), maxTimerDelayMs));
    timer.unref();
    return timer;
  },
  clearTimer(handle: TimerHandle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
