// A bucket: what one monitor did over one hour or one day. Response times count successful checks only; time
// that is neither up nor down was not observed (the service was not running, or the monitor did not exist or
// had no status yet).
import { binOf, HistogramSum, type SparseHistogram } from './response-histogram.ts';

export interface Bucket {
  checks: number;
  failed: number;
  /** Sum and maximum of the successful checks' durations. */
  sumMs: number;
  maxMs: number;
  upMs: number;
  downMs: number;
  histogram: SparseHistogram;
}

export interface ResponseTimes {
  avg: number | null;
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** Adds up checks and buckets; reusable after `reset`, so a pass over 10,000 monitors allocates little. */
export class Tally {
  checks = 0;
  failed = 0;
  sumMs = 0;
  maxMs = 0;
  upMs = 0;
  downMs = 0;
  readonly #histogram = new HistogramSum();

  addCheck(durationMs: number, ok: boolean): void {
    this.checks += 1;
    if (!ok) {
      this.failed += 1;
      return;
    }
    this.sumMs += durationMs;
    if (durationMs > this.maxMs) this.maxMs = durationMs;
    this.#histogram.addBin(binOf(durationMs), 1);
  }

  addBucket(bucket: Bucket): void {
    this.checks += bucket.checks;
    this.failed += bucket.failed;
    this.sumMs += bucket.sumMs;
    if (bucket.maxMs > this.maxMs) this.maxMs = bucket.maxMs;
    this.upMs += bucket.upMs;
    this.downMs += bucket.downMs;
    this.#histogram.add(bucket.histogram);
  }

  /** Adds sums kept elsewhere (a BucketTable); their histogram follows through `addBin`. */
  addSums(checks: number, failed: number, sumMs: number, maxMs: number, upMs: number, downMs: number): void {
    this.checks += checks;
    this.failed += failed;
    this.sumMs += sumMs;
    if (maxMs > this.maxMs) this.maxMs = maxMs;
    this.upMs += upMs;
    this.downMs += downMs;
  }

  addBin(bin: number, count: number): void {
    this.#histogram.addBin(bin, count);
  }

  forEachBin(visit: (bin: number, count: number) => void): void {
    this.#histogram.forEach(visit);
  }

  /** A percentile of the successful checks' times, never above their maximum. */
  percentile(p: number): number | undefined {
    return this.#histogram.percentile(p, this.maxMs);
  }

  get isEmpty(): boolean {
    return this.checks === 0 && this.upMs === 0 && this.downMs === 0;
  }

  toBucket(): Bucket {
    const { checks, failed, sumMs, maxMs, upMs, downMs } = this;
    return { checks, failed, sumMs, maxMs, upMs, downMs, histogram: this.#histogram.sparse() };
  }

  reset(): void {
    this.checks = 0;
    this.failed = 0;
    this.sumMs = 0;
    this.maxMs = 0;
    this.upMs = 0;
    this.downMs = 0;
    this.#histogram.reset();
  }
}

