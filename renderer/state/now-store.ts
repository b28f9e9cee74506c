// One clock for the window: every relative time on screen ("3 min ago") reads `now`, ticking so they stay current
// without each row running its own timer, and the window's own waits (a notice leaving) run on the same clock, so
// a test that starts it with a manual clock moves both by hand.
import { create } from 'zustand';
import { systemClock, type Clock } from '../../common/clock.ts';

const tickMs = 10_000;

export const useNow = create<{ now: number }>(() => ({ now: Date.now() }));

let clock: Clock = systemClock;

/** The clock the window's timers run on (the real one unless a test started another). */
export function windowClock(): Clock {
  return clock;
}

/** Starts the tick on `given` (the real clock by default); returns the stop function. */
export function startClock(given: Clock = systemClock): () => void {
  clock = given;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    useNow.setState({ now: given.now() });
    timer = given.setTimer(tick, tickMs);
  };
  useNow.setState({ now: given.now() });
  let timer = given.setTimer(tick, tickMs);
  return () => {
    stopped = true;
    given.clearTimer(timer);
    clock = systemClock;
  };
}
