// What must never reach the log file: tokens, passwords, Authorization headers. Known secrets (the tokens Vigil
// itself handles) are removed wherever they appear; anything shaped like a token is removed as well, since a
// token the app has not seen yet (one a server echoed back, say) is no less secret.
import { redact, redactedMark } from '../../core/api/redact.ts';

const sensitiveKey = /token|password|passwd|secret|authorization|cookie|api[-_]?key|credential/i;
const patterns: [RegExp, string][] = [
  // JWTs: three base64url parts, the first a JSON header.
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, redactedMark],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${redactedMark}`],
  [/\b((?:access_|refresh_|id_)?token|password|secret|api[-_]?key)=[^&\s"']+/gi, `$1=${redactedMark}`],
];

export function redactLogText(text: string, secrets: Iterable<string>): string {
  let result = redact(text, [...secrets]);
  for (const [pattern, replacement] of patterns) result = result.replace(pattern, replacement);
  return result;
}

/** Log fields with sensitive names lose their values, at any depth (cycles and depth are bounded). */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, sensitiveKey.test(key) ? redactedMark : redactFields(item, depth + 1)]),
  );
}
