// What an item depends on, followed upward (pure): the one place that refuses a dependency that would close a cycle,
// and says which chain it would close.

/** The chain from `item` up through its parents (the item first); stops at a repeat so a bad file cannot loop. */
function parentChain(dependencies: Readonly<Record<string, string>>, item: string): string[] {
  const chain = [item];
  const seen = new Set(chain);
  for (let parent = dependencies[item]; parent !== undefined && !seen.has(parent); parent = dependencies[parent]) {
    chain.push(parent);
    seen.add(parent);
  }
  return chain;
}

/**
 * The cycle that `child` depending on `parent` would close, as the chain of keys from `parent` back to `child` (the
 * parent already depends on the child, directly or not); undefined when there is none.
 */
export function cycleThrough(dependencies: Readonly<Record<string, string>>, child: string, parent: string): string[] | undefined {
  if (child === parent) return [child];
  const chain = parentChain(dependencies, parent);
  const at = chain.indexOf(child);
  return at === -1 ? undefined : chain.slice(0, at + 1);
}

/** How many items depend on `item` directly. */
export function dependentsOf(dependencies: Readonly<Record<string, string>>, item: string): number {
  let count = 0;
  for (const parent of Object.values(dependencies)) if (parent === item) count += 1;
  return count;
}
