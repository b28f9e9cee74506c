// Hourly and daily buckets, several to a packed row (bucket-codec.ts). Writers replace the slots they
// recompute, so writing a bucket again with the same figures changes nothing.
import type { DatabaseSync } from 'node:sqlite';
import { prepareAll, type Statements } from '../../storage/statements.ts';
import type { Bucket } from '../bucket.ts';
import { decodeBucketRow, encodeBucketRow, type BucketRow } from '../bucket-codec.ts';
import { dayMs, floorTo, hourMs } from '../time-units.ts';

export interface BucketTier {
  table: 'hourly_buckets' | 'daily_buckets';
  key: 'day' | 'block';
  /** How long one bucket is, and how many share a row. */
  bucketMs: number;
  slots: number;
}

export const hourlyTier: BucketTier = { table: 'hourly_buckets', key: 'day', bucketMs: hourMs, slots: 24 };
export const dailyTier: BucketTier = { table: 'daily_buckets', key: 'block', bucketMs: dayMs, slots: 16 };

export const rowMs = (tier: BucketTier) => tier.bucketMs * tier.slots;

/** A tier's queries: the same for both, over its own table and key. */
const queriesOf = ({ table, key }: BucketTier) => ({
  row: `SELECT data FROM ${table} WHERE monitor_seq = ? AND ${key} = ?`,
  put: `INSERT INTO ${table} (monitor_seq, ${key}, data) VALUES (?, ?, ?) ON CONFLICT (monitor_seq, ${key}) DO UPDATE SET data = excluded.data`,
  remove: `DELETE FROM ${table} WHERE monitor_seq = ? AND ${key} = ?`,
  prune: `DELETE FROM ${table} WHERE ${key} < ?`,
  deleteMonitor: `DELETE FROM ${table} WHERE monitor_seq = ?`,
});

export class BucketStore {
  readonly tier: BucketTier;
  readonly #sql: Statements<ReturnType<typeof queriesOf>>;

  constructor(db: DatabaseSync, tier: BucketTier) {
    this.#sql = prepareAll(db, queriesOf(tier));
    this.tier = tier;
  }

  /** The start of the row that holds the bucket at `at`. */
  rowStart(at: number): number {
    return floorTo(at, rowMs(this.tier));
  }

  row(monitorSeq: number, rowStart: number): BucketRow | undefined {
    const bytes = this.rowBytes(monitorSeq, rowStart);
    return bytes && decodeBucketRow(bytes, this.tier.slots, this.tier.bucketMs);
  }

  /** The packed row as stored, for readers that sum it without building buckets. */
  rowBytes(monitorSeq: number, rowStart: number): Uint8Array | undefined {
    return (this.#sql.row.get(monitorSeq, rowStart) as { data: Uint8Array } | undefined)?.data;
  }

  putRow(monitorSeq: number, rowStart: number, row: BucketRow): void {
    if (row.every((bucket) => bucket === undefined)) this.#sql.remove.run(monitorSeq, rowStart);
    else this.#sql.put.run(monitorSeq, rowStart, encodeBucketRow(row, this.tier.bucketMs));
  }

  /** Replaces the bucket starting at `at` (undefined: nothing observed); writes only when it changes. */
  setBucket(monitorSeq: number, at: number, bucket: Bucket | undefined): void {
    const start = this.rowStart(at);
    const existing = this.row(monitorSeq, start);
    if (!existing && !bucket) return;
    const row = existing ?? new Array<Bucket | undefined>(this.tier.slots).fill(undefined);
    row[(at - start) / this.tier.bucketMs] = bucket;
    this.putRow(monitorSeq, start, row);
  }

  /** Deletes rows that end at or before `before` (a row boundary). */
  pruneBefore(before: number): number {
    return Number(this.#sql.prune.run(before - rowMs(this.tier) + 1).changes);
  }

  deleteMonitor(monitorSeq: number): void {
    this.#sql.deleteMonitor.run(monitorSeq);
  }
}
