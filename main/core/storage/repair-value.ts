// Repairs a stored value the schema rejects, keeping every part that is valid: an invalid field goes back to its
// default, an invalid item of a list is removed, and only a value that is not an object at all is reset whole.
import type { z } from 'zod';
import { describeIssue, formatPath } from './issues.ts';

export interface Repaired<T> {
  value: T;
  /** One phrase per fix, e.g. "pollIntervalSeconds must be … (reset to the default)"; empty if all was well. */
  fixes: string[];
}

/** Repairs that cascade (a removed connection leaves a dangling reference to it) settle within a few passes. */
const maxPasses = 10;
const removed = Symbol('removed');

/** `defaults` is what the schema makes of `{}`: the value each field falls back to. */
export function repairValue<T>(schema: z.ZodType<T>, defaults: T, raw: unknown): Repaired<T> {
  if (!isPlainObject(raw)) return resetAll(defaults, 'the file does not hold a JSON object');
  const candidate: Record<string, unknown> = structuredClone(raw);
  const fixes: string[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const result = schema.safeParse(candidate);
    if (result.success) return { value: result.data, fixes };
    const shrunk = new Set<unknown[]>();
    const fixed = new Set<string>();
    for (const issue of result.error.issues) {
      const fix = applyFix(candidate, defaults, issue.path, shrunk);
      if (fix === undefined) return resetAll(defaults, describeIssue(issue));
      if (fixed.has(fix.at)) continue;
      fixed.add(fix.at);
      fixes.push(`${describeIssue(issue)} (${fix.removed ? `${fix.at} removed` : 'reset to the default'})`);
    }
    for (const list of shrunk) compact(list);
  }
  return resetAll(defaults, 'it could not be repaired field by field');
}

function resetAll<T>(defaults: T, why: string): Repaired<T> {
  return { value: structuredClone(defaults), fixes: [`${why} (everything reset to the defaults)`] };
}

interface Fix {
  /** The part that was reset or removed. */
  at: string;
  removed: boolean;
}

/**
 * Resets the deepest part along `path` that has a default of its own, or marks the list item the path runs
 * through for removal. Undefined when the issue is about the whole value.
 */
function applyFix(
  root: Record<string, unknown>,
  defaults: unknown,
  path: readonly PropertyKey[],
  shrunk: Set<unknown[]>,
): Fix | undefined {
  let node: unknown = root;
  let fallback: unknown = defaults;
  for (const [index, key] of path.entries()) {
    const at = formatPath(path.slice(0, index + 1));
    if (Array.isArray(node)) {
      if (typeof key !== 'number') return undefined;
      node[key] = removed;
      shrunk.add(node);
      return { at, removed: true };
    }
    if (!isPlainObject(node) || typeof key === 'symbol') return undefined;
    const child = node[key];
    const childDefault = isPlainObject(fallback) ? fallback[key] : undefined;
    const goDeeper =
      index < path.length - 1 && (Array.isArray(child) || (isPlainObject(child) && isPlainObject(childDefault)));
    if (!goDeeper) {
      if (childDefault === undefined) Reflect.deleteProperty(node, key);
      else node[key] = structuredClone(childDefault);
      return { at, removed: false };
    }
    node = child;
    fallback = childDefault;
  }
  return undefined;
}

function compact(list: unknown[]): void {
  const kept = list.filter((item) => item !== removed);
  list.splice(0, list.length, ...kept);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
