// The one error shape of the API: {"error":{"code","message","details"?}} (docs/api-decisions.md, "Errors").
import type { ValidationDetail } from '../../common/api/index.ts';

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'quota_exceeded'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ValidationDetail[] };
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: ValidationDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, message: string, options: { details?: ValidationDetail[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`);

export const validationFailed = (details: ValidationDetail[]) =>
  new ApiError(400, 'validation_failed', `The request is not valid: ${details.map((d) => `${d.field || 'body'} ${d.message}`).join('; ')}.`, { details });
