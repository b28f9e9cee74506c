// How long a server asked us to wait before retrying (RFC 9110 §10.2.3), within our own limit.

/** A busy server must not be able to park an alert for hours. */
const maxRetryAfterMs = 60_000;

/** Delay in ms from delta-seconds or an HTTP date; undefined when the header is absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const delayMs = delayFrom(header.trim(), nowMs);
  return Number.isNaN(delayMs) ? undefined : Math.min(Math.max(0, delayMs), maxRetryAfterMs);
}

function delayFrom(text: string, nowMs: number): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP dates start with the day name; Date.parse alone would also read "-5" as a year.
  if (/^[a-z]{3},? /i.test(text)) return Date.parse(text) - nowMs;
  return Number.NaN;
}
