// An http monitor's `tls` (docs/api-decisions.md §16, "Monitors: certificates"): the days before its certificate
// ends that each raise one alert, and whether certificate errors are ignored. Shared by the service's validation and
// the window's form.
import { z } from 'zod';
import { defaultExpiryThresholds } from './domain.ts';

/** Each threshold alerts once per certificate end, as a domain's do; the same defaults and bounds as the domains'. */
export const DEFAULT_CERTIFICATE_EXPIRY_DAYS: readonly number[] = defaultExpiryThresholds;
export const CERTIFICATE_EXPIRY_DAYS = { min: 1, max: 365, maxCount: 8 } as const;

export type MonitorTls = {
  expiry_days?: number[] | undefined;
  ignore_errors?: boolean | undefined;
};

const { min, max, maxCount } = CERTIFICATE_EXPIRY_DAYS;
const DAYS_ENTRY = `must be a whole number of days from ${min} to ${max}`;

const expiryDaysInput = z
  .array(
    z.number({ error: DAYS_ENTRY }).superRefine((days, context) => {
      if (!Number.isInteger(days) || days < min || days > max) context.addIssue({ code: 'custom', message: DAYS_ENTRY });
    }),
    { error: 'must be a list of days before the certificate ends, like [30, 14, 7, 1]' },
  )
  .max(maxCount, `must list at most ${maxCount} thresholds`)
  .superRefine((days, context) => {
    days.forEach((value, index) => {
      if (days.indexOf(value) !== index) context.addIssue({ code: 'custom', path: [index], message: 'repeats a threshold already listed' });
    });
  })
  // Largest first, as the alerts come: how the answer shows them whatever order they came in.
  .transform((days) => [...days].sort((a, b) => b - a));

export const tlsInput = z.strictObject(
  {
    expiry_days: expiryDaysInput.optional(),
    ignore_errors: z.boolean({ error: 'must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `has fields tls does not have: ${issue.keys.join(', ')} (known: expiry_days, ignore_errors)`
        : 'must be an object with expiry_days and ignore_errors',
  },
);
