// What an item depends on in Vigil's settings, followed upward (pure). The cycle rule itself is shared with the
// service's dependencies extension (common/api/dependencies.ts).
import { cycleThrough as cycleThroughParents } from '../../../common/api/dependencies.ts';

/**
 * The cycle that `child` depending on `parent` would close, as the chain of keys from `parent` back to `child` (the
 * parent already depends on the child, directly or not); undefined when there is none.
 */
export function cycleThrough(dependencies: Readonly<Record<string, string>>, child: string, parent: string): string[] | undefined {
  return cycleThroughParents((item) => (Object.hasOwn(dependencies, item) ? dependencies[item] : undefined), child, parent);
}

/** How many items depend on `item` directly. */
export function dependentsOf(dependencies: Readonly<Record<string, string>>, item: string): number {
  let count = 0;
  for (const parent of Object.values(dependencies)) if (parent === item) count += 1;
  return count;
}
