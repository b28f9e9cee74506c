// Maintenance in the pure history policy: the list's bars mark it `m` (neither up nor down), it ends an incident
// rather than prolonging it, and the exported files carry its segments and its seconds.
import { describe, expect, it } from 'vitest';
import { itemHistoryFile } from '../../../main/core/history/history-export.ts';
import { incidentsOf } from '../../../main/core/history/incidents.ts';
import type { Segment } from '../../../main/core/history/record-types.ts';
import { slotString } from '../../../main/core/history/slots.ts';
import { maintenanceOver } from '../../../main/core/history/timeline.ts';
import { plainItemHistory } from '../../helpers/item-history.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 24);
const segment = (from: number, to: number, health: Segment['health'], state: string): Segment => ({ from: T0 + from * H, to: T0 + to * H, health, state });

describe('maintenance in the bars and incidents', () => {
  it('is `m` in a slot it fills for the most part, and never up or down', () => {
    const segments = [segment(0, 2, 'ok', 'up'), segment(2, 4, 'maintenance', 'maintenance'), segment(4, 5, 'critical', 'down'), segment(5, 6, 'gap', 'not watching')];
    expect(slotString(segments, 'monitor', T0, T0 + 6 * H, 6)).toBe('uummd-');
  });

  it('ends an incident when it begins: what happened during planned work is not an incident', () => {
    const segments = [segment(0, 1, 'ok', 'up'), segment(1, 2, 'critical', 'down'), segment(2, 3, 'maintenance', 'maintenance'), segment(3, 4, 'ok', 'up')];
    expect(incidentsOf(segments, 'monitor')).toEqual([{ start: T0 + H, end: T0 + 2 * H, detail: 'down' }]);
  });

  it('is drawn over watched time only: a gap stays a gap', () => {
    const segments = [segment(0, 2, 'ok', 'up'), segment(2, 4, 'gap', 'not watching'), segment(4, 6, 'critical', 'down')];
    expect(maintenanceOver(segments, [{ from: T0 + H, to: T0 + 5 * H }]).map(({ from, to, health }) => [(from - T0) / H, (to - T0) / H, health])).toEqual([
      [0, 1, 'ok'],
      [1, 2, 'maintenance'],
      [2, 4, 'gap'],
      [4, 5, 'maintenance'],
      [5, 6, 'critical'],
    ]);
  });
});

const view = plainItemHistory({
  window: '24h',
  from: T0,
  to: T0 + 24 * H,
  source: 'client',
  uptime: [{ window: '24h', uptime: 1, upSeconds: 79_200, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds: 7_200, sinceCreation: undefined, source: 'client' }],
  timeline: [segment(0, 22, 'ok', 'up'), segment(22, 24, 'maintenance', 'maintenance')],
});

describe('the exported files', () => {
  it('carry the maintenance seconds and segments in JSON', () => {
    const json = JSON.parse(itemHistoryFile(view, 'json', T0 + 24 * H).text) as { uptime: unknown[]; timeline: unknown[] };
    expect(json.uptime).toEqual([{ window: '24h', uptime: 1, upSeconds: 79_200, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds: 7_200, sinceCreation: null, source: 'client' }]);
    expect(json.timeline[1]).toEqual({ from: '2026-11-24T22:00:00.000Z', to: '2026-11-25T00:00:00.000Z', health: 'maintenance', state: 'maintenance' });
  });

  it('carry them in CSV: an uptime row per window, a timeline row per segment', () => {
    const lines = itemHistoryFile(view, 'csv', T0 + 24 * H).text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'section,start,end,state,health,response_time_ms,detail,uptime,up_seconds,down_seconds,unknown_seconds,maintenance_seconds',
      'uptime,2026-11-24T00:00:00.000Z,2026-11-25T00:00:00.000Z,,,,24h,1,79200,0,0,7200',
      'timeline,2026-11-24T00:00:00.000Z,2026-11-24T22:00:00.000Z,up,ok,,,,,,,',
      'timeline,2026-11-24T22:00:00.000Z,2026-11-25T00:00:00.000Z,maintenance,maintenance,,,,,,,',
    ]);
  });
});
