// How a failed service call leaves the core: an Error carrying the contract's VigilCallError shape (a code and
// one sentence, field details for a refused form), never a stack trace or a library's wording.
import type { VigilCallError } from '../../../common/ipc/contract.ts';
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

/** Any failure as the VigilCoreError the caller sees; what is not the user's doing is logged first. */
export function toCoreError(error: unknown, method: string, logger: Logger): VigilCoreError {
  if (error instanceof VigilCoreError) return error;
  if (error instanceof MonitoringClientError) return new VigilCoreError(error.info.message, { details: error.info.details });
  if (error instanceof KeychainUnavailableError || error instanceof StoreFileError) return new VigilCoreError(error.message);
  if (error instanceof InvalidValueError) return new VigilCoreError(`The settings were not changed: ${error.message.replace(/[.!]+$/, '')}.`);
  logger.error(`${method} failed unexpectedly.`, { error: error instanceof Error ? error.message : String(error) });
  return new VigilCoreError(`${method} failed unexpectedly inside Vigil; the log has the details.`);
}
