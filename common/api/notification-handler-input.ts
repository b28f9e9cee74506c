// Request bodies for notification handlers. The client schema accepts any well-formed type, since a
// remote server may offer more than ours; the local schema is what Vigil's own service accepts.

import { z } from 'zod';
import { BODY_MUST_BE_OBJECT, choiceInput, textInput } from './input-fields.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { destinationRule, handlerTypeRule, nameRule, plainTextRule } from './input-rules.ts';
import { isJsonObject } from './json.ts';
import { LOCAL_HANDLER_TYPES } from './known.ts';

const handlerFieldInputs = {
  name: textInput(nameRule),
  type: textInput(handlerTypeRule),
  // Only the basic text check here: what a valid destination looks like depends on the type.
  destination: textInput(plainTextRule(INPUT_LIMITS.destinationMaxLength)),
};

function destinationMatchesType(body: { type: string; destination: string }, context: z.RefinementCtx): void {
  const message = destinationRule(body.type)(body.destination);
  if (message !== undefined) context.addIssue({ code: 'custom', path: ['destination'], message });
}

// As for monitors: check the destination even when another field failed.
const whenTypeAndDestinationUsable = {
  when: ({ value }: { value: unknown }) =>
    isJsonObject(value) && typeof value['type'] === 'string' && typeof value['destination'] === 'string',
};

/** POST /notifications as Vigil sends it to any server. */
export const notificationHandlerCreateInput = z
  .object(handlerFieldInputs, { error: BODY_MUST_BE_OBJECT })
  .superRefine(destinationMatchesType, whenTypeAndDestinationUsable);
export type NotificationHandlerCreateBody = z.output<typeof notificationHandlerCreateInput>;

/** POST /notifications as Vigil's own service accepts it: only the types it can deliver. */
export const localNotificationHandlerCreateInput = z
  .object({ ...handlerFieldInputs, type: choiceInput(LOCAL_HANDLER_TYPES) }, { error: BODY_MUST_BE_OBJECT })
  .superRefine(destinationMatchesType, whenTypeAndDestinationUsable);
export type LocalNotificationHandlerCreateBody = z.output<typeof localNotificationHandlerCreateInput>;
