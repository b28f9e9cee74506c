// Requests per client address per minute, in fixed windows: cheap, and enough to stop a runaway client.
export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(limitPerWindow: number, now: () => number, windowMs = 60_000) {
    this.#limit = limitPerWindow;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  take(client: string): RateLimitVerdict {
    const now = this.#now();
    if (now - this.#windowStart >= this.#windowMs) {
      // A new window forgets every client at once, so the map never outgrows one window's clients.
      this.#windowStart = now - ((now - this.#windowStart) % this.#windowMs);
      this.#counts = new Map();
    }
    const count = (this.#counts.get(client) ?? 0) + 1;
    this.#counts.set(client, count);
    return {
      allowed: count <= this.#limit,
      retryAfterSeconds: Math.max(1, Math.ceil((this.#windowStart + this.#windowMs - now) / 1000)),
    };
  }
}
