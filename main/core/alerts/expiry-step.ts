// One step of an expiry's news, shared by domains and monitors' certificates: each threshold (days before) told once,
// only the smallest one due, "expired" last; a renewal (a later expiry day) re-arms them. Pure.
import type { ExpiryMemory } from './alert-state.ts';

/** "Expired" is remembered as the threshold -1, below any real threshold (0 is "expires today"). */
export const EXPIRED = -1;

/** A later expiry day means a renewal; one day of difference is clock or time-zone jitter. */
const RENEWAL_MIN_DAYS = 2;

/** The threshold due now (the smallest one crossed), unless it or a smaller one was already reached. */
export function dueThreshold(
  daysLeft: number,
  thresholds: readonly number[],
  reached: number | undefined,
): number | undefined {
  let due: number | undefined;
  if (daysLeft <= EXPIRED) due = EXPIRED;
  else {
    for (const threshold of thresholds) {
      if (threshold >= 0 && daysLeft <= threshold && (due === undefined || threshold < due)) due = threshold;
    }
  }
  if (due === undefined || (reached !== undefined && reached <= due)) return undefined;
  return due;
}

export interface ExpiryStep {
  /** The threshold to tell now (`EXPIRED` once expired), if any. */
  due: number | undefined;
  /** What to remember after this step; undefined: nothing. */
  memory: ExpiryMemory | undefined;
}

/** What an item ending on `expiryDay` (UTC days since 1970), `daysLeft` days from now, tells now and remembers. */
export function expiryStep(memory: ExpiryMemory | undefined, expiryDay: number, daysLeft: number, thresholds: readonly number[]): ExpiryStep {
  const renewed = memory !== undefined && expiryDay - memory.expiryDay >= RENEWAL_MIN_DAYS;
  const kept = renewed ? undefined : memory;
  const due = dueThreshold(daysLeft, thresholds, kept?.threshold);
  return { due, memory: due === undefined ? kept : { threshold: due, expiryDay } };
}
