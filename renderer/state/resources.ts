// The four lists the window edits. Monitors, heartbeats and domains come with every status (the core polls
// them); notification handlers are not part of the status and are listed when their view opens.
import type { Domain, Heartbeat, Monitor, NotificationHandler, StatusView } from '../../common/ipc/views.ts';
import { domainKey, heartbeatKey, monitorKey } from '../../common/ipc/item-key.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { createCollection } from './collection.ts';
import { useStatus } from './status-store.ts';

/** Handlers are not status items; their rows are keyed like them (the others use the status items' keys, so a
 * row finds its health and snooze). */
const handlerKey = (handler: NotificationHandler) => (handler.id === undefined ? `handler?name=${handler.name ?? ''}` : `handler:${handler.id}`);

export const useMonitors = createCollection<Monitor>({ keyOf: monitorKey, noun: 'monitor' });
export const useHeartbeats = createCollection<Heartbeat>({ keyOf: heartbeatKey, noun: 'heartbeat' });
export const useDomains = createCollection<Domain>({ keyOf: domainKey, noun: 'domain' });
export const useHandlers = createCollection<NotificationHandler>({ keyOf: handlerKey, noun: 'notification handler' });

/** Feeds each status's lists into the collections; returns the unsubscribe function. */
export function followStatusLists(): () => void {
  let last: StatusView | undefined;
  const receive = (status: StatusView | undefined) => {
    if (status === undefined || status === last) return;
    const switched = status.connection?.id !== last?.connection?.id;
    last = status;
    if (switched) {
      // Another server: its lists (none yet, until its first poll) replace the old ones outright.
      for (const collection of [useMonitors, useHeartbeats, useDomains, useHandlers]) collection.getState().reset();
    }
    const at = status.listsFetchedFrom ?? status.lastSuccessfulPollAt;
    if (at === undefined) return;
    if (useMonitors.getState().baseAt !== at) useMonitors.getState().setBase(status.monitors, at);
    if (useHeartbeats.getState().baseAt !== at) useHeartbeats.getState().setBase(status.heartbeats, at);
    if (useDomains.getState().baseAt !== at) useDomains.getState().setBase(status.domains, at);
  };
  receive(useStatus.getState().status);
  return useStatus.subscribe(({ status }) => receive(status));
}

/** Each listing of handlers; an answer to anything but the latest one is dropped. */
let handlerListing = 0;

export type HandlerListing = { outcome: 'listed' } | { outcome: 'failed'; message: string } | { outcome: 'superseded' };

/**
 * Lists the handlers of the active server. A slow answer that arrives after another listing began, or after
 * another server was chosen, is dropped: its ids belong to that other server.
 */
export async function loadHandlers(): Promise<HandlerListing> {
  const listing = ++handlerListing;
  const connectionId = useStatus.getState().status?.connection?.id;
  const startedAt = Date.now();
  const current = () => listing === handlerListing && useStatus.getState().status?.connection?.id === connectionId;
  try {
    const handlers = await vigil().listNotificationHandlers();
    if (!current()) return { outcome: 'superseded' };
    useHandlers.getState().setBase(handlers, startedAt);
    return { outcome: 'listed' };
  } catch (error) {
    return current() ? { outcome: 'failed', message: callFailureOf(error).message } : { outcome: 'superseded' };
  }
}
