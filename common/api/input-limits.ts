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
  /** An http monitor's request and expectations (docs/api-decisions.md §16). */
  headerCountMax: 20,
  headerNameMaxLength: 100,
  headerValueMaxLength: 4096,
  /** UTF-8 bytes. */
  requestBodyMaxBytes: 65_536,
  /** `expect.body_contains` and `expect.body_not_contains`. */
  bodyTextMaxLength: 1024,
  expectStatusMax: 20,
  expectJsonMax: 20,
  /** The JSON text of one `expect.json` `equals`. */
  expectJsonValueMaxLength: 1024,
  maxResponseMs: { min: 1, max: 60_000 },
  retrySeconds: { min: 5, max: 3_600 },
} as const;
