// When a domain's expiry deserves an alert (and a certificate's: the same thresholds, alerted once each). Pure: the
// refresher and the API views share it.
//
// A threshold T (days) is crossed once daysLeft <= T. The store remembers the smallest threshold already
// alerted for the current expiry date; "expired" is recorded as the threshold -1 (daysLeft <= -1), which keeps
// 0 free for a user's "expires today" threshold and makes expiry just the last, smallest level.

import { defaultExpiryThresholds } from '../../common/api/index.ts';

export type ExpiryAlertKind = 'domain.expiring' | 'domain.expired';

export interface ExpiryAlert {
  kind: ExpiryAlertKind;
  threshold: number;
}

export const expiredThreshold = -1;

const msPerDay = 86_400_000;

/** Whole days from today's UTC date to `expiresOn` (`YYYY-MM-DD`): 0 on the day itself, negative after it. */
export function daysUntilExpiry(expiresOn: string, nowMs: number): number {
  const expiryDay = Date.parse(`${expiresOn}T00:00:00Z`) / msPerDay;
  if (!Number.isInteger(expiryDay)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(expiresOn)}`);
  return expiryDay - Math.floor(nowMs / msPerDay);
}

/**
 * The threshold whose alert is due now, if any: the smallest threshold crossed (so a domain or a certificate first
 * seen 5 days before expiry gets one "7 days" alert, not three; `expiredThreshold` once expired), and none if that
 * level or a smaller one was already alerted. Negative thresholds are ignored: -1 is taken by "expired".
 */
export function crossedThreshold(daysLeft: number, thresholds: readonly number[], alreadyAlerted: number | undefined): number | undefined {
  const crossed = thresholds.filter((threshold) => threshold >= 0 && daysLeft <= threshold);
  const threshold = daysLeft <= expiredThreshold ? expiredThreshold : Math.min(...crossed);
  if (!Number.isFinite(threshold)) return undefined;
  return alreadyAlerted !== undefined && alreadyAlerted <= threshold ? undefined : threshold;
}

/** The domain's alert due now, if any (`crossedThreshold`). */
export function expiryAlert(
  daysLeft: number,
  thresholds: readonly number[] = defaultExpiryThresholds,
  alreadyAlerted: number | undefined = undefined,
): ExpiryAlert | undefined {
  const threshold = crossedThreshold(daysLeft, thresholds, alreadyAlerted);
  if (threshold === undefined) return undefined;
  return { kind: threshold === expiredThreshold ? 'domain.expired' : 'domain.expiring', threshold };
}
