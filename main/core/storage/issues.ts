// Turns zod issues into sentences that name the field, for warnings and for errors a person reads.
import type { z } from 'zod';

/** `connections[1].baseUrl`, or an empty string for the whole value. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

/** "pollIntervalSeconds must be …": the field, then what it must be. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = formatPath(issue.path);
  return field === '' ? issue.message : `${field} ${issue.message}`;
}

/** One sentence for a failed parse: the first problem, and how many more there are. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const [first, ...rest] = issues;
  if (first === undefined) return 'The value is invalid.';
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more ${rest.length === 1 ? 'problem' : 'problems'})`;
  return `${describeIssue(first)}${more}.`;
}
