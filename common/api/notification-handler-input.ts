// The fields of a notification handler's create body, and the rule between two of them.

import type { z } from 'zod';
import { textInput } from './input-fields.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { destinationRule, handlerTypeRule, nameRule, plainTextRule } from './input-rules.ts';
import { isJsonObject } from './json.ts';

/** Each field as a person gives it; the handler's field table (notification-handler.ts) makes the bodies of them. */
export const handlerFieldInputs = {
  name: textInput(nameRule),
  type: textInput(handlerTypeRule),
  // Only the basic text check here: what a valid destination looks like depends on the type.
  destination: textInput(plainTextRule(INPUT_LIMITS.destinationMaxLength)),
};

export function destinationMatchesType(body: { type: string; destination: string }, context: z.RefinementCtx): void {
  const message = destinationRule(body.type)(body.destination);
  if (message !== undefined) context.addIssue({ code: 'custom', path: ['destination'], message });
}

// As for monitors: check the destination even when another field failed.
export const whenTypeAndDestinationUsable = {
  when: ({ value }: { value: unknown }) =>
    isJsonObject(value) && typeof value['type'] === 'string' && typeof value['destination'] === 'string',
};
