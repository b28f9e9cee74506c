import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../../common/ipc/history.ts';
import { slotRuns, slotsSentence } from '../../renderer/format/slots.ts';
import { heldFor, stateSentence } from '../../renderer/format/state-duration.ts';
import { noUptimeText, uptimeText } from '../../renderer/format/uptime.ts';
import { responseChartData, responseSummary, shownPeriod, stepsInPeriod, timelineBars, timelineLegend, timelineSummary } from '../../renderer/views/item/item-page-model.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const minute = 60_000;
const hour = 60 * minute;

describe('how long a state has held', () => {
  it('says it from since, as a lower bound when it is one', () => {
    expect(heldFor(NOW - 12 * minute, false, NOW)).toBe('12 min');
    expect(heldFor(NOW - 2 * hour, true, NOW)).toBe('at least 2 h');
    expect(heldFor(undefined, false, NOW)).toBeUndefined();
    expect(stateSentence('down', NOW - 12 * minute, false, NOW)).toBe('Down for 12 min');
    expect(stateSentence('late', NOW - 2 * hour, undefined, NOW)).toBe('Late by 2 h');
    expect(stateSentence('failed', NOW - 3 * hour, false, NOW)).toBe('Failed 3 h ago');
    expect(stateSentence('up', NOW - 3 * 86_400_000, true, NOW)).toBe('Up for at least 3 d');
    expect(stateSentence('ok', undefined, undefined, NOW)).toBe('OK');
  });
});

describe('uptime figures', () => {
  it('round down, so only an uptime of 1 reads 100 %', () => {
    expect(uptimeText(1)).toBe('100 %');
    expect(uptimeText(0.99999)).toBe('99.99 %');
    expect(uptimeText(0.5)).toBe('50 %');
    expect(uptimeText(0)).toBe('0 %');
    expect(uptimeText(undefined)).toBeUndefined();
  });

  it('say "No data yet", not a percentage, for an item with no known status in all its life', () => {
    expect(noUptimeText(true)).toBe('No data yet');
    expect(noUptimeText(false)).toBe('Not observed');
  });
});

describe('the list’s status bars', () => {
  it('join slots into runs and count them in a sentence', () => {
    expect(slotRuns('--uuud-u')).toEqual([
      { state: 'gap', start: 0, length: 2 },
      { state: 'up', start: 2, length: 3 },
      { state: 'down', start: 5, length: 1 },
      { state: 'gap', start: 6, length: 1 },
      { state: 'up', start: 7, length: 1 },
    ]);
    expect(slotsSentence('--uuud-u', 3 * hour)).toBe('Past 24 h in 3 h steps: 4 up, 1 down, 3 not watched.');
    expect(slotsSentence('uuuu', 6 * hour)).toBe('Past 24 h in 6 h steps: 4 up.');
  });

  it('neither draw nor count the slots before a monitor was created', () => {
    expect(slotRuns('------uu', 6)).toEqual([{ state: 'up', start: 6, length: 2 }]);
    expect(slotsSentence('------uu', 3 * hour, 6)).toBe('Past 24 h in 3 h steps, since it was created: 2 up.');
  });
});

