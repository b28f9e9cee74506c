// How long to wait before the next poll after consecutive failures (pure).

export const maxBackoffMs = 15 * 60_000;

/**
 * Exponential backoff from the poll interval, capped, with "equal jitter" (half fixed, half random) so many
 * clients that failed together do not come back together; never sooner than the server's Retry-After.
 */
export function backoffDelayMs(options: { failures: number; intervalMs: number; random: number; retryAfterMs?: number; capMs?: number }): number {
  const cap = options.capMs ?? maxBackoffMs;
  const exponential = Math.min(cap, options.intervalMs * 2 ** Math.max(0, Math.min(30, options.failures - 1)));
  const jittered = exponential / 2 + (exponential / 2) * options.random;
  return Math.max(jittered, Math.min(options.retryAfterMs ?? 0, cap * 4));
}
