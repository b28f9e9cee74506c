// The extension fields of an http monitor's check (docs/api-decisions.md §16): the request Vigil sends
// (`method`, `headers`, `secret_headers`, `body`), what the answer must show (`expect`), its certificate's alerts and
// errors (`tls`, monitor-tls-input.ts), and how soon a failure is checked again (`retry_seconds`, any type). Each is
// optional; on PUT `null` puts one back to its default. A dns monitor's `dns` (dns-check-input.ts) travels with them:
// required on that type, refused on the others.

import { z } from 'zod';
import { dnsCheckInput } from './dns-check-input.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { maxResponseMsRule, retrySecondsRule } from './input-rules.ts';
import { numberInput } from './input-fields.ts';
import { parseJsonPath } from './json-path.ts';
import { tlsInput, type MonitorTls } from './monitor-tls-input.ts';
import { isMaskedValue, SECRET_MASK } from './secret-headers.ts';
import type { ValidationDetail } from './validation-details.ts';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A status code (`200`) or a class of them (`"2xx"`). */
export type StatusExpectation = number | `${1 | 2 | 3 | 4 | 5}xx`;

export type JsonExpectation = { path: string; equals: unknown };

export type MonitorExpect = {
  status?: StatusExpectation[] | undefined;
  body_contains?: string | undefined;
  body_not_contains?: string | undefined;
  json?: JsonExpectation[] | undefined;
  max_response_ms?: number | undefined;
};

/** Any 2xx or 3xx final status is up, as before the extension. */
export const DEFAULT_EXPECTED_STATUS: readonly StatusExpectation[] = ['2xx', '3xx'];
/** The wait before a failure is checked again, unless the monitor's frequency is shorter. */
export const DEFAULT_RETRY_SECONDS = 20;

/** The extension that offers these fields and dns monitors, listed by `GET /capabilities` (docs/api-decisions.md §16). */
export const CHECKS_EXTENSION = 'checks';

/** The fields that only an http monitor has. */
export const HTTP_ONLY_FIELDS = ['method', 'headers', 'secret_headers', 'body', 'expect', 'tls'] as const;

// RFC 9110 token characters; a value may hold visible ASCII, spaces, tabs and Latin-1 (what Node will send).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Set by Vigil from the URL and the body, or hop-by-hop: a user value would break the exchange. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);
const STATUS_CLASS = /^[1-5]xx$/i;

function headerNameProblem(name: string): string | undefined {
  if (name === '' || name.length > INPUT_LIMITS.headerNameMaxLength || !HEADER_NAME.test(name)) {
    return `must be a header name of up to ${INPUT_LIMITS.headerNameMaxLength} letters, digits and !#$%&'*+.^_\`|~-`;
  }
  if (RESERVED_HEADERS.has(name.toLowerCase())) return 'is set by Vigil and cannot be given';
  return undefined;
}