describe('the status timeline', () => {
  const from = NOW - 100 * minute;
  const segments: TimelineSegment[] = [
    { from, to: from + 50 * minute, health: 'ok', state: 'up' },
    // One minute down within a column of ten: the column shows it.
    { from: from + 50 * minute, to: from + 51 * minute, health: 'critical', state: 'down' },
    { from: from + 51 * minute, to: from + 80 * minute, health: 'ok', state: 'up' },
    { from: from + 80 * minute, to: NOW, health: 'gap', state: 'not watching' },
  ];

  it('keeps a short outage visible, worst state first within a column, and never more bars than columns', () => {
    expect(timelineBars(segments, from, NOW, 10)).toEqual([
      { start: 0, end: 0.5, health: 'ok' },
      { start: 0.5, end: 0.6, health: 'critical' },
      { start: 0.6, end: 0.8, health: 'ok' },
      { start: 0.8, end: 1, health: 'gap' },
    ]);
    const many = Array.from({ length: 5000 }, (_, index): TimelineSegment => ({ from: from + index * 1200, to: from + (index + 1) * 1200, health: index % 2 === 0 ? 'ok' : 'critical', state: 'x' }));
    expect(timelineBars(many, from, NOW, 360).length).toBeLessThanOrEqual(360);
  });

  it('draws time no segment covers as not watched, never as up', () => {
    expect(timelineBars([{ from: from + 50 * minute, to: NOW, health: 'ok', state: 'up' }], from, NOW, 4)).toEqual([
      { start: 0, end: 0.5, health: 'gap' },
      { start: 0.5, end: 1, health: 'ok' },
    ]);
    expect(timelineSummary([{ from: from + 50 * minute, to: NOW, health: 'ok', state: 'up' }], from, NOW, 'Past 100 minutes')).toBe('Past 100 minutes: up 50 min, not watching 50 min.');
  });

  it('names each state as the core does, "Not watching" always among them, and sums the window in words', () => {
    expect(timelineLegend(segments)).toEqual([
      { health: 'ok', label: 'Up' },
      { health: 'critical', label: 'Down' },
      { health: 'gap', label: 'Not watching' },
    ]);
    expect(timelineLegend([])).toEqual([{ health: 'gap', label: 'Not watching' }]);
    expect(timelineSummary(segments, from, NOW, 'Past 100 minutes')).toBe('Past 100 minutes: up 1 h 19 min, not watching 20 min, down 1 min.');
  });
});

describe('the period a young item’s page shows', () => {
  const view = { window: '24h' as const, from: NOW - 24 * hour, to: NOW };

  it('is the window for an item older than it, or one whose creation is not known', () => {
    expect(shownPeriod({ ...view, createdAt: NOW - 30 * hour })).toEqual({ from: NOW - 24 * hour, to: NOW, label: 'Past 24 hours', phrase: 'over the past 24 hours', since: undefined });
    expect(shownPeriod({ ...view, createdAt: undefined }).label).toBe('Past 24 hours');
  });

  it('is its life, from its creation, and says so, for an item created within the window', () => {
    const period = shownPeriod({ ...view, createdAt: NOW - 3 * minute });
    expect(period).toMatchObject({ from: NOW - 3 * minute, to: NOW });
    expect(period.label).toMatch(/^Since \S.* \(3 min\)$/);
    expect(period.phrase).toMatch(/^since \S.* \(3 min\)$/);
    expect(period.since).toBe(period.phrase);
    expect(responseSummary([{ at: NOW - 5 * minute, checks: 18, failed: 0, avgMs: 40, p95Ms: 60, maxMs: 70 }], period)).toMatch(/^Average response time since .* \(3 min\): 40 ms\./);
  });

  it('charts the step the item was created in, in the middle of its life, not before its creation', () => {
    const points = [NOW - 10 * minute, NOW - 5 * minute].map((at) => ({ at, checks: 1, failed: 0, avgMs: 40, p95Ms: 60, maxMs: 70 }));
    const young = shownPeriod({ ...view, createdAt: NOW - 3 * minute });
    const shown = stepsInPeriod(points, 5 * minute, young);
    expect(shown.map((point) => point.at)).toEqual([NOW - 5 * minute]);
    expect(responseChartData(shown, 5 * minute, young)[0]).toEqual([(NOW - 1.5 * minute) / 1000]);
    expect(stepsInPeriod(points, 5 * minute, shownPeriod({ ...view, createdAt: undefined }))).toHaveLength(2);
  });
});

describe('the response-time chart', () => {
  it('takes seconds at the middle of each step, the average last (drawn on top), and leaves a step without a successful check empty', () => {
    expect(
      responseChartData(
        [
          { at: 1000, checks: 2, failed: 0, avgMs: 100, p95Ms: 150, maxMs: 160 },
          { at: 2000, checks: 1, failed: 1, avgMs: undefined, p95Ms: undefined, maxMs: undefined },
        ],
        1000,
        { from: 1000, to: 2600 },
      ),
    ).toEqual([[1.5, 2.3], [150, null], [100, null]]);
  });
});
