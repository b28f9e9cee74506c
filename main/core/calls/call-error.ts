// How a failed call leaves the core: as the contract's VigilCallError (a code and one sentence, field details for a
// refused form), never a stack trace. The core throws VigilCoreError where it has words for the user; every other
// failure is translated here, once, where the call server answers.
import { callErrorCodes, type VigilCallError } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError } from '../api/index.ts';
import { KeychainUnavailableError } from '../secrets/secret-store.ts';
import { InvalidValueError, StoreFileError } from '../storage/json-file-store.ts';

export class VigilCoreError extends Error implements VigilCallError {
  override readonly name = 'VigilCoreError';
  readonly code: VigilCallError['code'];
  readonly details?: VigilCallError['details'];

  constructor(message: string, options: { code?: VigilCallError['code']; details?: VigilCallError['details'] } = {}) {
    super(message);
    this.code = options.code ?? 'failed';
    if (options.details !== undefined) this.details = options.details;
  }
}

const maxMessageLength = 300;
const maxDetails = 50;

/** Any failure as the VigilCallError the caller gets; what is not the user's doing is logged first. */
export function toCallError(error: unknown, method: string, logger: Logger): VigilCallError {
  const shaped = callErrorShape(error);
  if (shaped !== undefined) return shaped;
  if (error instanceof MonitoringClientError) return failed(error.info.message, error.info.details);
  if (error instanceof KeychainUnavailableError || error instanceof StoreFileError) return failed(error.message);
  if (error instanceof InvalidValueError) return failed(`The settings were not changed: ${error.message.replace(/[.!]+$/, '')}.`);
  const message = error instanceof Error ? error.message : String(error);
  logger.error(`${method} failed unexpectedly.`, { error: firstLine(message) });
  return failed(error instanceof Error && message.trim() !== '' ? message : 'The call failed inside Vigil.');
}

/** An error that already has the contract's shape (a VigilCoreError, say), bounded; undefined for any other. */
function callErrorShape(error: unknown): VigilCallError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as Partial<Record<keyof VigilCallError, unknown>>;
  if (!callErrorCodes.some((known) => known === code) || typeof message !== 'string' || message.trim() === '') return undefined;
  const shaped: VigilCallError = { code: code as VigilCallError['code'], message: firstLine(message) };
  const fields = detailsOf(details);
  if (fields !== undefined) shaped.details = fields;
  return shaped;
}

function failed(message: string, details?: unknown): VigilCallError {
  const error: VigilCallError = { code: 'failed', message: firstLine(message) };
  const fields = detailsOf(details);
  if (fields !== undefined) error.details = fields;
  return error;
}

function detailsOf(details: unknown): VigilCallError['details'] {
  if (!Array.isArray(details)) return undefined;
  const valid = details.filter(
    (detail): detail is { field: string; message: string } => typeof detail?.field === 'string' && typeof detail?.message === 'string',
  );
  return valid.length > 0 ? valid.slice(0, maxDetails).map(({ field, message }) => ({ field, message: firstLine(message) })) : undefined;
}

/** One line, of bounded length: a message from deep inside must not carry a stack or a page of text. */
function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > maxMessageLength ? `${line.slice(0, maxMessageLength - 1)}…` : line;
}
