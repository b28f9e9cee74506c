// The schedule on a clock the test moves: it records each scope going into maintenance and out at the exact
// boundaries, settles what changed while the service was stopped, and keeps a thousand weekly windows cheap.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../service/logger.ts';
import { MaintenanceSchedule, type MaintenanceRecorder } from '../../../service/maintenance/maintenance-schedule.ts';
import type { MaintenanceRecord } from '../../../service/maintenance/maintenance-store.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

const base = Date.UTC(2026, 10, 2, 10, 0);
const minute = 60_000;
const day = 86_400_000;

function window(id: string, fields: Partial<MaintenanceRecord>): MaintenanceRecord {
  return { seq: 1, id, item: undefined, startsAt: base, endsAt: undefined, repeat: undefined, reason: undefined, endedAt: undefined, createdAt: base, ...fields };
}

function scheduleOf(records: MaintenanceRecord[], recordedOn = new Map<string, string>()) {
  const clock = manualClock(base);
  const changes: string[] = [];
  let settled = 0;
  const recorder: MaintenanceRecorder = {
    recordedOn: () => recordedOn,
    recordMaintenance: (change) => changes.push(`${new Date(change.at).toISOString()} ${change.scope || '*'} ${change.on ? 'on' : 'off'} ${change.itemName ?? '-'} ${change.detail}`),
  };
  const schedule = new MaintenanceSchedule(records, { clock, logger: silentLogger, recorder, nameOf: (scope) => `name of ${scope}`, onChanged: () => settled++ });
  return { clock, changes, schedule, settled: () => settled };
}

describe('MaintenanceSchedule', () => {
  it('records each scope going on and off at the exact boundaries, and settles held alerts at each', () => {
    const { clock, changes, schedule, settled } = scheduleOf([
      window('mw_a', { item: 'monitor:mon_a', startsAt: base + 10 * minute, endsAt: base + 20 * minute, reason: 'deploy' }),
      window('mw_b', { startsAt: base + 15 * minute, endsAt: base + 30 * minute }),
    ]);
    schedule.start();
    clock.advance(40 * minute);
    expect(changes).toEqual([
      '2026-11-02T10:10:00.000Z mon_a on name of mon_a deploy',
      '2026-11-02T10:15:00.000Z * on - maintenance',
      '2026-11-02T10:20:00.000Z mon_a off name of mon_a deploy',
      '2026-11-02T10:30:00.000Z * off - maintenance',
    ]);
    expect(settled()).toBeGreaterThanOrEqual(5);
    expect(schedule.covers('monitor:mon_a')).toBe(false);
  });

  it('at the start, records only what changed while stopped: nothing again for a scope still covered', () => {
    const { changes, schedule } = scheduleOf([window('mw_a', { item: 'monitor:mon_a' })], new Map([['mon_a', 'deploy'], ['mon_gone', 'old']]));
    schedule.start();
    expect(changes).toEqual(['2026-11-02T10:00:00.000Z mon_gone off name of mon_gone old']);
    expect(schedule.covers('monitor:mon_a')).toBe(true);
    expect(schedule.isActive('mw_a')).toBe(true);
  });

  it('follows a thousand weekly windows through a week within a second', () => {
    const repeat = { days: [0, 3] as (0 | 3)[], start: '01:00', end: '04:00', timezone: 'Europe/Berlin' };
    const records = Array.from({ length: 1_000 }, (_, i) => window(`mw_${i}`, { item: `monitor:mon_${i}`, repeat }));
    const { clock, changes, schedule } = scheduleOf(records);
    // CPU time, not wall time: the figure is this process's own work, whatever else keeps the machine busy.
    const cpuBefore = process.cpuUsage();
    schedule.start();
    clock.advance(7 * day);
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1_000).toBeLessThan(1_000);
    expect(changes).toHaveLength(4 * 1_000);
    // One wake-up per boundary the windows share (two days, a start and an end each), never one per window.
    expect(clock.delays.length).toBeLessThanOrEqual(4 + 1);
  });
});
