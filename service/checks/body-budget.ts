// The bytes of response bodies every http check of the process holds at once, bounded. A body is read only for
// body and json expectations (up to 1 MB each); a hundred checks at once against hostile targets that each answer a
// megabyte, slowly, would otherwise hold 100 MB of buffers under a 192 MB heap. A read takes what it may hold (its
// body's declared length, or the most a check reads) whole, before reading; one that finds the budget spent waits its
// turn (its response paused, so the server waits too, under the check's own deadline): checks go on, a little later,
// and memory stays bounded. Never taking more while holding some is what keeps reads from waiting on each other.

/** What every check's body reads of one process may hold at once: sixteen of the largest bodies a check reads. */
export const DEFAULT_BODY_BUDGET_BYTES = 16 * 1024 * 1024;

interface Waiter {
  bytes: number;
  grant(): void;
}

export class BodyBudget {
  readonly totalBytes: number;
  #inUse = 0;
  #peak = 0;
  readonly #waiting: Waiter[] = [];

  constructor(totalBytes = DEFAULT_BODY_BUDGET_BYTES) {
    this.totalBytes = totalBytes;
  }

  /** The most ever held at once (tests, diagnostics). */
  get peakBytes(): number {
    return this.#peak;
  }

  /** What holding `bytes` costs: at most the whole budget, so even an outsized read gets its turn. */
  costOf(bytes: number): number {
    return Math.min(bytes, this.totalBytes);
  }

  /** Takes `cost` now (true) when it is free and nobody waits before, else false: then `wait` queues for it. */
  tryTake(cost: number): boolean {
    if (this.#waiting.length > 0 || this.#inUse + cost > this.totalBytes) return false;
    this.#hold(cost);
    return true;
  }

  /** Resolves once `cost` is taken for the caller, first come first served; rejects when `signal` aborts first. */
  wait(cost: number, signal: AbortSignal): Promise<void> {
    const wanted = cost;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        bytes: wanted,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          this.#hold(wanted);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(waiter);
        if (at !== -1) this.#waiting.splice(at, 1);
        reject(signal.reason);
        // The queue's head may fit now that this one left.
        this.#grantWaiting();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
      this.#grantWaiting();
    });
  }

  /** Gives back what a read held (the sum of the costs it took). */
  give(cost: number): void {
    this.#inUse = Math.max(0, this.#inUse - cost);
    this.#grantWaiting();
  }

  #hold(bytes: number): void {
    this.#inUse += bytes;
    this.#peak = Math.max(this.#peak, this.#inUse);
  }

  #grantWaiting(): void {
    for (let head = this.#waiting[0]; head !== undefined && this.#inUse + head.bytes <= this.totalBytes; head = this.#waiting[0]) {
      this.#waiting.shift();
      head.grant();
    }
  }
}
