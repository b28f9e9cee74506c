// A connection's maintenance windows as rules and views, wherever they are kept: a window far ahead still starts
// on time, a weekly series that begins next month shows its first week, and a window without an id is not shown.
import { describe, expect, it } from 'vitest';
import { maintenanceAt } from '../../../main/core/alerts/index.ts';
import { coversNow, keptWindows, maintenanceView, serverWindows } from '../../../main/core/maintenance/maintenance-windows.ts';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 24, 12);
const server = { id: 'work', name: 'Work' };

describe('maintenance windows', () => {
  it('start on time however far ahead they were scheduled, though the answer was kept', () => {
    const rules = [{ item: 'monitor:1', from: now + 20 * day, until: now + 20 * day + 3_600_000 }];
    expect(maintenanceAt(rules, now).items.size).toBe(0);
    for (let at = now; at < now + 20 * day; at += day) expect(maintenanceAt(rules, at).items.size).toBe(0);
    expect(maintenanceAt(rules, now + 20 * day + 60_000).items.get('monitor:1')).toEqual({ until: now + 20 * day + 3_600_000 });
    expect(maintenanceAt(rules, now + 21 * day).items.size).toBe(0);
  });

  it('show a weekly series that begins next month, with its first occurrence', () => {
    const [window] = keptWindows(
      [{ id: 'k1', connectionId: 'work', startsAt: now + 30 * day, repeat: { days: [0], start: '02:00', end: '04:00', timezone: 'Europe/Berlin' }, createdAt: now }],
      'work',
    );
    if (window === undefined) throw new Error('no window');
    const view = maintenanceView(window, server, now, () => undefined);
    expect(view).toMatchObject({ id: 'work/k1', active: false, keptBy: 'vigil', startsAt: now + 30 * day });
    expect(new Date(view?.nextStart ?? 0).toISOString()).toBe('2026-12-27T01:00:00.000Z');
    expect(coversNow(window, now)).toBe(false);
  });

  it('leave out what a server sent without an id or a start, and one that is over', () => {
    const windows = serverWindows([{ starts_at: '2026-11-24T11:00:00Z' }, { id: 'w0' }, { id: 'w1', starts_at: '2026-11-24T11:00:00Z', ends_at: '2026-11-24T11:30:00Z' }, { id: 'w2', starts_at: '2026-11-24T11:00:00Z', item: 'monitor:7', item_name: 'API', reason: 'deploy' }]);
    expect(windows.map((window) => window.id)).toEqual(['w1', 'w2']);
    expect(windows.map((window) => maintenanceView(window, server, now, () => undefined))).toEqual([
      undefined,
      { id: 'work/w2', connectionId: 'work', serverName: 'Work', startsAt: Date.UTC(2026, 10, 24, 11), active: true, keptBy: 'server', itemKey: 'work/monitor:7', itemName: 'API', reason: 'deploy' },
    ]);
  });
});
