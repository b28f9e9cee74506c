// Fastify validates each route's body and query with the shared `common/` zod schemas, so the service and
// the client agree on every bound; a failure becomes one validation_failed error naming each bad field.
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { checkInput } from '../../common/api/index.ts';
import { ApiError, validationFailed } from './api-error.ts';

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = checkInput(schema, data);
    return result.ok ? { value: result.value } : { error: validationFailed(result.details) };
  };

export function requireQuota(count: number, quota: number, what: string): void {
  if (count >= quota) throw new ApiError(409, 'quota_exceeded', `This service holds at most ${quota} ${what}; delete some first.`);
}
