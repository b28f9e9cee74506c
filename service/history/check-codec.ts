// One monitor-hour of check results packed into a blob: per check, the change in the gap since the check before
// (a delta of deltas, so a steady 30 s rhythm costs about two bytes) and the duration with the outcome in its
// lowest bit. Rows only grow by appending, so the writer keeps each row's end state (its cursor).
import { ByteReader, ByteWriter } from './varint.ts';

export interface StoredCheck {
  /** Epoch ms when the check started. */
  at: number;
  durationMs: number;
  ok: boolean;
}

/** Where a row ends: the last check's time and the gap before it. */
export interface CheckCursor {
  at: number;
  gap: number;
}

export const rowStart = (hourStart: number): CheckCursor => ({ at: hourStart, gap: 0 });

export function encodeChecks(checks: readonly StoredCheck[], from: CheckCursor): { bytes: Uint8Array; cursor: CheckCursor } {
  const writer = new ByteWriter();
  let { at, gap } = from;
  for (const check of checks) {
    const nextGap = check.at - at;
    writer.int(nextGap - gap);
    writer.uint(Math.max(0, Math.round(check.durationMs)) * 2 + (check.ok ? 0 : 1));
    at = check.at;
    gap = nextGap;
  }
  return { bytes: writer.bytes(), cursor: { at, gap } };
}

/** Visits every check of a row, oldest first, without building them; returns where the row ends. */
export function forEachCheck(bytes: Uint8Array, hourStart: number, visit: (at: number, durationMs: number, ok: boolean) => void): CheckCursor {
  const reader = new ByteReader(bytes);
  let { at, gap } = rowStart(hourStart);
  while (!reader.done) {
    gap += reader.int();
    at += gap;
    const packed = reader.uint();
    visit(at, Math.floor(packed / 2), packed % 2 === 0);
  }
  return { at, gap };
}

/** Every check of a row, oldest first, and where the row ends. */
export function decodeChecks(bytes: Uint8Array, hourStart: number): { checks: StoredCheck[]; cursor: CheckCursor } {
  const checks: StoredCheck[] = [];
  const cursor = forEachCheck(bytes, hourStart, (at, durationMs, ok) => checks.push({ at, durationMs, ok }));
  return { checks, cursor };
}
