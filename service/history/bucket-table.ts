// Many monitors' sums kept compactly: numbers in one Float64Array, histograms in two shared arenas (bins and
// counts), indexed by monitor seq. The window sums hold 70,000 of these; as objects with arrays they cost the
// heap and the garbage collector several times more.
import type { Tally } from './bucket.ts';

const fields = 6;

export class BucketTable {
  readonly #index = new Map<number, number>();
  #numbers = new Float64Array(fields * 1024);
  #histogramStart = new Uint32Array(1024);
  #histogramLength = new Uint16Array(1024);
  #bins = new Uint8Array(16 * 1024);
  #counts = new Uint32Array(16 * 1024);
  #size = 0;
  #binsUsed = 0;

  /** Keeps what `tally` holds for `seq` (once per seq and table). */
  set(seq: number, tally: Tally): void {
    const entry = this.#size++;
    this.#grow(entry);
    this.#index.set(seq, entry);
    const base = entry * fields;
    this.#numbers[base] = tally.checks;
    this.#numbers[base + 1] = tally.failed;
    this.#numbers[base + 2] = tally.sumMs;
    this.#numbers[base + 3] = tally.maxMs;
    this.#numbers[base + 4] = tally.upMs;
    this.#numbers[base + 5] = tally.downMs;
    this.#histogramStart[entry] = this.#binsUsed;
    tally.forEachBin((bin, count) => {
      if (this.#binsUsed === this.#bins.length) this.#growArena();
      this.#bins[this.#binsUsed] = bin;
      this.#counts[this.#binsUsed] = count;
      this.#binsUsed++;
    });
    this.#histogramLength[entry] = this.#binsUsed - (this.#histogramStart[entry] ?? 0);
  }

  /** Adds the sums kept for `seq`, if any, into `tally`. */
  addInto(seq: number, tally: Tally): void {
    const entry = this.#index.get(seq);
    if (entry === undefined) return;
    const base = entry * fields;
    const n = this.#numbers;
    tally.addSums(n[base] ?? 0, n[base + 1] ?? 0, n[base + 2] ?? 0, n[base + 3] ?? 0, n[base + 4] ?? 0, n[base + 5] ?? 0);
    const start = this.#histogramStart[entry] ?? 0;
    const end = start + (this.#histogramLength[entry] ?? 0);
    for (let i = start; i < end; i++) tally.addBin(this.#bins[i] ?? 0, this.#counts[i] ?? 0);
  }

  delete(seq: number): void {
    this.#index.delete(seq);
  }

  /** Gives back what the doubling arrays hold beyond what was set: the table is kept for an hour or a day. */
  trim(): void {
    this.#numbers = this.#numbers.slice(0, this.#size * fields);
    this.#histogramStart = this.#histogramStart.slice(0, this.#size);
    this.#histogramLength = this.#histogramLength.slice(0, this.#size);
    this.#bins = this.#bins.slice(0, this.#binsUsed);
    this.#counts = this.#counts.slice(0, this.#binsUsed);
  }

  #grow(entry: number): void {
    if (entry < this.#histogramStart.length) return;
    const capacity = Math.max(1024, this.#histogramStart.length * 2);
    const numbers = new Float64Array(capacity * fields);
    numbers.set(this.#numbers);
    this.#numbers = numbers;
    const start = new Uint32Array(capacity);
    start.set(this.#histogramStart);
    this.#histogramStart = start;
    const length = new Uint16Array(capacity);
    length.set(this.#histogramLength);
    this.#histogramLength = length;
  }

  #growArena(): void {
    const bins = new Uint8Array(Math.max(16 * 1024, this.#bins.length * 2));
    bins.set(this.#bins);
    this.#bins = bins;
    const counts = new Uint32Array(bins.length);
    counts.set(this.#counts);
    this.#counts = counts;
  }
}
