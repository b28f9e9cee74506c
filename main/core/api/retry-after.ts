// How long a server asked us to wait (RFC 9110 §10.2.3 Retry-After): delta-seconds or an HTTP date.

/** A hostile or broken server must not be able to park a connection for longer than a day. */
export const maxRetryAfterMs = 24 * 60 * 60_000;

/** Delay in ms (0 for a date in the past); undefined when the header is absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  let delayMs: number;
  if (/^\d+$/.test(text)) delayMs = Number(text) * 1000;
  // HTTP dates start with a day name; Date.parse alone would also read "-5" or "2" as a year.
  else if (/^[a-z]{3,9},? /i.test(text)) delayMs = Date.parse(text) - nowMs;
  else return undefined;
  if (Number.isNaN(delayMs)) return undefined;
  return Math.min(Math.max(0, delayMs), maxRetryAfterMs);
}
