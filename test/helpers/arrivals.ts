// What a test receiver (the SMTP server, the webhook endpoint) has been sent, in order, with a wait for a number
// of them: tests wait for the delivery itself, never for a fixed time.

export interface Arrivals<T> {
  /** Everything received so far, oldest first. */
  readonly received: T[];
  /** Records one arrival and wakes the waits it completes. */
  add(item: T): void;
  /** Resolves with everything received once at least `count` have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<T[]>;
}

/** `noun` names what arrives, as in "Expected 2 email(s) within 5000 ms, got 1". */
export function arrivals<T>(noun: string): Arrivals<T> {
  const received: T[] = [];
  const waiters = new Set<() => void>();
  return {
    received,
    add(item) {
      received.push(item);
      for (const wake of waiters) wake();
    },
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} ${noun}(s) within ${timeoutMs} ms, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
