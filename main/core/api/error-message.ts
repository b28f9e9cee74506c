// What a server said about a failure, taken from whichever error body shape it uses (docs/api-decisions.md §4).
import { isJsonObject } from '../../../common/api/index.ts';
import { redact } from './redact.ts';

const maxMessageLength = 200;
const maxDetails = 50;

/** A response body as the client received it. */
export interface ReceivedBody {
  text: string;
  contentType: string | null;
}

/**
 * The server's own message: `error.message` (Vigil's shape), an RFC 7807 `detail` or `title`, a top-level
 * `message`, `error` when it is a plain string, or a short plain-text body. HTML and empty bodies carry none.
 */
export function serverMessage(body: ReceivedBody, secrets: readonly (string | undefined)[]): string | undefined {
  const json = parseJsonQuietly(body.text);
  let message: string | undefined;
  if (json !== undefined) {
    message = messageFromJson(json);
  } else if (!looksLikeHtml(body)) {
    message = body.text.length <= 2 * maxMessageLength ? body.text : undefined;
  }
  const tidied = message === undefined ? '' : tidy(message, secrets);
  return tidied === '' ? undefined : tidied;
}

/** Field errors of a 400 (`{"error":{"details":[{field,message}]}}`), when the server gave usable ones. */
export function validationDetailsOf(text: string, secrets: readonly (string | undefined)[]): { field: string; message: string }[] | undefined {
  const json = parseJsonQuietly(text);
  const error = isJsonObject(json) ? json['error'] : undefined;
  const details = isJsonObject(error) ? error['details'] : undefined;
  if (!Array.isArray(details)) return undefined;
  const usable: { field: string; message: string }[] = [];
  for (const detail of details.slice(0, maxDetails)) {
    if (!isJsonObject(detail) || typeof detail['message'] !== 'string') continue;
    const field = typeof detail['field'] === 'string' ? detail['field'] : '';
    usable.push({ field: tidy(field, secrets), message: tidy(detail['message'], secrets) });
  }
  return usable.length > 0 ? usable : undefined;
}

export function looksLikeHtml(body: ReceivedBody): boolean {
  return /html|xml/i.test(body.contentType ?? '') || body.text.trimStart().startsWith('<');
}

function messageFromJson(json: unknown): string | undefined {
  if (!isJsonObject(json)) return undefined;
  const error = json['error'];
  const candidates = [isJsonObject(error) ? error['message'] : error, json['detail'], json['title'], json['message']];
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function parseJsonQuietly(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One line, no control characters, no secret, and short enough for a notification. */
function tidy(text: string, secrets: readonly (string | undefined)[]): string {
  // Invisible format characters go first (a server could hide a token from redaction with a zero-width space
  // inside it), then redact, then redact again once control characters are spaces; all before any cutting,
  // or a cut could leave part of a token behind.
  const visible = text.replace(/\p{Cf}+/gu, '');
  const redacted = redact(visible, secrets);
  // A token broken up by spaces or line breaks escapes redaction; such an answer is not shown at all.
  const compact = redacted.replace(/[\s\p{Cc}\u2028\u2029]+/gu, '');
  if (secrets.some((secret) => secret !== undefined && secret.length >= 8 && compact.includes(secret))) {
    return "the server's answer repeated the credentials Vigil sent, so it is not shown";
  }
  const line = redacted
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= maxMessageLength) return line;
  // Cut by code point so no half of a surrogate pair is left.
  return `${[...line].slice(0, maxMessageLength - 1).join('').trimEnd()}…`;
}
