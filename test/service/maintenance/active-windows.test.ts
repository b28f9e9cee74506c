// Which windows cover what at one moment, and until when: the schedule's one computation, exact at the edges of a
// one-off window and of a weekly one on both daylight-saving nights of Europe/Berlin.
import { describe, expect, it } from 'vitest';
import { activeWindows as combine, coversItem, stateHolds, windowStateAt } from '../../../service/maintenance/active-windows.ts';
import type { MaintenanceRecord } from '../../../service/maintenance/maintenance-store.ts';

const minute = 60_000;
const base = Date.UTC(2026, 2, 28, 12, 0);

function window(fields: Partial<MaintenanceRecord>): MaintenanceRecord {
  return { seq: 1, id: 'mw_1', item: undefined, startsAt: base, endsAt: undefined, repeat: undefined, reason: undefined, endedAt: undefined, createdAt: base, ...fields };
}

/** Every window's state at `at`, combined. */
const activeWindows = (records: readonly MaintenanceRecord[], at: number) => combine(records.map((record) => ({ record, state: windowStateAt(record, at) })), at);

describe('activeWindows', () => {
  it('covers an item from the start of its window until its end, and says when that changes', () => {
    const records = [window({ item: 'monitor:mon_a', startsAt: base + 10 * minute, endsAt: base + 20 * minute, reason: 'deploy' })];
    const before = activeWindows(records, base);
    expect(before).toMatchObject({ until: base + 10 * minute, everything: false });
    expect(coversItem(before, 'monitor:mon_a')).toBe(false);
    const during = activeWindows(records, base + 10 * minute);
    expect(coversItem(during, 'monitor:mon_a')).toBe(true);
    expect(coversItem(during, 'monitor:mon_b')).toBe(false);
    expect(during.until).toBe(base + 20 * minute);
    expect([...during.scopes]).toEqual([['mon_a', 'deploy']]);
    expect(coversItem(activeWindows(records, base + 20 * minute), 'monitor:mon_a')).toBe(false);
  });

  it('covers every item with a server-wide window, and nothing once it was ended by hand', () => {
    const open = window({});
    expect(coversItem(activeWindows([open], base), 'heartbeat:hb_x')).toBe(true);
    expect(activeWindows([open], base).windowIds).toEqual(new Set(['mw_1']));
    const ended = window({ endedAt: base + minute });
    expect(coversItem(activeWindows([ended], base + minute), 'heartbeat:hb_x')).toBe(false);
  });

  it.each([
    ['spring forward (29 March 2026)', Date.UTC(2026, 2, 29, 0, 0), Date.UTC(2026, 2, 29, 2, 0)],
    ['fall back (25 October 2026)', Date.UTC(2026, 9, 24, 23, 0), Date.UTC(2026, 9, 25, 3, 0)],
  ])('follows Sunday 01:00–04:00 in Europe/Berlin on the night of the %s', (_night, start, end) => {
    const records = [window({ startsAt: start - 7 * 86_400_000, repeat: { days: [0], start: '01:00', end: '04:00', timezone: 'Europe/Berlin' } })];
    expect(activeWindows(records, start - 1)).toMatchObject({ everything: false, until: start });
    expect(activeWindows(records, start)).toMatchObject({ everything: true, until: end });
    expect(activeWindows(records, end - 1).everything).toBe(true);
    expect(activeWindows(records, end).everything).toBe(false);
  });

  it("keeps a window's state until its own next change, and starts over for a clock set back", () => {
    const record = window({ startsAt: base + 10 * minute, endsAt: base + 20 * minute });
    const state = windowStateAt(record, base);
    expect(state).toEqual({ at: base, until: base + 10 * minute, active: false });
    expect(stateHolds(state, base + 10 * minute - 1)).toBe(true);
    expect(stateHolds(state, base + 10 * minute)).toBe(false);
    expect(stateHolds(state, base - 1)).toBe(false);
  });
});
