// What `vigil history` prints: the time in maintenance beside each uptime figure that had any, and nothing more
// where there was none.
import { describe, expect, it } from 'vitest';
import type { ItemHistoryView, UptimeView } from '../../../common/ipc/history.ts';
import { formatItemHistory } from '../../../main/core/cli/history-report.ts';

const T0 = Date.UTC(2026, 10, 24);
const uptime = (window: UptimeView['window'], maintenanceSeconds: number): UptimeView => ({ window, uptime: 0.9995, upSeconds: 1, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds, source: 'server' });

function page(figures: UptimeView[]): ItemHistoryView {
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
