// The contract's argument check: a call's method must be one the contract declares, and its arguments must
// match that method's schemas. The error names each bad argument (`0.url`: the first argument's url).
import { z } from 'zod';
import { argumentSchemas } from './contract-arguments.ts';
import { vigilMethods, type VigilCallError, type VigilMethod } from './contract.ts';

export type CheckedCall = { ok: true; method: VigilMethod; args: unknown[] } | { ok: false; error: VigilCallError };

interface ArgumentCheck {
  count: number;
  /** The arguments that must be given: a last one whose schema takes undefined may be left out. */
  required: number;
  tuple: z.ZodType;
}

/** Each method's argument check, built the first time it is called. */
const checks = new Map<VigilMethod, ArgumentCheck>();

function checkOf(method: VigilMethod): ArgumentCheck {
  let check = checks.get(method);
  if (check === undefined) {
    const schemas = vigilMethods[method].args(argumentSchemas);
    const [first, ...rest] = schemas;
    const last = schemas.at(-1);
    const required = last !== undefined && last.safeParse(undefined).success ? schemas.length - 1 : schemas.length;
    check = { count: schemas.length, required, tuple: first === undefined ? z.tuple([]) : z.tuple([first, ...rest]) };
    checks.set(method, check);
  }
  return check;
}

function refused(method: VigilMethod, details: { field: string; message: string }[]): CheckedCall {
  return { ok: false, error: { code: 'invalid-arguments', message: `${method} was called with invalid arguments.`, details } };
}

function argumentCount(count: number): string {
  return count === 1 ? '1 argument' : `${count} arguments`;
}

export function isVigilMethod(name: string): name is VigilMethod {
  return Object.hasOwn(vigilMethods, name);
}

export function checkCall(method: string, args: unknown): CheckedCall {
  if (!isVigilMethod(method)) return { ok: false, error: { code: 'unknown-method', message: `There is no method "${method.slice(0, 100)}".` } };
  const { count, required, tuple } = checkOf(method);
  // The whole list is wrong: its field is empty, and the message says what was expected.
  if (!Array.isArray(args)) return refused(method, [{ field: '', message: `must be a list of ${argumentCount(count)}` }]);
  if (args.length > count || args.length < required) {
    const takes = required === count ? argumentCount(count) : `${required} or ${argumentCount(count)}`;
    return refused(method, [{ field: '', message: `takes ${takes}, not ${args.length}` }]);
  }
  const result = tuple.safeParse(args.length < count ? [...args, undefined] : args);
  if (result.success) return { ok: true, method, args: result.data as unknown[] };
  return refused(method, result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })));
}
