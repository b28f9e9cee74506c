// Whether a window covers a moment, reckoned from its own times as the alert policy reckons it: the answer's
// `active` flag is not kept by the tolerant reader, and the times say it anyway.
import { maintenanceRuleOf, maintenanceSpans, type MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';

export function isActiveAt(window: MaintenanceWindow, at: number): boolean {
  const rule = maintenanceRuleOf(window);
  return rule !== undefined && maintenanceSpans(rule, at, at + 1).length > 0;
}
