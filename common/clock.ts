// The clock port: everything that waits or reads the time takes one, so tests drive time by hand. The real clock
// is here too, once, for every host: the service, the core and the window all run on the same two timer calls.

/** An opaque timer handle; only the clock that made it can cancel it. */
export type TimerHandle = object;

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** setTimeout fires at once for delays above 2^31-1 ms (24.8 days); longer waits are cut to this (the caller re-arms). */
export const maxTimerDelayMs = 2_147_483_647;

/** The timers of every JavaScript host (Node, browsers), typed here since this layer sees neither's types. */
interface HostTimers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(id: unknown): void;
}

interface RealTimer {
  id: unknown;
}

function realClock(options: { keepsProcessAlive: boolean }): Clock {
  const timers = globalThis as unknown as HostTimers;
  return {
    now: () => Date.now(),
    setTimer(callback, delayMs) {
      const id = timers.setTimeout(callback, Math.min(Math.max(0, delayMs), maxTimerDelayMs));
      // Node's timers can let the process exit while they wait; a browser's have nothing of the kind.
      if (!options.keepsProcessAlive) (id as { unref?: () => void }).unref?.();
      return { id } satisfies RealTimer;
    },
    clearTimer: (handle) => timers.clearTimeout((handle as RealTimer).id),
  };
}

/** The real clock. */
export const systemClock: Clock = realClock({ keepsProcessAlive: true });

/** The real clock for work that must never hold a stopping Node process open (the service's checks and lookups). */
export const backgroundClock: Clock = realClock({ keepsProcessAlive: false });
