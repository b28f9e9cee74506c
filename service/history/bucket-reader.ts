// Sums a monitor's buckets over a period from the coarsest buckets that cover it: whole days from the daily tier
// where it is complete, hours elsewhere. Rows are read once per monitor and decoded straight into the sum.
import type { BucketStore } from './storage/bucket-store.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import type { Tally } from './bucket.ts';
import { addBucketRow } from './bucket-codec.ts';
import { dayMs } from './time-units.ts';

export class BucketReader {
  readonly #stores: HistoryStores;
  readonly #rows = new Map<string, Uint8Array | undefined>();
  #seq = -1;

  constructor(stores: HistoryStores) {
    this.#stores = stores;
  }

  /** Reads another monitor from here on. */
  monitor(seq: number): this {
    if (seq !== this.#seq) this.#rows.clear();
    this.#seq = seq;
    return this;
  }

  /** Adds the buckets of [from, to) into `tally`: days before `dailyMark` from the daily tier, the rest by hour. */
  sum(from: number, to: number, dailyMark: number, tally: Tally): void {
    const daysFrom = Math.max(from, Math.ceil(from / dayMs) * dayMs);
    const daysTo = Math.max(daysFrom, Math.floor(Math.min(to, dailyMark) / dayMs) * dayMs);
    if (daysTo > daysFrom) {
      this.#sumTier(this.#stores.hourly, from, daysFrom, tally);
      this.#sumTier(this.#stores.daily, daysFrom, daysTo, tally);
      this.#sumTier(this.#stores.hourly, daysTo, to, tally);
    } else {
      this.#sumTier(this.#stores.hourly, from, to, tally);
    }
  }

  /** [from, to), both on the tier's grid, row by row. */
  #sumTier(store: BucketStore, from: number, to: number, tally: Tally): void {
    const { bucketMs, slots } = store.tier;
    for (let at = from; at < to; ) {
      const start = store.rowStart(at);
      const end = Math.min(to, start + bucketMs * slots);
      const row = this.#row(store, start);
      if (row) addBucketRow(row, bucketMs, (at - start) / bucketMs, Math.ceil((end - start) / bucketMs), tally);
      at = end;
    }
  }

  #row(store: BucketStore, start: number): Uint8Array | undefined {
    const key = `${store.tier.key}:${start}`;
    if (this.#rows.has(key)) return this.#rows.get(key);
    const row = store.rowBytes(this.#seq, start);
    this.#rows.set(key, row);
    return row;
  }
}
