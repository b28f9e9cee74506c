// Up and down time counted only while the service ran, and the status bar's slots.
import { describe, expect, it } from 'vitest';
import { observedSegments, upDownMs } from '../../../service/history/observed-status.ts';
import type { Segment } from '../../../service/history/observed-status.ts';
import { StatusSlots } from '../../../common/api/status-slots.ts';

function statusSlots(segments: readonly Segment[], from: number, to: number, count: number): string {
  const slots = new StatusSlots(from, to, count);
  for (const segment of segments) slots.add(segment.start, segment.end, segment.up);
  return slots.text();
}

const minute = 60_000;

describe('observed segments', () => {
  it('follows the status between changes, counting nothing while it is unknown', () => {
    const changes = [
      { at: 10 * minute, status: 'up' as const },
      { at: 40 * minute, status: 'down' as const },
      { at: 50 * minute, status: 'up' as const },
    ];
    const segments = observedSegments('unknown', changes, [{ start: 0, end: 60 * minute }], 0, 60 * minute);
    expect(segments).toEqual([
      { start: 10 * minute, end: 40 * minute, up: true },
      { start: 40 * minute, end: 50 * minute, up: false },
      { start: 50 * minute, end: 60 * minute, up: true },
    ]);
    expect(upDownMs(segments)).toEqual({ upMs: 40 * minute, downMs: 10 * minute });
  });

  it('counts only the time inside a run: a stopped service is not observed', () => {
    const runs = [
      { start: 0, end: 20 * minute },
      { start: 30 * minute, end: 90 * minute },
    ];
    const segments = observedSegments('down', [{ at: 45 * minute, status: 'up' }], runs, 10 * minute, 60 * minute);
    expect(upDownMs(segments)).toEqual({ upMs: 15 * minute, downMs: 25 * minute });
  });

  it('takes changes at or before the start as the starting status, and ignores those after the end', () => {
    const changes = [
      { at: 0, status: 'down' as const },
      { at: 5 * minute, status: 'up' as const },
      { at: 70 * minute, status: 'down' as const },
    ];
    const segments = observedSegments('unknown', changes, [{ start: 0, end: 100 * minute }], 5 * minute, 60 * minute);
    expect(segments).toEqual([{ start: 5 * minute, end: 60 * minute, up: true }]);
  });
});

describe('status slots', () => {
  const segments = [
    { start: 0, end: 25 * minute, up: true },
    { start: 25 * minute, end: 26 * minute, up: false },
    { start: 26 * minute, end: 40 * minute, up: true },
  ];

  it('marks a slot d for any down time, u when up for most of it, - otherwise', () => {
    // Six 10-minute slots over an hour: the down minute lands in the third, the service stopped after 40.
    expect(statusSlots(segments, 0, 60 * minute, 6)).toBe('uudu--');
  });

  it('needs more than half a slot of up time for u', () => {
    expect(statusSlots([{ start: 0, end: 5 * minute, up: true }], 0, 10 * minute, 1)).toBe('-');
    expect(statusSlots([{ start: 0, end: 5 * minute + 1, up: true }], 0, 10 * minute, 1)).toBe('u');
  });

  it('gives an empty string for no slots, and exactly the count asked for', () => {
    expect(statusSlots(segments, 0, 60 * minute, 0)).toBe('');
    expect(statusSlots(segments, 0, 61 * minute, 288)).toHaveLength(288);
  });
});