/** UTF-8 length without encoding the text. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
      bytes += 4;
      at += 1;
    } else bytes += 3;
  }
  return bytes;
}

const headersInput = z
  .record(z.string(), z.string({ error: 'must be text' }), { error: 'must be an object of header names and text values' })
  .superRefine((headers, context) => {
    const names = Object.keys(headers);
    if (names.length > INPUT_LIMITS.headerCountMax) {
      context.addIssue({ code: 'custom', message: `must hold at most ${INPUT_LIMITS.headerCountMax} headers` });
      return;
    }
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const nameProblem = headerNameProblem(name);
      const lower = name.toLowerCase();
      let message = nameProblem;
      if (message === undefined && seen.has(lower)) message = 'names a header already given (names are case-insensitive)';
      else if (value.length > INPUT_LIMITS.headerValueMaxLength) message = `must be at most ${INPUT_LIMITS.headerValueMaxLength} characters`;
      // The mask is no value to send: it stands for a stored one, and is judged with it (httpCheckProblems).
      else if (!HEADER_VALUE.test(value.replaceAll(SECRET_MASK, ''))) message = 'must not contain line breaks, control characters or characters beyond Latin-1';
      seen.add(lower);
      if (message !== undefined) context.addIssue({ code: 'custom', path: [name], message });
    }
  });

const secretHeadersInput = z
  .array(
    z.string({ error: 'must be text' }).superRefine((name, context) => {
      const message = headerNameProblem(name);
      if (message !== undefined) context.addIssue({ code: 'custom', message });
    }),
    { error: 'must be a list of header names' },
  )
  .max(INPUT_LIMITS.headerCountMax, `must list at most ${INPUT_LIMITS.headerCountMax} header names`);

const requestBodyInput = z.string({ error: 'must be text' }).superRefine((body, context) => {
  const max = INPUT_LIMITS.requestBodyMaxBytes;
  if (body.length > max / 3 && utf8Length(body) > max) context.addIssue({ code: 'custom', message: `must be at most ${max / 1024} KB (UTF-8)` });
});

const STATUS_ENTRY = 'must be a status code from 100 to 599, or a class like "2xx"';
const statusEntry = z.union([z.number(), z.string()], { error: STATUS_ENTRY }).transform((entry, context): StatusExpectation => {
  if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 100 && entry <= 599) return entry;
  if (typeof entry === 'string' && STATUS_CLASS.test(entry)) return entry.toLowerCase() as StatusExpectation;
  context.addIssue({ code: 'custom', message: STATUS_ENTRY });
  return z.NEVER;
});

const bodyTextInput = z
  .string({ error: 'must be text' })
  .min(1, 'must not be empty')
  .max(INPUT_LIMITS.bodyTextMaxLength, `must be at most ${INPUT_LIMITS.bodyTextMaxLength} characters`);

const jsonExpectationInput = z
  .object(
    {
      path: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') }).superRefine((path, context) => {
        const parsed = parseJsonPath(path);
        if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
      }),
      // JSON has no undefined: a missing `equals` is a mistake, and `null` is the way to expect a null.
      equals: z.unknown().nonoptional({ error: 'is required (any JSON value; null to expect null)' }),
    },
    { error: 'must be an object with path and equals' },
  )
  .transform((entry, context): JsonExpectation => {
    if (JSON.stringify(entry.equals).length > INPUT_LIMITS.expectJsonValueMaxLength) {
      context.addIssue({ code: 'custom', path: ['equals'], message: `must be at most ${INPUT_LIMITS.expectJsonValueMaxLength} characters as JSON` });
    }
    return { path: entry.path, equals: entry.equals };
  });

const expectInput = z.strictObject(
  {
    status: z
      .array(statusEntry, { error: 'must be a list of status codes and classes, like [200, "3xx"]' })
      .min(1, 'must list at least one status code or class')
      .max(INPUT_LIMITS.expectStatusMax, `must list at most ${INPUT_LIMITS.expectStatusMax} entries`)
      .optional(),
    body_contains: bodyTextInput.optional(),
    body_not_contains: bodyTextInput.optional(),
    json: z
      .array(jsonExpectationInput, { error: 'must be a list of { path, equals }' })
      .max(INPUT_LIMITS.expectJsonMax, `must list at most ${INPUT_LIMITS.expectJsonMax} entries`)
      .optional(),
    max_response_ms: numberInput(maxResponseMsRule).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `has fields no expectation is called: ${issue.keys.join(', ')} (known: status, body_contains, body_not_contains, json, max_response_ms)`
        : 'must be an object of expectations',
  },
);

const methodInput = z
  .string({ error: 'must be one of: GET, HEAD, POST' })
  .transform((method) => method.trim().toUpperCase())
  .pipe(z.enum(HTTP_METHODS, { error: 'must be one of: GET, HEAD, POST' }));
/**
 * The check's fields as a person gives them; the monitor's field table (monitor.ts) makes each optional on create (left
 * out for the default) and nullable on PUT (`null` resets a stored value; a new monitor has none to reset).
 */
export const monitorCheckInputs = {
  method: methodInput,
  headers: headersInput,
  secret_headers: secretHeadersInput,
  body: requestBodyInput,
  expect: expectInput,
  tls: tlsInput,
  retry_seconds: numberInput(retrySecondsRule),
  dns: dnsCheckInput,
};

/** The http request and expectations of one monitor, with defaults left out (undefined). */
export type HttpCheckFields = {
  method?: HttpMethod | null | undefined;
  headers?: Record<string, string> | null | undefined;
  secret_headers?: string[] | null | undefined;
  body?: string | null | undefined;
  expect?: MonitorExpect | null | undefined;
  tls?: MonitorTls | null | undefined;
};

/**
 * What cannot be judged field by field: http-only fields on another type, a body without POST, body
 * expectations with HEAD, and a masked value with nothing stored behind it. Run on a create body, and on a PUT
 * body once merged with what is stored (there an absent field keeps the stored value).
 */
export function httpCheckProblems(type: string, fields: HttpCheckFields): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  if (type !== 'http') {
    for (const field of HTTP_ONLY_FIELDS) {
      if (fields[field] !== undefined && fields[field] !== null) details.push({ field, message: 'applies only to http monitors' });
    }
    return details;
  }
  const method = fields.method ?? 'GET';
  if (fields.body !== undefined && fields.body !== null && method !== 'POST') {
    details.push({ field: 'body', message: 'is sent only with POST: set method to POST, or leave body out' });
  }
  if (method === 'HEAD') {
    for (const key of ['body_contains', 'body_not_contains', 'json'] as const) {
      if (fields.expect?.[key] !== undefined) details.push({ field: `expect.${key}`, message: 'needs a response body, and an answer to HEAD has none' });
    }
  }
  for (const [name, value] of Object.entries(fields.headers ?? {})) {
    if (isMaskedValue(value)) details.push({ field: `headers.${name}`, message: 'is a masked value with no stored value behind it: send the real value' });
  }
  return details;
}

/**
 * `dns` belongs to a dns monitor, which cannot do without it. Run on a create body, and on a PUT body once merged
 * with what is stored (there an absent `dns` keeps the stored one; `null` leaves none).
 */
export function dnsCheckProblems(type: string, dns: object | null | undefined): ValidationDetail[] {
  const given = dns !== undefined && dns !== null;
  if (type === 'dns' && !given) return [{ field: 'dns', message: 'is required for a dns monitor: an object with record, and optionally expect and resolver' }];
  if (type !== 'dns' && given) return [{ field: 'dns', message: 'applies only to dns monitors' }];
  return [];
}
