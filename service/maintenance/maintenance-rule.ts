// A saved window as the shared rule (common/api/maintenance.ts), so the service judges coverage exactly as the client.
import type { MaintenanceRule } from '../../common/maintenance/maintenance.ts';
import { maintenanceEnd, type MaintenanceRecord } from './maintenance-store.ts';

export function ruleOf(record: MaintenanceRecord): MaintenanceRule {
  const rule: MaintenanceRule = { from: record.startsAt };
  const until = maintenanceEnd(record);
  if (record.item !== undefined) rule.item = record.item;
  if (until !== undefined) rule.until = until;
  if (record.repeat !== undefined) rule.repeat = record.repeat;
  return rule;
}

/** The id part of an item key: `monitor:mon_x` → `mon_x` (history events name items by id, as elsewhere). */
export function idOfItemKey(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}
