// The dependencies extension of Vigil's service (docs/api-decisions.md §18): an item may depend on another item of the
// same server, so that while the parent is down the child's own alerts are folded under it. The wire shape, read
// tolerantly; the body a client sends to set one, checked by both sides; and the one rule both the service and
// Vigil's settings refuse by: a dependency that would close a cycle.
import { z } from 'zod';
import { readText, type ItemReader } from './fields.ts';
import { ITEM_REF_PATTERN } from '../maintenance/maintenance.ts';

/** The extension's name under `GET /capabilities`. */
export const DEPENDENCIES_EXTENSION = 'dependencies';

/** One dependency as the service answers it. Every field optional, as everywhere on the response side. */
export type Dependency = {
  /** The child: `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`. */
  item?: string | undefined;
  item_name?: string | undefined;
  /** The parent, in the same form. */
  depends_on?: string | undefined;
  depends_on_name?: string | undefined;
};

export const readDependency: ItemReader<Dependency> = (object, context) => ({
  item: readText(object, 'item', context),
  item_name: readText(object, 'item_name', context),
  depends_on: readText(object, 'depends_on', context),
  depends_on_name: readText(object, 'depends_on_name', context),
});

const itemRefMessage = 'must be monitor:<id>, heartbeat:<id> or domain:<id>';

/** `PUT /dependencies/{item}`: what the item depends on. Whether that item exists is the service's to say. */
export const dependencySetSchema = z.strictObject(
  { depends_on: z.string({ error: itemRefMessage }).regex(ITEM_REF_PATTERN, { error: itemRefMessage }) },
  { error: 'must be a JSON object' },
);
export type DependencySetBody = z.input<typeof dependencySetSchema>;

/**
 * The cycle that `child` depending on `parent` would close, as the chain of keys from `parent` back to `child` (the
 * parent already depends on the child, directly or not); undefined when there is none. `parentOf` answers what an
 * item depends on now; a chain that repeats (a hand-edited file) stops rather than loops.
 */
export function cycleThrough(parentOf: (item: string) => string | undefined, child: string, parent: string): string[] | undefined {
  if (child === parent) return [child];
  const chain = [parent];
  const seen = new Set(chain);
  for (let next = parentOf(parent); next !== undefined && !seen.has(next); next = parentOf(next)) {
    chain.push(next);
    seen.add(next);
    if (next === child) return chain;
  }
  return undefined;
}
