// Uptime from a timeline (pure): up ÷ (up + down) over the time that was observed; time nobody watched is
// unknown, never up; time in maintenance is its own figure, counted neither up nor down (as UptimeRobot does), so
// planned work leaves uptime alone; time before the item was created is no part of it at all. What counts as up or
// down depends on the kind of item.
import { livedPart, uptimeOver } from '../../../common/api/item-lifetime.ts';
import type { HistorySource, HistoryWindow, UptimeView } from '../../../common/ipc/history.ts';
import type { Health, ItemKind } from '../../../common/ipc/views.ts';
import type { Segment } from './record-types.ts';

export type Counted = 'up' | 'down' | 'unknown' | 'maintenance';

/**
 * ok is up and critical down. A warning is down for a heartbeat (late is not on time) and for a source's item (a
 * problem its source reports: late, degraded, pending), up for a domain (expiring is still registered), and unknown
 * for a monitor (a status the server did not give as up or down).
 */
export function countAs(kind: ItemKind, health: Health | 'gap' | 'maintenance'): Counted {
  if (health === 'maintenance') return 'maintenance';
  if (health === 'ok') return 'up';
  if (health === 'critical') return 'down';
  if (health === 'warning' && (kind === 'heartbeat' || kind === 'source')) return 'down';
  if (health === 'warning' && kind === 'domain') return 'up';
  return 'unknown';
}

/** The figure over [from, to], from the item's creation (epoch ms) when that is later. */
export function uptimeOf(segments: readonly Segment[], kind: ItemKind, window: HistoryWindow, windowFrom: number, to: number, source: HistorySource, createdAt?: number): UptimeView {
  const lived = livedPart({ from: windowFrom, to }, createdAt);
  const { from } = lived;
  const totals = { up: 0, down: 0, unknown: 0, maintenance: 0 };
  for (const segment of segments) {
    const span = Math.min(segment.to, to) - Math.max(segment.from, from);
    if (span > 0) totals[countAs(kind, segment.health)] += span;
  }
  // Unknown segments and time the timeline does not reach (nobody watched) alike.
  const { uptime, unknownMs } = uptimeOver(lived, { upMs: totals.up, downMs: totals.down, maintenanceMs: totals.maintenance });
  return {
    window,
    uptime,
    upSeconds: Math.round(totals.up / 1000),
    downSeconds: Math.round(totals.down / 1000),
    unknownSeconds: Math.round(unknownMs / 1000),
    maintenanceSeconds: Math.round(totals.maintenance / 1000),
    sinceCreation: lived.sinceCreation ? from : undefined,
    source,
  };
}
