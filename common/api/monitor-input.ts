// Request bodies for monitors: what Vigil sends and what its own service accepts.

import { z } from 'zod';
import { dnsCheckInput, type DnsCheckSpec } from './dns-check-input.ts';
import { BODY_MUST_BE_OBJECT } from './input-fields.ts';
import { monitorTargetRule } from './input-rules.ts';
import { isJsonObject } from './json.ts';
import { isMonitorType } from './known.ts';
import { monitorFields } from './monitor.ts';
import { dnsCheckProblems, httpCheckProblems, type HttpCheckFields } from './monitor-check-input.ts';
import { createShape, editShape } from './resource-fields.ts';

function urlMatchesType(body: { type: string; url: string }, context: z.RefinementCtx): void {
  if (!isMonitorType(body.type)) return;
  const message = monitorTargetRule(body.type)(body.url);
  if (message !== undefined) context.addIssue({ code: 'custom', path: ['url'], message });
}

// zod skips object-level checks once a field has failed; running this one whenever type and url
// are usable reports a bad url together with, say, a bad name.
const whenTypeAndUrlUsable = {
  when: ({ value }: { value: unknown }) =>
    isJsonObject(value) && isMonitorType(value['type']) && typeof value['url'] === 'string',
};

function checkFieldsMatchType(body: HttpCheckFields & { type: string }, context: z.RefinementCtx): void {
  for (const { field, message } of httpCheckProblems(body.type, body)) context.addIssue({ code: 'custom', path: field.split('.'), message });
}

function dnsMatchesType(body: { type: string; dns?: DnsCheckSpec | undefined }, context: z.RefinementCtx): void {
  for (const { field, message } of dnsCheckProblems(body.type, body.dns)) context.addIssue({ code: 'custom', path: [field], message });
}

// Like the url: a missing or misplaced `dns` is reported together with, say, a bad name.
const whenTypeAndDnsUsable = {
  when: ({ value }: { value: unknown }) =>
    isJsonObject(value) && isMonitorType(value['type']) && (value['dns'] === undefined || dnsCheckInput.safeParse(value['dns']).success),
};

/**
 * POST /monitors, from the field table (monitor.ts). The four spec fields are required; the check's extension fields
 * are optional, and judged against the type once every field is fine on its own.
 */
export const monitorCreateInput = z
  .object(createShape(monitorFields), { error: BODY_MUST_BE_OBJECT })
  .superRefine(urlMatchesType, whenTypeAndUrlUsable)
  .superRefine(dnsMatchesType, whenTypeAndDnsUsable)
  .superRefine(checkFieldsMatchType);
export type MonitorCreateBody = z.output<typeof monitorCreateInput>;

/**
 * PUT /monitors/{id}: the full Monitor. Read-only fields (last_status, created_at, updated_at, last_checked_at…) and
 * unknown fields are accepted and dropped; `id` is kept so the service can check it matches the path. An extension
 * field left out keeps its stored value, so the service judges them against the type after merging.
 */
export const monitorUpdateInput = z
  .object(
    {
      ...editShape(monitorFields),
      id: z.string({ error: 'must be text' }).min(1, 'must not be empty').optional(),
    },
    { error: BODY_MUST_BE_OBJECT },
  )
  .superRefine(urlMatchesType, whenTypeAndUrlUsable);
export type MonitorUpdateBody = z.output<typeof monitorUpdateInput>;
