// The item a command names, by id or by name (case-insensitive), among the latest poll's: one clear line when there
// is none or more than one.
import { CliError } from '../../common/cli/cli-error.ts';
import { itemId, itemName, type ItemAssessment } from '../core/health/index.ts';

/** The items the words name: by id (or item key) first, else by name ignoring case. */
export function matchingItems(items: readonly ItemAssessment[], wanted: string): ItemAssessment[] {
  const byId = items.filter((item) => itemId(item) === wanted || item.key === wanted);
  if (byId.length > 0) return byId;
  const folded = wanted.trim().toLowerCase();
  return items.filter((item) => itemName(item).toLowerCase() === folded);
}

export function findItem(items: readonly ItemAssessment[], wanted: string, connectionName: string): ItemAssessment {
  const matches = matchingItems(items, wanted);
  const [only] = matches;
  if (matches.length === 1 && only !== undefined) return only;
  if (matches.length === 0) throw new CliError(`${connectionName} has no monitor, heartbeat or domain named or with the id "${wanted}".`, 1);
  const which = matches.slice(0, 5).map((item) => `${item.kind} ${itemId(item) ?? item.key}`);
  throw new CliError(`"${wanted}" names ${matches.length} items on ${connectionName} (${which.join(', ')}${matches.length > 5 ? ', …' : ''}): give the id instead.`, 1);
}
