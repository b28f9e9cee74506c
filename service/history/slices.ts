// Long history work (a rollup over 10,000 monitors, rebuilding the window sums) runs in slices of a few
// milliseconds, yielding to the event loop in between: node:sqlite is synchronous, and checks must start on time.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export const defaultSliceMs = 5;

/** Runs `work` on every item, `sliceMs` at a time; stops early (false) once `stopped()` says so. */
export async function inSlices<T>(
  items: readonly T[],
  work: (item: T) => void,
  options: { sliceMs?: number; stopped?: () => boolean; slice?: (run: () => void) => void } = {},
): Promise<boolean> {
  const { sliceMs = defaultSliceMs, stopped = () => false, slice = (run) => run() } = options;
  let next = 0;
  while (next < items.length) {
    if (stopped()) return false;
    slice(() => {
      const until = performance.now() + sliceMs;
      do {
        const item = items[next];
        if (item !== undefined) work(item);
        next++;
      } while (next < items.length && performance.now() < until);
    });
    if (next < items.length) await yieldToEventLoop();
  }
  return true;
}
