// The monitors list's history columns: each monitor's 24-hour uptime and a 48-slot status bar, from the server's
// `GET /stats?window=24h&slots=48` where it keeps history, else (and for any monitor it leaves out) from Vigil's
// own record. One server's part; the call puts every enabled server's together under server item keys. A monitor
// created within the day has its bar start where it was created (common/api/item-lifetime.ts).
import { dateTimeToEpochMs, HISTORY_WINDOWS, type Monitor } from '../../../common/api/index.ts';
import { firstLivedSlot } from '../../../common/api/item-lifetime.ts';
import type { ListHistoryView } from '../../../common/ipc/history.ts';
import { monitorKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import type { MonitoringClient } from '../api/index.ts';
import { watchPeriodsOf, type RecordSource } from './record-source.ts';
import { slotString } from './slots.ts';
import { recordTimeline } from './timeline.ts';
import { uptimeOf } from './uptime.ts';

const listSlotCount = 48;
/** The server's slot alphabet (common/api/history.ts): `m` is maintenance, neither up nor down. */
const slotShape = new RegExp(`^[udm-]{${listSlotCount}}$`);

export interface ListHistoryInput {
  connectionId: string;
  now: number;
  /** The monitors now (the latest poll's); their keys are the answer's. */
  monitors: readonly Monitor[];
  /** The connection's client, when its server lists the history extension. */
  server: MonitoringClient | undefined;
  record: RecordSource | undefined;
}

export async function buildListHistory(input: ListHistoryInput): Promise<ListHistoryView> {
  const { now } = input;
  const from = now - HISTORY_WINDOWS['24h'];
  const createdAt = new Map(input.monitors.map((monitor) => [monitorKey(monitor), monitor.created_at === undefined ? undefined : dateTimeToEpochMs(monitor.created_at)]));
  const firstSlot = (key: string) => firstLivedSlot({ from, to: now }, listSlotCount, createdAt.get(key));
  /** By the monitor's own key first; put on its server at the end. */
  const items: ListHistoryView['items'] = {};
  if (input.server !== undefined) {
    try {
      for (const stats of (await input.server.listStats('24h', listSlotCount)).items) {
        if (stats.id === undefined || stats.slots === undefined || !slotShape.test(stats.slots)) continue;
        const key = `monitor:${stats.id}`;
        items[key] = { uptime: stats.uptime, slots: stats.slots, firstSlot: firstSlot(key), source: 'server' };
      }
    } catch {
      // The record below fills every monitor the server did not answer for.
    }
  }
  const keys = input.monitors.map(monitorKey).filter((key) => items[key] === undefined);
  if (keys.length > 0 && input.record !== undefined) {
    const periods = watchPeriodsOf(input.record, from, now);
    const rows = input.record.reads.monitorRows(input.record.connectionId, from);
    for (const key of keys) {
      const segments = recordTimeline(rows.get(key) ?? [], periods, from, now);
      const created = createdAt.get(key);
      items[key] = {
        uptime: uptimeOf(segments, 'monitor', '24h', from, now, 'client', created).uptime,
        slots: slotString(segments, 'monitor', from, now, listSlotCount, created),
        firstSlot: firstSlot(key),
        source: 'client',
      };
    }
  }
  const onServer = Object.fromEntries(Object.entries(items).map(([key, value]) => [serverItemKey(input.connectionId, key), value]));
  return { from, to: now, slotCount: listSlotCount, items: onServer };
}

/** The answer when no server is watched. */
export function emptyListHistory(now: number): ListHistoryView {
  return { from: now - HISTORY_WINDOWS['24h'], to: now, slotCount: listSlotCount, items: {} };
}
