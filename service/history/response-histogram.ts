// Response times as a sparse log-scale histogram: bins 10 % wide (1.1^k ms), so any percentile read from it is
// within about 5 % of the true value, and a bucket of a steady monitor holds only a handful of bins. Held as a
// plain array [bin, count, bin, count, …] with the bins ascending: a rebuild of the window sums decodes millions
// of them, and small JS arrays cost the garbage collector far less than typed arrays with their own buffers.

export type SparseHistogram = readonly number[];

export const emptyHistogram: SparseHistogram = Object.freeze([]);

const binCount = 128;
const logBase = Math.log(1.1);

/** 0 for 0 ms; 1.1^(bin-1) ≤ ms < 1.1^bin otherwise, the last bin holding everything above ~45 minutes. */
export function binOf(ms: number): number {
  if (!(ms >= 1)) return 0;
  return Math.min(binCount - 1, 1 + Math.floor(Math.log(ms) / logBase + 1e-9));
}

/** The bin's geometric middle, the value a percentile in it is reported as. */
export function binValue(bin: number): number {
  return bin === 0 ? 0 : 1.1 ** (bin - 0.5);
}

/**
 * Counts `count` more in `bin`, in place: a histogram that is still being filled (the live hour's, one more check
 * at a time) grows in its own array rather than being copied whole at every check.
 */
export function addToHistogram(histogram: number[], bin: number, count = 1): void {
  for (let i = 0; i < histogram.length; i += 2) {
    const existing = histogram[i] ?? 0;
    if (existing === bin) {
      histogram[i + 1] = (histogram[i + 1] ?? 0) + count;
      return;
    }
    if (existing > bin) {
      histogram.splice(i, 0, bin, count);
      return;
    }
  }
  histogram.push(bin, count);
}

/** Adds many histograms into one dense array, then reads the sum. Reusable after `reset`; only the range of bins
 * touched is cleared and scanned, so the 10,000 sums of one stats answer stay cheap. */
export class HistogramSum {
  readonly #counts = new Uint32Array(binCount);
  #total = 0;
  #lowest = binCount;
  #highest = -1;

  add(histogram: SparseHistogram): void {
    for (let i = 0; i < histogram.length; i += 2) this.addBin(histogram[i] ?? 0, histogram[i + 1] ?? 0);
  }

  addBin(bin: number, count: number): void {
    this.#counts[bin] = (this.#counts[bin] ?? 0) + count;
    this.#total += count;
    if (bin < this.#lowest) this.#lowest = bin;
    if (bin > this.#highest) this.#highest = bin;
  }

  forEach(visit: (bin: number, count: number) => void): void {
    for (let bin = this.#lowest; bin <= this.#highest; bin++) {
      const count = this.#counts[bin] ?? 0;
      if (count > 0) visit(bin, count);
    }
  }

  /** The sum as a sparse histogram, allocated at its exact size. */
  sparse(): SparseHistogram {
    if (this.#total === 0) return emptyHistogram;
    const pairs: number[] = [];
    this.forEach((bin, count) => pairs.push(bin, count));
    return pairs;
  }

  reset(): void {
    if (this.#total === 0) return;
    this.#counts.fill(0, this.#lowest, this.#highest + 1);
    this.#total = 0;
    this.#lowest = binCount;
    this.#highest = -1;
  }

  /** The nearest-rank percentile of what was added, like `percentile`, without making a sparse copy. */
  percentile(p: number, maxMs: number): number | undefined {
    if (this.#total === 0) return undefined;
    const rank = Math.max(1, Math.ceil(p * this.#total));
    let seen = 0;
    for (let bin = this.#lowest; bin <= this.#highest; bin++) {
      seen += this.#counts[bin] ?? 0;
      if (seen >= rank) return Math.round(Math.min(binValue(bin), maxMs));
    }
    return Math.round(maxMs);
  }
}

/** The nearest-rank percentile (0 < p ≤ 1) in whole ms, never above the known maximum; undefined when empty. */
export function percentile(histogram: SparseHistogram, p: number, maxMs: number): number | undefined {
  let total = 0;
  for (let i = 1; i < histogram.length; i += 2) total += histogram[i] ?? 0;
  if (total === 0) return undefined;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 2) {
    seen += histogram[i + 1] ?? 0;
    if (seen >= rank) return Math.round(Math.min(binValue(histogram[i] ?? 0), maxMs));
  }
  return Math.round(maxMs);
}
