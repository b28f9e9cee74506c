// What `vigil history` prints: the time in maintenance beside each uptime figure that had any, and nothing more
// where there was none; times in the reader's locale and zone, to the second for an item checked seconds apart.
import { describe, expect, it } from 'vitest';
import type { ItemHistoryView, UptimeView } from '../../common/ipc/history.ts';
import { formatItemHistory } from '../../main/cli/history-report.ts';
import { plainItemHistory } from '../helpers/item-history.ts';

const T0 = Date.UTC(2026, 10, 24);
const britain = { locale: 'en-GB', timeZone: 'UTC' };
const uptime = (window: UptimeView['window'], maintenanceSeconds: number): UptimeView => ({ window, uptime: 0.9995, upSeconds: 1, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds, sinceCreation: undefined, source: 'server' });

function page(figures: UptimeView[], createdAt?: number): ItemHistoryView {
  return plainItemHistory({ window: '7d', from: T0 - 7 * 86_400_000, to: T0, createdAt, uptime: figures });
}

describe('the uptime line', () => {
  it('says the time in maintenance where there was any', () => {
    const text = formatItemHistory(page([uptime('24h', 0), uptime('7d', 7_200), uptime('30d', 9_000)]), 'Work', britain);
    expect(text.split('\n')[2]).toBe('Uptime: 24h 99.95%   7d 99.95% (2 h in maintenance)   30d 99.95% (2 h 30 min in maintenance)');
  });
});

describe('a monitor younger than the window', () => {
  it('is shown from its creation, its figures say so, and one never up or down has no percentage', () => {
    const created = T0 - 3 * 60_000;
    const young = (window: UptimeView['window'], ratio: number | undefined): UptimeView => ({ ...uptime(window, 0), uptime: ratio, sinceCreation: created });
    const lines = formatItemHistory(page([young('24h', 1), young('7d', undefined)], created), 'Work', britain).split('\n');
    // Three minutes to the minute would read "23:57 to 00:00": a span this short has its seconds.
    expect(lines[1]).toBe("Window 7d: since it was created, 23 Nov 2026, 23:57:00 (3 min ago), to 24 Nov 2026, 00:00:00, from the server's history");
    expect(lines[2]).toBe('Uptime: 24h 100.00% (since created)   7d no data yet (since created)');
  });
});

describe('incidents and events', () => {
  const incident = { start: T0 - 3_600_000 + 5_000, end: T0 - 3_600_000 + 15_000, detail: 'connection refused' };
  const event = (at: number, title: string) => ({ id: title, at, connectionId: 'work', serverName: 'Work', itemKey: 'work/monitor:a', kind: 'monitor' as const, title, health: 'critical' as const, source: 'server' as const });
  const view = { ...page([]), incidents: [incident], events: [event(incident.end, 'API is back up'), event(incident.start, 'API went down')] };

  it("are told to the second in the reader's locale and zone, never as ISO", () => {
    const text = formatItemHistory(view, 'Work', { locale: 'en-US', timeZone: 'America/New_York' });
    expect(text).toContain('Incidents (1):\n  Nov 23, 2026, 6:00:05 PM to 6:00:15 PM (10 s)  connection refused');
    // Two events in one minute: their seconds tell them apart.
    expect(text).toContain('Latest events:\n  Nov 23, 2026, 6:00:15 PM  API is back up\n  Nov 23, 2026, 6:00:05 PM  API went down');
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT|UTC/);
    expect(formatItemHistory(view, 'Work', { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toContain('  24.11.2026, 00:00:05 to 00:00:15 (10 s)');
  });

  it('are to the second for an item checked seconds apart, however long the incident', () => {
    const long = { ...view, incidents: [{ ...incident, end: incident.start + 20 * 60_000 }], events: [] };
    expect(formatItemHistory(long, 'Work', britain)).toContain('  23 Nov 2026, 23:00 to 23:20 (20 min)');
    expect(formatItemHistory(long, 'Work', { ...britain, seconds: true })).toContain('  23 Nov 2026, 23:00:05 to 23:20:05 (20 min)');
  });
});

describe('what a person wrote about the item', () => {
  it('comes right under what it is, each further line indented', () => {
    const view = plainItemHistory({ annotations: [{ key: 'notes', label: 'Notes', text: 'Restart it: systemctl restart api\nhttps://wiki.example/api' }] });
    const lines = formatItemHistory(view, 'Work', britain).split('\n');
    expect(lines.slice(1, 3)).toEqual(['Notes: Restart it: systemctl restart api', '  https://wiki.example/api']);
    expect(formatItemHistory(plainItemHistory(), 'Work', britain)).not.toContain('Notes:');
  });
});
