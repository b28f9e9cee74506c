// Bounds on what Vigil sends and its own service accepts; one source for both, and for the docs.

import { MAX_EMAIL_LENGTH } from './email-address.ts';
import { MAX_HOSTNAME_LENGTH, MAX_URL_LENGTH } from './hostnames.ts';

export const INPUT_LIMITS = {
  /** Names count Unicode code points, after trimming. */
  nameMaxLength: 200,
  frequencySeconds: { min: 10, max: 86_400 },
  /** Up to 366 days, so a yearly job fits. */
  expectedIntervalSeconds: { min: 10, max: 31_622_400 },
  urlMaxLength: MAX_URL_LENGTH,
  domainMaxLength: MAX_HOSTNAME_LENGTH,
  emailMaxLength: MAX_EMAIL_LENGTH,
  handlerTypeMaxLength: 50,
  destinationMaxLength: 2048,
} as const;
