import { describe, expect, it } from 'vitest';
import { maintenanceCovers, type MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import { weeklyStateAt } from '../../../common/schedule/weekly-schedule.ts';
import { maintenanceOf } from '../../../main/core/alerts/index.ts';
import { isQuietAt, maintenanceAt } from '../../../main/core/alerts/rule-moments.ts';
import { DAY, MINUTE } from './fixtures.ts';
import { EVERY_DAY, nightly } from './rules-fixtures.ts';

// Across the autumn change in Berlin: three weeks from 14 October 2026, every 53 minutes.
const start = Date.UTC(2026, 9, 14, 0, 0);
const moments = Array.from({ length: Math.floor((21 * DAY) / (53 * MINUTE)) }, (_, index) => start + index * 53 * MINUTE);

describe('the moments kept for a week', () => {
  it('answer whether it is quiet as the schedule does, at every moment', () => {
    const quiet = nightly('Europe/Berlin');
    const weekends = { ranges: [{ days: [0, 6] as (0 | 6)[], start: '00:00', end: '00:00' }], timeZone: 'America/New_York', criticalBreaksThrough: false };
    for (const quietHours of [quiet, weekends]) {
      if (quietHours === undefined) continue;
      for (const at of moments) expect(isQuietAt(quietHours, at)).toBe(weeklyStateAt(quietHours.ranges, quietHours.timeZone, at).active);
    }
  });

  it('answer which items are in maintenance as the windows do, at every moment', () => {
    const rules: MaintenanceRule[] = [
      { item: 'monitor:a', from: start + 2 * DAY, until: start + 2 * DAY + 90 * MINUTE },
      { item: 'monitor:b', from: start - DAY, repeat: { days: EVERY_DAY, start: '02:00', end: '04:30', timezone: 'Europe/Berlin' } },
      { from: start + 5 * DAY, until: start + 12 * DAY, repeat: { days: [3], start: '23:00', end: '01:00', timezone: 'America/New_York' } },
      { item: 'monitor:c', from: start + 10 * DAY },
    ];
    for (const at of moments) {
      const active = maintenanceAt(rules, at);
      for (const key of ['monitor:a', 'monitor:b', 'monitor:c', 'monitor:d']) {
        expect(maintenanceOf(active, key) !== undefined).toBe(rules.some((rule) => maintenanceCovers(rule, key, at)));
      }
    }
  });
});
