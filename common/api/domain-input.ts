// Request body for watching a domain. The output is the normalised ASCII form the service stores.

import { z } from 'zod';
import { normalizeDomainName } from './domain-name.ts';
import { BODY_MUST_BE_OBJECT, requiredOr } from './input-fields.ts';

const domainNameInput = z.string({ error: requiredOr('must be text') }).transform((text, context) => {
  const result = normalizeDomainName(text);
  if (result.ok) return result.domain;
  context.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

export const domainCreateInput = z.object({ domain: domainNameInput }, { error: BODY_MUST_BE_OBJECT });
export type DomainCreateBody = z.output<typeof domainCreateInput>;
