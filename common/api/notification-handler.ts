// The notification handler as a response carries it (spec §2.4): every field optional.

import { readId, readText, type ItemReader } from './fields.ts';
import type { KnownOr, LocalHandlerType } from './known.ts';

export type NotificationHandler = {
  id?: string | undefined;
  name?: string | undefined;
  /** Raw value; any type a remote server offers is kept. Classify with `handlerTypeOf`. */
  type?: KnownOr<LocalHandlerType> | undefined;
  destination?: string | undefined;
};

export const readNotificationHandler: ItemReader<NotificationHandler> = (object, context) => ({
  id: readId(object, 'id', context),
  name: readText(object, 'name', context),
  type: readText(object, 'type', context),
  destination: readText(object, 'destination', context),
});
