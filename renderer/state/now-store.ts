// One clock for every relative time on screen ("3 min ago"), ticking so they stay current without each row
// running its own timer.
import { create } from 'zustand';

const tickMs = 10_000;

export const useNow = create<{ now: number }>(() => ({ now: Date.now() }));

/** Starts the tick; returns the stop function. */
export function startClock(): () => void {
  useNow.setState({ now: Date.now() });
  const timer = setInterval(() => useNow.setState({ now: Date.now() }), tickMs);
  return () => clearInterval(timer);
}
