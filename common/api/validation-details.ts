// Turns zod errors into the `details` of a validation_failed error body, and back into form hints.

import type { z } from 'zod';

/** `field` is the dotted path of the field; "" means the body as a whole. */
export type ValidationDetail = { field: string; message: string };

export type InputResult<T> = { ok: true; value: T } | { ok: false; details: ValidationDetail[] };

/** One message per field (the first, which is the most basic problem): a form shows one hint per field. */
export function validationDetails(error: z.ZodError): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: issue.message });
  }
  return details;
}

export function checkInput<Schema extends z.ZodType>(schema: Schema, json: unknown): InputResult<z.output<Schema>> {
  const result = schema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false, details: validationDetails(result.error) };
}
