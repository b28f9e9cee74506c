// The item a command names, by id or by name (case-insensitive), among the latest poll's: one clear line when there
// is none or more than one.
import { CliError } from '../../../common/cli/cli-error.ts';
import { itemName, type ItemAssessment } from '../health/index.ts';

function idOf(item: ItemAssessment): string | undefined {
  return item.kind === 'monitor' ? item.monitor.id : item.kind === 'heartbeat' ? item.heartbeat.id : item.domain.id;
}

export function findItem(items: readonly ItemAssessment[], wanted: string, connectionName: string): ItemAssessment {
  const byId = items.filter((item) => idOf(item) === wanted || item.key === wanted);
  if (byId.length === 1 && byId[0] !== undefined) return byId[0];
  const folded = wanted.trim().toLowerCase();
  const byName = byId.length > 1 ? byId : items.filter((item) => itemName(item).toLowerCase() === folded);
  const [only] = byName;
  if (byName.length === 1 && only !== undefined) return only;
  if (byName.length === 0) throw new CliError(`${connectionName} has no monitor, heartbeat or domain named or with the id "${wanted}".`, 1);
  const which = byName.slice(0, 5).map((item) => `${item.kind} ${idOf(item) ?? item.key}`);
  throw new CliError(`"${wanted}" names ${byName.length} items on ${connectionName} (${which.join(', ')}${byName.length > 5 ? ', …' : ''}): give the id instead.`, 1);
}
