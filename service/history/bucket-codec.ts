// Buckets packed several to a row (24 hours of a day, or 16 days): a bitmask of the slots present, then each
// bucket as varints. Up time is stored as the unobserved rest of the bucket, which is nearly always 0 and so one
// byte. An absent slot means nothing was observed and nothing was checked. The histogram, most of a bucket's
// bytes, is written whichever way is shorter: as a dense run of counts from its lowest bin to its highest (a
// monitor's response times usually fill a contiguous range), or as (bin step, count) pairs.
import type { Bucket, Tally } from './bucket.ts';
import type { SparseHistogram } from './response-histogram.ts';
import { ByteReader, ByteWriter } from './varint.ts';

export type BucketRow = (Bucket | undefined)[];

export function encodeBucketRow(row: BucketRow, bucketMs: number): Uint8Array {
  const writer = new ByteWriter();
  let mask = 0;
  row.forEach((bucket, slot) => {
    if (bucket) mask += 2 ** slot;
  });
  writer.uint(mask);
  for (const bucket of row) {
    if (!bucket) continue;
    writer.uint(bucket.checks);
    writer.uint(bucket.failed);
    writer.uint(Math.round(bucket.sumMs));
    writer.uint(Math.round(bucket.maxMs));
    writer.uint(Math.round(bucket.downMs));
    writer.uint(Math.max(0, Math.round(bucketMs - bucket.upMs - bucket.downMs)));
    writeHistogram(writer, bucket.histogram);
  }
  return writer.bytes();
}

function writeHistogram(writer: ByteWriter, histogram: SparseHistogram): void {
  const pairs = histogram.length / 2;
  const first = histogram[0] ?? 0;
  const span = pairs === 0 ? 0 : (histogram[histogram.length - 2] ?? 0) - first + 1;
  // Dense costs a byte per empty bin in the range, sparse a step byte per bin.
  if (span > 0 && span - pairs <= pairs) {
    writer.uint(span * 2 + 1);
    writer.uint(first);
    let next = 0;
    for (let bin = first; bin < first + span; bin++) {
      const present = histogram[next] === bin;
      writer.uint(present ? (histogram[next + 1] ?? 0) : 0);
      if (present) next += 2;
    }
    return;
  }
  writer.uint(pairs * 2);
  let previousBin = 0;
  for (let i = 0; i < histogram.length; i += 2) {
    const bin = histogram[i] ?? 0;
    writer.uint(bin - previousBin);
    writer.uint(histogram[i + 1] ?? 0);
    previousBin = bin;
  }
}

/** Reads a histogram, handing each bin to `visit` (or skipping it when there is none). */
function readHistogram(reader: ByteReader, visit: ((bin: number, count: number) => void) | undefined): void {
  const header = reader.uint();
  if (header % 2 === 0) {
    let bin = 0;
    for (let i = 0; i < header; i += 2) {
      bin += reader.uint();
      const count = reader.uint();
      visit?.(bin, count);
    }
    return;
  }
  const span = (header - 1) / 2;
  const first = reader.uint();
  for (let bin = first; bin < first + span; bin++) {
    const count = reader.uint();
    if (count > 0) visit?.(bin, count);
  }
}

/**
 * Adds the buckets of slots [fromSlot, toSlot) of a row into `tally`, without building them: the window sums
 * read hundreds of thousands of rows.
 */
export function addBucketRow(bytes: Uint8Array, bucketMs: number, fromSlot: number, toSlot: number, tally: Tally): void {
  const reader = new ByteReader(bytes);
  let mask = reader.uint();
  for (let slot = 0; slot < toSlot && mask > 0; slot++, mask = Math.floor(mask / 2)) {
    if (mask % 2 === 0) continue;
    const wanted = slot >= fromSlot;
    const checks = reader.uint();
    const failed = reader.uint();
    const sumMs = reader.uint();
    const maxMs = reader.uint();
    const downMs = reader.uint();
    const unknownMs = reader.uint();
    if (wanted) tally.addSums(checks, failed, sumMs, maxMs, bucketMs - downMs - unknownMs, downMs);
    readHistogram(reader, wanted ? (bin, count) => tally.addBin(bin, count) : undefined);
  }
}

export function decodeBucketRow(bytes: Uint8Array, slots: number, bucketMs: number): BucketRow {
  const reader = new ByteReader(bytes);
  const row: BucketRow = new Array<Bucket | undefined>(slots).fill(undefined);
  let mask = reader.uint();
  for (let slot = 0; slot < slots && mask > 0; slot++, mask = Math.floor(mask / 2)) {
    if (mask % 2 === 0) continue;
    const checks = reader.uint();
    const failed = reader.uint();
    const sumMs = reader.uint();
    const maxMs = reader.uint();
    const downMs = reader.uint();
    const unknownMs = reader.uint();
    const histogram: number[] = [];
    readHistogram(reader, (bin, count) => histogram.push(bin, count));
    row[slot] = { checks, failed, sumMs, maxMs, downMs, upMs: bucketMs - downMs - unknownMs, histogram };
  }
  return row;
}
