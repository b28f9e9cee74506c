// The real clock, keeping count of its timers: a test can check that nothing was left waiting, or clear what was.
import { systemClock, type Clock, type TimerHandle } from '../../common/clock.ts';

export interface TrackingClock extends Clock {
  /** Timers set and neither fired nor cleared. */
  live(): number;
  /** Clears every timer still waiting. */
  clearAll(): void;
}

export function trackingClock(): TrackingClock {
  const live = new Set<TimerHandle>();
  return {
    now: () => systemClock.now(),
    setTimer(callback, delayMs) {
      const handle = systemClock.setTimer(() => {
        live.delete(handle);
        callback();
      }, delayMs);
      live.add(handle);
      return handle;
    },
    clearTimer(handle) {
      live.delete(handle);
      systemClock.clearTimer(handle);
    },
    live: () => live.size,
    clearAll() {
      for (const handle of live) systemClock.clearTimer(handle);
      live.clear();
    },
  };
}
