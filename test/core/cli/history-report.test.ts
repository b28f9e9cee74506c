// What `vigil history` prints: the time in maintenance beside each uptime figure that had any, and nothing more
// where there was none.
import { describe, expect, it } from 'vitest';
import type { ItemHistoryView, UptimeView } from '../../../common/ipc/history.ts';
import { formatItemHistory } from '../../../main/core/cli/history-report.ts';

const T0 = Date.UTC(2026, 10, 24);
const uptime = (window: UptimeView['window'], maintenanceSeconds: number): UptimeView => ({ window, uptime: 0.9995, upSeconds: 1, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds, sinceCreation: undefined, source: 'server' });

function page(figures: UptimeView[], createdAt?: number): ItemHistoryView {
  return {
    key: 'work/monitor:a',
    connectionId: 'work',
    serverName: 'Work',
    kind: 'monitor',
    name: 'API',
    health: 'ok',
    state: 'up',
    since: undefined,
    sinceIsLowerBound: false,
    window: '7d',
    from: T0 - 7 * 86_400_000,
    to: T0,
    createdAt,
    source: 'server',
    uptime: figures,
    timeline: [],
    responseTimes: undefined,
    incidents: [],
    checks: undefined,
    pings: undefined,
    expiresOn: undefined,
    events: [],
    notes: [],
  };
}

describe('the uptime line', () => {
  it('says the time in maintenance where there was any', () => {
    const text = formatItemHistory(page([uptime('24h', 0), uptime('7d', 7_200), uptime('30d', 9_000)]), 'Work');
    expect(text.split('\n')[2]).toBe('Uptime: 24h 99.95%   7d 99.95% (2 h in maintenance)   30d 99.95% (2 h 30 min in maintenance)');
  });
});

describe('a monitor younger than the window', () => {
  it('is shown from its creation, its figures say so, and one never up or down has no percentage', () => {
    const created = T0 - 3 * 60_000;
    const young = (window: UptimeView['window'], ratio: number | undefined): UptimeView => ({ ...uptime(window, 0), uptime: ratio, sinceCreation: created });
    const lines = formatItemHistory(page([young('24h', 1), young('7d', undefined)], created), 'Work').split('\n');
    expect(lines[1]).toBe("Window 7d: since it was created, 2026-11-23 23:57 UTC (3 min ago), to 2026-11-24 00:00 UTC, from the server's history");
    expect(lines[2]).toBe('Uptime: 24h 100.00% (since created)   7d no data yet (since created)');
  });
});
