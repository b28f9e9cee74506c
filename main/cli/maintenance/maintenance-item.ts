// The item `--item NAME-OR-ID` names, found as `vigil history` finds one (by id or name, on every chosen server,
// one clear line when it is unknown or ambiguous), on a server that keeps maintenance windows.
import { ITEM_REF_PATTERN } from '../../../common/maintenance/maintenance.ts';
import { CliError } from '../../../common/cli/cli-error.ts';
import { systemClock } from '../../../common/clock.ts';
import { itemName } from '../../core/health/index.ts';
import type { CliEnvironment } from '../cli-environment.ts';
import { locateItem, type LocatedItem } from '../locate-item.ts';
import { requireMaintenance } from './maintenance-servers.ts';
import type { Target } from '../server-choice.ts';

export async function locateMaintenanceItem(environment: CliEnvironment, targets: readonly Target[], wanted: string): Promise<LocatedItem> {
  const { heartbeatGraceSeconds, domainThresholds } = environment.settings.read();
  const located = await locateItem(environment, targets, wanted, { now: systemClock.now(), graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds });
  await requireMaintenance(located.server);
  // A window names its item by id; an item the server sent without one is keyed by its name, which no window takes.
  if (!ITEM_REF_PATTERN.test(located.item.key)) throw new CliError(`${itemName(located.item)} on ${located.server.target.name} has no id, so no maintenance window can name it.`, 1);
  return located;
}
