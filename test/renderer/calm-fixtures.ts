// Calm alerts' test data: an item's rules as the core answers them, and maintenance windows as the status lists
// them (this computer's unless told otherwise).
import type { ItemRulesView, MaintenanceView } from '../../common/ipc/alerting.ts';

/** Rules of an item nobody changed: told at once, every kind, depending on nothing. */
export function itemRules(itemKey: string, fields: Partial<ItemRulesView> = {}): ItemRulesView {
  return { itemKey, defaultDelayMinutes: 0, tell: { down: true, recovered: true, late: true, expiry: true }, dependents: 0, dependenciesKeptBy: 'vigil', ...fields };
}

export function maintenanceWindow(fields: Partial<MaintenanceView> & Pick<MaintenanceView, 'id'>): MaintenanceView {
  return { connectionId: 'local', serverName: 'This computer', startsAt: Date.now() - 60_000, active: true, keptBy: 'server', ...fields };
}
