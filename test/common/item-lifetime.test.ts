// The part of a window an item existed in: the one decision the service's stats, the client's figures, timelines and
// bars, and `vigil history` all take the time before an item's creation from.
import { describe, expect, it } from 'vitest';
import { firstLivedSlot, livedPart, livedSlotWidths, uptimeOver } from '../../common/api/item-lifetime.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const window = { from: 0, to: 24 * HOUR };

describe('livedPart', () => {
  it('is the whole window for an item older than it, or one whose creation is not known', () => {
    expect(livedPart(window, -5 * HOUR)).toEqual({ from: 0, to: 24 * HOUR, sinceCreation: false });
    expect(livedPart(window, 0)).toEqual({ from: 0, to: 24 * HOUR, sinceCreation: false });
    expect(livedPart(window, undefined)).toEqual({ from: 0, to: 24 * HOUR, sinceCreation: false });
    expect(livedPart(window, Number.NaN)).toEqual({ from: 0, to: 24 * HOUR, sinceCreation: false });
  });

  it('starts at the creation of an item younger than the window: 3 minutes of a day, or of 90 days', () => {
    expect(livedPart(window, 24 * HOUR - 3 * MINUTE)).toEqual({ from: 24 * HOUR - 3 * MINUTE, to: 24 * HOUR, sinceCreation: true });
    expect(livedPart({ from: -89 * 24 * HOUR, to: 24 * HOUR }, 24 * HOUR - 3 * MINUTE).from).toBe(24 * HOUR - 3 * MINUTE);
  });

  it('is empty, not inverted, for a creation after the window (a server clock ahead of ours)', () => {
    expect(livedPart(window, 25 * HOUR)).toEqual({ from: 24 * HOUR, to: 24 * HOUR, sinceCreation: true });
  });
});

describe('the slots of a status bar', () => {
  it('are lived whole for an item older than the window', () => {
    expect([...livedSlotWidths(window, 4, undefined)]).toEqual([6 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
    expect(firstLivedSlot(window, 4, undefined)).toBe(0);
  });

  it('before the creation are not lived at all, and the one it falls in only from then', () => {
    expect([...livedSlotWidths(window, 4, 13 * HOUR)]).toEqual([0, 0, 5 * HOUR, 6 * HOUR]);
    expect(firstLivedSlot(window, 4, 13 * HOUR)).toBe(2);
    // A 3-minute-old item lives in the last of 48 slots only.
    const widths = livedSlotWidths(window, 48, 24 * HOUR - 3 * MINUTE);
    expect(widths.slice(0, 47).every((width) => width === 0)).toBe(true);
    expect(widths[47]).toBe(3 * MINUTE);
    expect(firstLivedSlot(window, 48, 24 * HOUR - 3 * MINUTE)).toBe(47);
  });

  it('reuse the array they are given when it fits, as the service does per monitor', () => {
    const scratch = new Float64Array(4);
    expect(livedSlotWidths(window, 4, 13 * HOUR, scratch)).toBe(scratch);
    expect(livedSlotWidths(window, 4, undefined, scratch)).toBe(scratch);
    expect([...scratch]).toEqual([6 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
    expect(livedSlotWidths(window, 5, undefined, scratch)).not.toBe(scratch);
  });
});

describe('uptimeOver', () => {
  const day = { from: 0, to: 86_400_000 };

  it('is up over observed time; maintenance counts neither way; the rest is unknown, never up', () => {
    expect(uptimeOver(day, { upMs: 30_000_000, downMs: 10_000_000, maintenanceMs: 6_400_000 })).toEqual({ uptime: 0.75, unknownMs: 40_000_000 });
  });

  it('has no figure when nothing was observed', () => {
    expect(uptimeOver(day, { upMs: 0, downMs: 0, maintenanceMs: 86_400_000 })).toEqual({ uptime: undefined, unknownMs: 0 });
    expect(uptimeOver(day, { upMs: 0, downMs: 0, maintenanceMs: 0 })).toEqual({ uptime: undefined, unknownMs: 86_400_000 });
  });
});
