// A maintenance window as the API shows it (docs/api-decisions.md §15).
import type { MaintenanceRepeat } from '../../common/maintenance/maintenance.ts';
import { isoTime } from '../history/time-units.ts';
import type { MaintenanceRecord } from './maintenance-store.ts';

export interface MaintenanceJson {
  id: string;
  item?: string;
  item_name?: string;
  starts_at: string;
  ends_at: string | null;
  repeat?: MaintenanceRepeat;
  reason?: string;
  ended_at?: string;
  created_at: string;
  active: boolean;
}

export function maintenanceJson(record: MaintenanceRecord, extra: { itemName: string | undefined; active: boolean }): MaintenanceJson {
  return {
    id: record.id,
    ...(record.item !== undefined ? { item: record.item } : {}),
    ...(extra.itemName !== undefined ? { item_name: extra.itemName } : {}),
    starts_at: isoTime(record.startsAt),
    ends_at: record.endsAt === undefined ? null : isoTime(record.endsAt),
    ...(record.repeat !== undefined ? { repeat: record.repeat } : {}),
    ...(record.reason !== undefined ? { reason: record.reason } : {}),
    ...(record.endedAt !== undefined ? { ended_at: isoTime(record.endedAt) } : {}),
    created_at: isoTime(record.createdAt),
    active: extra.active,
  };
}
