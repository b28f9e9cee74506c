// Removes secrets from text that may have come back from a server (one that reflects request headers in its
// error body, say) before the text reaches an error message or a log line.
import type { ClientErrorInfo } from '../model/snapshot.ts';

export const redactedMark = '[redacted]';

/** Every occurrence of each secret, also in URL-encoded and JSON-escaped spellings, becomes `[redacted]`. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    // Very short "secrets" would blank out ordinary words; a real token is never this short.
    if (secret === undefined || secret.length < 4) continue;
    for (const spelling of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      result = result.replaceAll(spelling, redactedMark);
    }
  }
  return result;
}

/** An error's message and field details with every secret taken out. */
export function redactInfo(info: ClientErrorInfo, secrets: readonly string[]): ClientErrorInfo {
  const safe = { ...info, message: redact(info.message, secrets) };
  if (info.details !== undefined) {
    safe.details = info.details.map((detail) => ({ field: redact(detail.field, secrets), message: redact(detail.message, secrets) }));
  }
  return safe;
}
