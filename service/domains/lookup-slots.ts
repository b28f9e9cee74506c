// A counting semaphore that lets urgent work (a domain just added) go ahead of the queued routine lookups.

export class LookupSlots {
  #free: number;
  readonly #waiting: Array<(granted: boolean) => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves true once a slot is held (release it after), or false if the waiters were turned away. */
  acquire(urgent: boolean): Promise<boolean> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      if (urgent) this.#waiting.unshift(resolve);
      else this.#waiting.push(resolve);
    });
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#free++;
    else next(true);
  }

  /** Stopping: nobody still waiting gets a slot. */
  turnAwayWaiting(): void {
    for (const waiter of this.#waiting.splice(0)) waiter(false);
  }
}
