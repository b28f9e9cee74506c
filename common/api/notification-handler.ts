// The notification handler, declared field by field (resource-fields.ts): the spec's fields (§2.4). Every field of a
// response is optional. The create schemas: the one Vigil sends to any server, and the one its own service accepts.

import { z } from 'zod';
import { readId, readText, type ReadContext } from './fields.ts';
import { BODY_MUST_BE_OBJECT, choiceInput } from './input-fields.ts';
import { LOCAL_HANDLER_TYPES, type KnownOr, type LocalHandlerType } from './known.ts';
import { destinationMatchesType, handlerFieldInputs, whenTypeAndDestinationUsable } from './notification-handler-input.ts';
import type { JsonObject } from './json.ts';
import { asIs, createShape, exporterOf, field, type ReadItem, type FieldReader, type ResourceOf } from './resource-fields.ts';
import { maskUrlSecrets } from './secret-urls.ts';

export const notificationHandlerFields = {
  id: field(readId),
  name: field(readText, { input: handlerFieldInputs.name, required: true, exported: asIs }),
  /** Raw value; any type a remote server offers is kept. Classify with `handlerTypeOf`. */
  type: field(readText as FieldReader<KnownOr<LocalHandlerType>>, { input: handlerFieldInputs.type, required: true, exported: asIs }),
  /** A webhook's destination (a Slack, Discord or Teams one is its own credential) is exported with its secrets masked. */
  destination: field(readText, { input: handlerFieldInputs.destination, required: true, exported: maskUrlSecrets }),
};

export type NotificationHandler = ResourceOf<typeof notificationHandlerFields>;
export const readNotificationHandler = (object: JsonObject, context: ReadContext): ReadItem<typeof notificationHandlerFields> => ({
  id: notificationHandlerFields.id.read(object, 'id', context),
  name: notificationHandlerFields.name.read(object, 'name', context),
  type: notificationHandlerFields.type.read(object, 'type', context),
  destination: notificationHandlerFields.destination.read(object, 'destination', context),
});
/** A handler's entry in the configuration file. */
export const exportedHandler = exporterOf(notificationHandlerFields);

/** POST /notifications as Vigil sends it to any server: any well-formed type, since a remote server may offer more. */
export const notificationHandlerCreateInput = z
  .object(createShape(notificationHandlerFields), { error: BODY_MUST_BE_OBJECT })
  .superRefine(destinationMatchesType, whenTypeAndDestinationUsable);
export type NotificationHandlerCreateBody = z.output<typeof notificationHandlerCreateInput>;

/** POST /notifications as Vigil's own service accepts it: only the types it can deliver. */
export const localNotificationHandlerCreateInput = z
  .object({ ...createShape(notificationHandlerFields), type: choiceInput(LOCAL_HANDLER_TYPES) }, { error: BODY_MUST_BE_OBJECT })
  .superRefine(destinationMatchesType, whenTypeAndDestinationUsable);
export type LocalNotificationHandlerCreateBody = z.output<typeof localNotificationHandlerCreateInput>;
