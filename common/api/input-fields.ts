// zod field schemas for request bodies. zod checks the JSON types; the content rules from
// input-rules.ts supply one human-readable message per field.

import { z } from 'zod';
import type { Rule } from './input-rules.ts';

type IssueInput = { input?: unknown };

/** "is required" when the field is missing, otherwise the given message. */
export function requiredOr(message: string): (issue: IssueInput) => string {
  return (issue) => (issue.input === undefined ? 'is required' : message);
}

export const BODY_MUST_BE_OBJECT = 'the request body must be a JSON object';

/**
 * An edit body's error (PATCH, which takes only the fields it can change): fields it does not take are named with
 * those it does, so a typo or a read-only field reads as such rather than as a body that is not an object.
 */
export function editBodyError(editable: readonly string[]): (issue: { code?: string; keys?: readonly string[] }) => string {
  return (issue) =>
    issue.code === 'unrecognized_keys' ? `has fields that cannot be edited: ${(issue.keys ?? []).join(', ')} (editable: ${editable.join(', ')})` : BODY_MUST_BE_OBJECT;
}

function withRule<T>(rule: Rule<T>): (value: T, context: z.RefinementCtx<T>) => void {
  return (value, context) => {
    const message = rule(value);
    if (message !== undefined) context.addIssue({ code: 'custom', message });
  };
}

/** A string, trimmed, then checked by the rule. */
export function textInput(rule: Rule<string>): z.ZodString {
  return z.string({ error: requiredOr('must be text') }).trim().superRefine(withRule(rule));
}

/** A JSON number checked by the rule (the rule owns integer-ness and range, for a single message). */
export function numberInput(rule: Rule<number>): z.ZodNumber {
  return z.number({ error: requiredOr('must be a number') }).superRefine(withRule(rule));
}

/** One of a fixed list; the message lists the allowed values. */
export function choiceInput<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: requiredOr(`must be one of: ${values.join(', ')}`) });
}
