// A failed contract call as the UI shows it: one sentence, and per-field messages for the form that sent it.
import type { VigilCallError } from '../../common/ipc/contract.ts';

export type FieldErrors = Readonly<Record<string, string>>;

export interface CallFailure {
  message: string;
  fields: FieldErrors;
}

/** Both transports reject with the contract's error shape; anything else becomes a generic sentence. */
export function callFailureOf(error: unknown): CallFailure {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as Partial<VigilCallError>;
  const message = typeof shape.message === 'string' && shape.message !== '' ? shape.message : 'Something went wrong; the log has the details.';
  return { message, fields: fieldErrorsOf(shape.details) };
}

/**
 * Field paths arrive as the contract checked them ("0.url": first argument, field url) or as the server named
 * them ("url"); the form knows only the field.
 */
export function fieldErrorsOf(details: VigilCallError['details']): FieldErrors {
  const fields: Record<string, string> = {};
  for (const detail of details ?? []) {
    const field = detail.field.replace(/^\d+(\.|$)/, '');
    fields[field] ??= detail.message;
  }
  return fields;
}
