import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../service/alerts/retry-after.ts';

const now = Date.UTC(2026, 2, 1, 12);

describe('retryAfterMs', () => {
  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ['', undefined],
    ['soon', undefined],
    ['-5', undefined],
    ['0', 0],
    [' 12 ', 12_000],
    ['61', 60_000],
    [new Date(now + 45_000).toUTCString(), 45_000],
    [new Date(now - 45_000).toUTCString(), 0],
    [new Date(now + 3_600_000).toUTCString(), 60_000],
  ])('%j → %j', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
