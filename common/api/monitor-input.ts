// Request bodies for monitors: what Vigil sends and what its own service accepts.

import { z } from 'zod';
import { BODY_MUST_BE_OBJECT, choiceInput, numberInput, textInput } from './input-fields.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { frequencyRule, monitorTargetRule, nameRule, plainTextRule } from './input-rules.ts';
import { isJsonObject } from './json.ts';
import { isMonitorType, MONITOR_TYPES } from './known.ts';

/** The four editable fields; `url` is checked against `type` by the whole-body schemas below. */
export const monitorFieldInputs = {
  name: textInput(nameRule),
  // Only the basic text check here: what a valid url looks like depends on the type.
  url: textInput(plainTextRule(INPUT_LIMITS.urlMaxLength)),
  type: choiceInput(MONITOR_TYPES),
  frequency: numberInput(frequencyRule),
};

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

/** POST /monitors. All four fields are required. */
export const monitorCreateInput = z
  .object(monitorFieldInputs, { error: BODY_MUST_BE_OBJECT })
  .superRefine(urlMatchesType, whenTypeAndUrlUsable);
export type MonitorCreateBody = z.output<typeof monitorCreateInput>;

/**
 * PUT /monitors/{id}: the full Monitor. Read-only fields (last_status, created_at, updated_at) and
 * unknown fields are accepted and dropped; `id` is kept so the service can check it matches the path.
 */
export const monitorUpdateInput = z
  .object(
    { ...monitorFieldInputs, id: z.string({ error: 'must be text' }).min(1, 'must not be empty').optional() },
    { error: BODY_MUST_BE_OBJECT },
  )
  .superRefine(urlMatchesType, whenTypeAndUrlUsable);
export type MonitorUpdateBody = z.output<typeof monitorUpdateInput>;
