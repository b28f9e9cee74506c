// An item page's history with nothing in it, for tests that fill in only what they are about.
import type { ItemHistoryView } from '../../common/ipc/history.ts';

/** Monitor "API" on the server "Work", up, over 24 hours to `to` (default: the epoch), with no figures, events or notes: `overrides` give the rest. */
export function plainItemHistory(overrides: Partial<ItemHistoryView> = {}): ItemHistoryView {
  const to = overrides.to ?? 0;
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
    window: '24h',
    from: to - 86_400_000,
    to,
    createdAt: undefined,
    source: 'server',
    uptime: [],
    timeline: [],
    responseTimes: undefined,
    incidents: [],
    checks: undefined,
    pings: undefined,
    expiresOn: undefined,
    events: [],
    notes: [],
    annotations: [],
    ...overrides,
  };
}
