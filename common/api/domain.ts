// The domain monitor as a response carries it (spec §2.3): every field optional.

import { readDate, readId, readInteger, readText, type ItemReader } from './fields.ts';

export type Domain = {
  id?: string | undefined;
  domain?: string | undefined;
  /** `YYYY-MM-DD`. */
  expires_on?: string | undefined;
  /** Negative once the domain has expired. */
  days_until_expiry?: number | undefined;
  registrar?: string | undefined;
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
});
