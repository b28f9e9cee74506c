// The weekly schedule quiet hours and weekly maintenance share: wall times in a zone, right across both daylight-
// saving changes in two zones, ranges merged where they touch, and the words the window shows for them.
import { describe, expect, it } from 'vitest';
import { maintenanceRuleOf, maintenanceSpans } from '../../common/maintenance/maintenance.ts';
import { describeRange, weeklySpans, weeklyStateAt, type WeeklyRange } from '../../common/schedule/weekly-schedule.ts';

const hour = 3_600_000;
const nights: WeeklyRange[] = [{ days: [0, 1, 2, 3, 4, 5, 6], start: '22:00', end: '07:00' }];
const iso = (at: number) => new Date(at).toISOString();

describe('weekly spans', () => {
  it.each([
    ['Europe/Berlin', '2026-03-28T21:00:00.000Z', '2026-03-29T05:00:00.000Z', 8],
    ['Europe/Berlin', '2026-10-24T20:00:00.000Z', '2026-10-25T06:00:00.000Z', 10],
    ['America/New_York', '2026-03-08T03:00:00.000Z', '2026-03-08T11:00:00.000Z', 8],
    ['America/New_York', '2026-11-01T02:00:00.000Z', '2026-11-01T12:00:00.000Z', 10],
  ])('in %s, the night of a change ends at 07:00 local (%s → %s, %i h)', (zone, start, end, hours) => {
    const at = Date.parse(start) + hour;
    const state = weeklyStateAt(nights, zone, at);
    expect(state.active).toBe(true);
    expect(iso(state.span?.start ?? 0)).toBe(start);
    expect(iso(state.until ?? 0)).toBe(end);
    expect(((state.until ?? 0) - (state.span?.start ?? 0)) / hour).toBe(hours);
  });

  it('takes a wall time the spring change skips as the moment after the gap', () => {
    const [span] = weeklySpans([{ days: [0], start: '02:30', end: '04:00' }], 'Europe/Berlin', Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 30));
    expect(iso(span?.start ?? 0)).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(span?.end ?? 0)).toBe('2026-03-29T02:00:00.000Z');
  });

  it('merges ranges that touch: Friday night runs into the weekend, which runs to Monday', () => {
    const week: WeeklyRange[] = [{ days: [5], start: '22:00', end: '07:00' }, { days: [0, 6], start: '00:00', end: '00:00' }];
    const spans = weeklySpans(week, 'UTC', Date.UTC(2026, 10, 27), Date.UTC(2026, 10, 30));
    expect(spans.map((span) => [iso(span.start), iso(span.end)])).toEqual([['2026-11-27T22:00:00.000Z', '2026-11-30T00:00:00.000Z']]);
  });

  it('says when a schedule next begins, and that one covering every moment has no end within the week', () => {
    const at = Date.UTC(2026, 10, 24, 12);
    expect(weeklyStateAt(nights, 'UTC', at)).toEqual({ active: false, until: Date.UTC(2026, 10, 24, 22) });
    expect(weeklyStateAt([{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00' }], 'UTC', at)).toMatchObject({ active: true });
    expect(weeklyStateAt([{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00' }], 'UTC', at).until).toBeUndefined();
    expect(weeklyStateAt([], 'UTC', at)).toEqual({ active: false });
  });

  it('describes ranges in words', () => {
    expect(describeRange({ days: [1, 2, 3, 4, 5], start: '22:00', end: '07:00' })).toBe('Weekdays 22:00–07:00');
    expect(describeRange({ days: [0, 6], start: '00:00', end: '00:00' })).toBe('Weekends all day');
    expect(describeRange({ days: [1, 3, 5], start: '09:00', end: '09:00' })).toBe('Monday, Wednesday and Friday 09:00 for 24 h');
  });
});

describe('a maintenance window as a rule', () => {
  it('ends at the earlier of its end and when it was ended by hand, and covers only its weekly ranges', () => {
    const rule = maintenanceRuleOf({ id: 'w', starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-01T00:00:00Z', ended_at: '2026-11-20T00:00:00Z', repeat: { days: [0], start: '02:00', end: '04:00', timezone: 'Europe/Berlin' } });
    expect(rule?.until).toBe(Date.UTC(2026, 10, 20));
    const spans = maintenanceSpans(rule ?? { from: 0 }, Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1));
    expect(spans.map((span) => iso(span.start))).toEqual(['2026-11-01T01:00:00.000Z', '2026-11-08T01:00:00.000Z', '2026-11-15T01:00:00.000Z']);
    expect(maintenanceRuleOf({ id: 'w' })).toBeUndefined();
  });
});
