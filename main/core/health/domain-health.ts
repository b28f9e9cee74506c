// A domain's health from its registration expiry (docs/api-decisions.md §7). The server's
// days_until_expiry counts from its UTC date when it answered, so it is moved on by the whole UTC days
// since the snapshot was taken; without it the days are counted from expires_on against now's UTC date.
import { dateTimeToEpochMs, type Domain } from '../../../common/api/index.ts';
import type { Health } from './health.ts';

export type DomainState = 'ok' | 'expiring' | 'expired' | 'unknown';

export interface DomainExpiry {
  state: DomainState;
  /** Whole days left: 0 on the expiry day, negative after it. */
  daysLeft?: number;
}

export interface DomainExpiryOptions {
  /** Alert thresholds in days; a domain within the largest one is expiring. */
  thresholds: readonly number[];
  /** Epoch ms the snapshot holding the domain was taken; `now` when absent. */
  observedAt?: number | undefined;
}

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of the UTC date at `ms`. */
export function utcDay(ms: number): number {
  return Math.floor(ms / MS_PER_DAY);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or undefined if it is not one. */
export function dateToUtcDay(date: string): number | undefined {
  const ms = dateTimeToEpochMs(`${date}T00:00:00Z`);
  return ms === undefined ? undefined : ms / MS_PER_DAY;
}

/** The UTC day the registration ends, as far as the server said; undefined when no lookup has succeeded. */
export function domainExpiryDay(domain: Domain, observedAt: number): number | undefined {
  if (domain.days_until_expiry !== undefined) return utcDay(observedAt) + domain.days_until_expiry;
  return domain.expires_on === undefined ? undefined : dateToUtcDay(domain.expires_on);
}

export function largestThreshold(thresholds: readonly number[]): number | undefined {
  let largest: number | undefined;
  for (const threshold of thresholds) {
    if (threshold >= 0 && (largest === undefined || threshold > largest)) largest = threshold;
  }
  return largest;
}

export function domainExpiry(domain: Domain, now: number, options: DomainExpiryOptions): DomainExpiry {
  const expiryDay = domainExpiryDay(domain, options.observedAt ?? now);
  if (expiryDay === undefined) return { state: 'unknown' };
  const daysLeft = expiryDay - utcDay(now);
  const largest = largestThreshold(options.thresholds);
  const state = daysLeft < 0 ? 'expired' : largest !== undefined && daysLeft <= largest ? 'expiring' : 'ok';
  return { state, daysLeft };
}

/** expired → critical; within the largest threshold → warning; expiry unknown → unknown. */
export function domainHealth(state: DomainState): Health {
  switch (state) {
    case 'ok':
      return 'ok';
    case 'expiring':
      return 'warning';
    case 'expired':
      return 'critical';
    case 'unknown':
      return 'unknown';
  }
}
