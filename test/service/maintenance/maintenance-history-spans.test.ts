// The recorded maintenance as spans per scope: pairs of on and off events, one still open, cut to a window.
import { describe, expect, it } from 'vitest';
import { MaintenanceHistory } from '../../../service/maintenance/maintenance-history.ts';
import { StatusSlots } from '../../../common/api/status-slots.ts';

describe('MaintenanceHistory', () => {
  const history = () =>
    new MaintenanceHistory([
      { at: 10, scope: 'mon_a', on: true, detail: 'deploy' },
      { at: 20, scope: 'mon_a', on: false, detail: 'deploy' },
      { at: 30, scope: '', on: true, detail: 'maintenance' },
      { at: 35, scope: '', on: true, detail: 'again' },
    ]);

  it('pairs each scope on and off, an open one reaching to the end asked for', () => {
    const subject = history();
    expect(subject.spans('mon_a', 0, 100)).toEqual([{ start: 10, end: 20 }]);
    expect(subject.spans('mon_a', 15, 100)).toEqual([{ start: 15, end: 20 }]);
    expect(subject.spans('', 0, 50)).toEqual([{ start: 30, end: 50 }]);
    expect(subject.recordedOn()).toEqual(new Map([['', 'maintenance']]));
    expect(subject.itemScopes(0, 100)).toEqual(['mon_a']);
    expect(subject.itemScopes(20, 100)).toEqual([]);
  });

  it('forgets a deleted item, and stretches that ended before a cutoff', () => {
    const subject = history();
    subject.add({ at: 60, scope: '', on: false, detail: 'maintenance' });
    expect(subject.anySince(59)).toBe(true);
    expect(subject.anySince(60)).toBe(false);
    subject.forget('mon_a');
    expect(subject.spans('mon_a', 0, 100)).toEqual([]);
    subject.pruneBefore(61);
    expect(subject.spans('', 0, 100)).toEqual([]);
  });
});

describe('StatusSlots with maintenance', () => {
  it('marks a slot m when in maintenance for most of it, d still winning for down time outside it', () => {
    const slots = new StatusSlots(0, 40, 4);
    slots.add(0, 40, true);
    slots.addMaintenance(10, 30);
    slots.add(25, 26, false);
    expect(slots.text()).toBe('umdu');
  });
});
