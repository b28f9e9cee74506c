// A Clock driven by hand: time moves only in advance(), which fires due timers in order and lets
// promise callbacks run after each, the way the event loop would.
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../../common/clock.ts';

interface FakeTimer {
  at: number;
  order: number;
  callback: () => void;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeClock implements Clock {
  #now: number;
  #order = 0;
  readonly #timers = new Set<FakeTimer>();
  /** The longest delay ever asked for, to check callers respect maxTimerDelayMs. */
  longestDelayMs = 0;
  timersSet = 0;

  constructor(startMs = 1_700_000_000_000) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    if (delayMs > maxTimerDelayMs) throw new RangeError(`timer delay ${delayMs} ms exceeds maxTimerDelayMs`);
    this.longestDelayMs = Math.max(this.longestDelayMs, delayMs);
    this.timersSet += 1;
    const timer: FakeTimer = { at: this.#now + Math.max(0, delayMs), order: this.#order++, callback };
    this.#timers.add(timer);
    return timer;
  }

  clearTimer(handle: TimerHandle): void {
    this.#timers.delete(handle as FakeTimer);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  #earliest(): FakeTimer | undefined {
    let earliest: FakeTimer | undefined;
    for (const timer of this.#timers) {
      if (earliest === undefined || timer.at < earliest.at || (timer.at === earliest.at && timer.order < earliest.order)) {
        earliest = timer;
      }
    }
    return earliest;
  }

  /** Fires every timer due within `ms`, in time order, then leaves the clock at now + ms. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await settle();
    for (let timer = this.#earliest(); timer !== undefined && timer.at <= target; timer = this.#earliest()) {
      this.#timers.delete(timer);
      this.#now = Math.max(this.#now, timer.at);
      timer.callback();
      await settle();
    }
    this.#now = target;
  }

  /** Moves time without firing anything, like a machine waking from sleep: due timers fire late, at the next advance. */
  jump(ms: number): void {
    this.#now += ms;
  }

  /** Fires the earliest timer now, without moving time: a deadline that has "already passed". */
  fireNext(): void {
    const timer = this.#earliest();
    if (timer === undefined) throw new Error('no timer to fire');
    this.#timers.delete(timer);
    timer.callback();
  }
}
