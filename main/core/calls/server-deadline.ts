// A call over every server waits for each one only so long (and "Refresh now" for all of them): a server that answers
// after 30 s (or not at all) gets its part from Vigil's own record instead, so it never holds up the others' answer.
// Its slow request goes on in the background and is dropped.
import type { Clock } from '../../../common/clock.ts';

/** Long enough for a server that is merely busy; short enough for a window waiting on every server. */
export const serverPartDeadlineMs = 3_000;

export function withinDeadline<T>(clock: Clock, part: Promise<T>, fallback: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = clock.setTimer(() => {
      if (settled) return;
      settled = true;
      fallback().then(resolve, reject);
    }, serverPartDeadlineMs);
    part.then(
      (value) => {
        if (settled) return;
        settled = true;
        clock.clearTimer(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clock.clearTimer(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
