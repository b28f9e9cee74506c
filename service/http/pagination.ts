// GET /monitors pages (docs/api-decisions.md, "Pagination"): 1-based `page`, `limit` up to 1,000.
import { z } from 'zod';

export const pageDefaults = { page: 1, limit: 100, maxLimit: 1000 } as const;

/** A query parameter that must be a whole number in [min, max]; `what` says more (the default, the meaning). */
export const wholeNumber = (min: number, max: number, what: string) =>
  z
    .string({ error: `must be a whole number from ${min} to ${max}` })
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max} (${what})`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max} (${what})`)
    .optional();

export const pageQuery = z.object({
  page: wholeNumber(1, 1_000_000_000, 'pages start at 1'),
  limit: wholeNumber(1, pageDefaults.maxLimit, `default ${pageDefaults.limit}`),
});

/** RFC 8288 Link to the next page, when there is one. */
export function nextPageLink(path: string, page: number, limit: number, total: number): string | undefined {
  return page * limit < total ? `<${path}?page=${page + 1}&limit=${limit}>; rel="next"` : undefined;
}
