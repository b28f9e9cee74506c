// One step of an expiry's news, for domains and monitors' certificates: each threshold (days before) told once, only
// the smallest one due, "expired" last; a renewal (a later expiry day) re-arms them. Pure.
import type { ExpiryMemory } from './alert-state.ts';

/** "Expired" is remembered as the threshold -1, below any real threshold (0 is "expires today"). */
export const EXPIRED = -1;

/** A later expiry day means a domain's renewal; one day of difference is clock or time-zone jitter. */
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

/** What a domain ending on `expiryDay` (UTC days since 1970), `daysLeft` days from now, tells now and remembers. */
export function expiryStep(memory: ExpiryMemory | undefined, expiryDay: number, daysLeft: number, thresholds: readonly number[]): ExpiryStep {
  const renewed = memory !== undefined && expiryDay - memory.expiryDay >= RENEWAL_MIN_DAYS;
  const kept = renewed ? undefined : memory;
  const due = dueThreshold(daysLeft, thresholds, kept?.threshold);
  return { due, memory: due === undefined ? kept : { threshold: due, expiryDay } };
}

export interface CertificateStep extends ExpiryStep {
  /** A later certificate than the one remembered is seen and nothing is due: news owed or held of the older one is
   * void. */
  renewed: boolean;
}

/**
 * A certificate's step. Its end is an exact instant (no jitter), and two certificates may take turns, as behind a load
 * balancer with one renewed backend: so the memory is of the end it was told for, kept through a later end that makes
 * nothing due, and counts as told only for that end or an earlier one (as the service's `certificateAlert`). The older
 * certificate seen again is then not told again. Once the older end is more than a day past (`today`: UTC days), it
 * would be told "expired" whatever was told before, so only "expired" stays remembered.
 */
export function certificateStep(
  memory: ExpiryMemory | undefined,
  expiryDay: number,
  daysLeft: number,
  today: number,
  thresholds: readonly number[],
): CertificateStep {
  const told = memory !== undefined && memory.expiryDay >= expiryDay ? memory.threshold : undefined;
  const due = dueThreshold(daysLeft, thresholds, told);
  if (due !== undefined) return { due, memory: { threshold: due, expiryDay }, renewed: false };
  if (memory === undefined || memory.expiryDay >= expiryDay) return { due, memory, renewed: false };
  const past = memory.threshold !== EXPIRED && today - memory.expiryDay > 1;
  return { due, memory: past ? undefined : memory, renewed: true };
}
