// The packed formats of the history: varints, a monitor-hour of checks, rows of buckets. Round trips, with
// fast-check over the values the service can produce.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bucket } from '../../../service/history/bucket.ts';
import { decodeBucketRow, encodeBucketRow } from '../../../service/history/bucket-codec.ts';
import { decodeChecks, encodeChecks, rowStart, type StoredCheck } from '../../../service/history/check-codec.ts';
import { ByteReader, ByteWriter } from '../../../service/history/varint.ts';

const hour = Date.UTC(2026, 10, 2, 14);

describe('varints', () => {
  // Zigzag doubles a value, so the signed range is −2^52 … 2^52 − 1: 2^52 itself would need 2^53, past the safe integers.
  it('round-trips whole numbers up to 2^53, and signed ones from −2^52 to 2^52 − 1 through zigzag', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.maxSafeNat(), fc.integer({ min: -(2 ** 52), max: 2 ** 52 - 1 }))), (values) => {
        const writer = new ByteWriter();
        for (const [n, i] of values) {
          writer.uint(n);
          writer.int(i);
        }
        const reader = new ByteReader(writer.bytes());
        for (const [n, i] of values) {
          expect(reader.uint()).toBe(n);
          expect(reader.int()).toBe(i);
        }
        expect(reader.done).toBe(true);
      }),
    );
  });

  it('takes one byte below 128, and refuses what it cannot write', () => {
    const writer = new ByteWriter();
    writer.uint(127);
    expect(writer.length).toBe(1);
    writer.uint(128);
    expect(writer.length).toBe(3);
    expect(() => writer.uint(-1)).toThrow(RangeError);
    expect(() => writer.uint(1.5)).toThrow(RangeError);
    expect(() => new ByteReader(Uint8Array.of(0x80)).uint()).toThrow(/ends in the middle/);
  });
});

describe('a monitor-hour of checks', () => {
  const checkArbitrary = fc.record({ at: fc.integer({ min: hour, max: hour + 3_599_999 }), durationMs: fc.integer({ min: 0, max: 120_000 }), ok: fc.boolean() });

  it('decodes what was appended in any number of batches, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(checkArbitrary, { maxLength: 20 }), { maxLength: 8 }), (batches) => {
        let bytes = new Uint8Array(0);
        let cursor = rowStart(hour);
        for (const batch of batches) {
          const encoded = encodeChecks(batch, cursor);
          bytes = Uint8Array.from([...bytes, ...encoded.bytes]);
          cursor = encoded.cursor;
        }
        const decoded = decodeChecks(bytes, hour);
        expect(decoded.checks).toEqual(batches.flat());
        expect(decoded.cursor).toEqual(cursor);
      }),
    );
  });

  it('costs about 3 bytes a check at a steady 30 s rhythm', () => {
    const checks: StoredCheck[] = Array.from({ length: 120 }, (_, i) => ({ at: hour + 7_000 + i * 30_000 + ((i * 37) % 300), durationMs: 40 + (i % 30), ok: true }));
    const { bytes } = encodeChecks(checks, rowStart(hour));
    expect(bytes.length).toBeLessThanOrEqual(3.2 * 120);
    expect(decodeChecks(bytes, hour).checks).toEqual(checks);
  });
});

describe('rows of buckets', () => {
  const histogram = fc
    .uniqueArray(fc.integer({ min: 0, max: 127 }), { maxLength: 40 })
    .chain((bins) => fc.tuple(fc.constant([...bins].sort((a, b) => a - b)), fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: bins.length, maxLength: bins.length })))
    .map(([bins, counts]) => bins.flatMap((bin, i) => [bin, counts[i] ?? 1]));
  const bucket = (lengthMs: number) =>
    fc
      .record({
        checks: fc.nat(100_000),
        failed: fc.nat(100_000),
        sumMs: fc.nat(1e10),
        maxMs: fc.nat(200_000),
        downMs: fc.nat(lengthMs),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        histogram,
      })
      .map(({ share, ...rest }): Bucket => ({ ...rest, upMs: Math.floor((lengthMs - rest.downMs) * share) }));

  it.each([
    ['24 hourly buckets', 24, 3_600_000],
    ['16 daily buckets', 16, 86_400_000],
  ])('round-trips %s with gaps', (_, slots, lengthMs) => {
    fc.assert(
      fc.property(fc.array(fc.option(bucket(lengthMs), { nil: undefined }), { minLength: slots, maxLength: slots }), (row) => {
        expect(decodeBucketRow(encodeBucketRow(row, lengthMs), slots, lengthMs)).toEqual(row);
      }),
    );
  });
});
