// History views as the core answers them, for the window's tests and the renderer benchmark: an item's page over
// a window (with a down stretch, a gap nobody watched and response times every step), the list's 24-hour bars,
// events. Deterministic: the same arguments give the same data.
import { HISTORY_WINDOWS } from '../../common/api/index.ts';
import type { CheckView, HistoryEventView, ItemHistoryView, ItemPageWindow, ListHistoryView, ResponseTimePoint, TimelineSegment } from '../../common/ipc/history.ts';

const minute = 60_000;

/** About 1,000 points over the window (as `GET /monitors/{id}/series` answers), a day's rhythm, a slow spell. */
export function responsePoints(from: number, to: number, count = 1000): { stepSeconds: number; points: ResponseTimePoint[] } {
  const stepMs = Math.max(minute, Math.floor((to - from) / count));
  const points: ResponseTimePoint[] = [];
  for (let at = from, index = 0; at < to; at += stepMs, index += 1) {
    const daily = Math.sin((at / 86_400_000) * 2 * Math.PI);
    const slow = index % 97 < 3 ? 400 : 0;
    // Now and then a step where every check failed (no response time), more often one failure among ten.
    const failed = index % 503 === 0 ? 10 : index % 211 === 0 ? 1 : 0;
    // Whole milliseconds, as the service sums them.
    const avg = Math.round(120 + 40 * daily + slow + (index % 7) * 3);
    const ok = failed < 10;
    points.push({ at, checks: 10, failed, avgMs: ok ? avg : undefined, p95Ms: ok ? Math.round(avg * 1.8 + 20) : undefined, maxMs: ok ? Math.round(avg * 2.5) : undefined });
  }
  return { stepSeconds: stepMs / 1000, points };
}

/** Up, a gap nobody watched a third of the way in, down for a while two thirds in, up again. */
export function timelineOf(from: number, to: number): TimelineSegment[] {
  const span = to - from;
  const at = (share: number) => Math.round(from + span * share);
  return [
    { from, to: at(0.3), health: 'ok', state: 'up' },
    { from: at(0.3), to: at(0.36), health: 'gap', state: 'not watching' },
    { from: at(0.36), to: at(0.66), health: 'ok', state: 'up' },
    { from: at(0.66), to: at(0.68), health: 'critical', state: 'down' },
    { from: at(0.68), to, health: 'ok', state: 'up' },
  ];
}

export function checksBefore(before: number, count: number, frequencyMs = minute): CheckView[] {
  return Array.from({ length: count }, (_, index) => {
    const down = index % 9 === 4;
    return { at: before - (index + 1) * frequencyMs, status: down ? 'down' : 'up', responseTimeMs: down ? undefined : 100 + ((index * 37) % 90), error: down ? 'Connection refused.' : undefined };
  });
}

export function itemHistory(now: number, pageWindow: ItemPageWindow = '24h', overrides: Partial<ItemHistoryView> = {}): ItemHistoryView {
  const from = now - HISTORY_WINDOWS[pageWindow];
  const downFrom = Math.round(from + (now - from) * 0.66);
  const downTo = Math.round(from + (now - from) * 0.68);
  return {
    key: 'local/monitor:mon_1',
    connectionId: 'local',
    serverName: 'This computer',
    kind: 'monitor',
    name: 'API',
    health: 'ok',
    state: 'up',
    since: downTo,
    sinceIsLowerBound: false,
    window: pageWindow,
    from,
    to: now,
    createdAt: undefined,
    source: 'server',
    uptime: (['24h', '7d', '30d', '90d'] as const).map((name) => ({ window: name, uptime: 0.9812, upSeconds: 80_000, downSeconds: 1_500, unknownSeconds: 4_900, maintenanceSeconds: 0, sinceCreation: undefined, source: 'server' })),
    timeline: timelineOf(from, now),
    responseTimes: responsePoints(from, now),
    incidents: [{ start: downFrom, end: downTo, detail: 'Connection refused.' }],
    checks: checksBefore(now, 20),
    pings: undefined,
    expiresOn: undefined,
    events: [
      { id: 'e2', at: downTo, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_1', kind: 'monitor', title: 'API is up again', health: 'ok', source: 'server' },
      { id: 'e1', at: downFrom, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_1', kind: 'monitor', title: 'API went down: Connection refused.', health: 'critical', source: 'server' },
    ],
    notes: [],
    annotations: [],
    ...overrides,
  };
}

/** Bars for every key: most up throughout, every 50th with a down slot, every 7th not watched at first. */
export function listHistory(keys: readonly string[], now: number, slotCount = 48): ListHistoryView {
  const items: ListHistoryView['items'] = {};
  keys.forEach((key, index) => {
    const gap = index % 7 === 0 ? 6 : 0;
    const down = index % 50 === 0 ? 1 : 0;
    const slots = '-'.repeat(gap) + 'u'.repeat(slotCount - gap - down - 2) + 'd'.repeat(down) + 'u'.repeat(2);
    items[key] = { uptime: down === 0 ? 1 : 0.9931, slots, source: 'server' };
  });
  return { from: now - HISTORY_WINDOWS['24h'], to: now, slotCount, items };
}

export function events(now: number): HistoryEventView[] {
  return [
    { id: 'e3', at: now - 5 * minute, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_2', kind: 'monitor', title: 'Database went down: Connection refused.', health: 'critical', source: 'server' },
    { id: 'e2', at: now - 2 * 3_600_000, connectionId: 'local', serverName: 'This computer', itemKey: 'local/heartbeat:hb_1', kind: 'heartbeat', title: 'Nightly backup is late', health: 'warning', source: 'server' },
    { id: 'e1', at: now - 20 * 3_600_000, connectionId: 'local', serverName: 'This computer', itemKey: undefined, kind: 'service', title: 'The server started', health: 'ok', source: 'server' },
  ];
}
