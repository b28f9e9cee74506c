// Start lateness (startedAt - dueAt) of the most recent checks, kept in a fixed ring: recording costs one store.

export interface LatenessSummary {
  /** How many recent starts the percentiles cover. */
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export class LatenessSamples {
  readonly #values: Float64Array;
  #next = 0;
  #count = 0;

  constructor(capacity = 10_000) {
    this.#values = new Float64Array(capacity);
  }

  record(latenessMs: number): void {
    this.#values[this.#next] = latenessMs;
    this.#next = (this.#next + 1) % this.#values.length;
    this.#count = Math.min(this.#count + 1, this.#values.length);
  }

  summary(): LatenessSummary {
    const sorted = this.#values.slice(0, this.#count).sort();
    // Nearest rank: the smallest sample with at least p of all samples at or below it.
    const percentile = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
    return {
      samples: sorted.length,
      p50: percentile(0.5),
      p90: percentile(0.9),
      p99: percentile(0.99),
      max: sorted[sorted.length - 1] ?? 0,
    };
  }
}
