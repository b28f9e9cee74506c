// The clock port: everything that waits or reads the time takes one, so tests drive time by hand.

/** An opaque timer handle; only the clock that made it can cancel it. */
export type TimerHandle = object;

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** setTimeout fires at once for delays above 2^31-1 ms (24.8 days); longer waits are split into steps. */
export const maxTimerDelayMs = 2_147_483_647;
