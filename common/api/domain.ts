// The domain monitor as a response carries it (spec §2.3), plus `created_at` from Vigil's service: every field
// optional.

import { readDate, readDateTime, readId, readInteger, readText, type ItemReader } from './fields.ts';

export type Domain = {
  id?: string | undefined;
  domain?: string | undefined;
  /** `YYYY-MM-DD`. */
  expires_on?: string | undefined;
  /** Negative once the domain has expired. */
  days_until_expiry?: number | undefined;
  registrar?: string | undefined;
  /** Extension sent by Vigil's service (read-only): when it was added; its history starts there. */
  created_at?: string | undefined;
  /** Extension (read-only, docs/api-decisions.md §7): when the latest registry lookup ended. */
  last_checked_at?: string | undefined;
  /** Extension (read-only): why the latest lookup failed, in words for a person; absent once one succeeds. */
  last_error?: string | undefined;
};

/** Days before expiry at which a domain warns, once each, unless told otherwise: the service's alerts and the
 * client's settings start from the same list. */
export const defaultExpiryThresholds: readonly number[] = Object.freeze([30, 14, 7, 1]);

export const readDomain: ItemReader<Domain> = (object, context) => ({
  id: readId(object, 'id', context),
  domain: readText(object, 'domain', context),
  expires_on: readDate(object, 'expires_on', context),
  days_until_expiry: readInteger(object, 'days_until_expiry', context),
  registrar: readText(object, 'registrar', context),
  created_at: readDateTime(object, 'created_at', context),
  last_checked_at: readDateTime(object, 'last_checked_at', context),
  last_error: readText(object, 'last_error', context),
});
