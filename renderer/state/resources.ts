// The four lists the window edits, over every enabled server. Monitors, heartbeats and domains come with every
// status (the core polls each server); notification handlers are not part of the status and are listed, server by
// server, when their view opens.
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

const collections = [useMonitors, useHeartbeats, useDomains, useHandlers];

/** Feeds each server's lists into the collections; returns the unsubscribe function. */
export function followStatusLists(): () => void {
  let last: StatusView | undefined;
  const receive = (status: StatusView | undefined) => {
    if (status === undefined || status === last) return;
    last = status;
    for (const server of status.servers) {
      const at = server.listsFetchedFrom ?? server.lastSuccessfulPollAt;
      if (at === undefined) continue;
      const id = server.connection.id;
      if (useMonitors.getState().bases.get(id)?.at !== at) useMonitors.getState().setBase(id, server.monitors, at);
      if (useHeartbeats.getState().bases.get(id)?.at !== at) useHeartbeats.getState().setBase(id, server.heartbeats, at);
      if (useDomains.getState().bases.get(id)?.at !== at) useDomains.getState().setBase(id, server.domains, at);
    }
    // A server disabled or removed: its rows (and its changes still laid over them) go; the rest in the settings' order.
    const enabled = status.servers.map((server) => server.connection.id);
    for (const collection of collections) collection.getState().keepServers(enabled);
  };
  receive(useStatus.getState().status);
  return useStatus.subscribe(({ status }) => receive(status));
}

/** Each server's latest listing of handlers; an answer to anything but the latest one is dropped. */
const handlerListings = new Map<string, number>();

/** Why a server's handlers could not be listed, in its words. */
export interface HandlerListingFailure {
  connectionId: string;
  serverName: string;
  message: string;
}

/**
 * Lists the handlers of every enabled server, each on its own (a slow or failing server holds nobody up); answers
 * with the servers whose listing failed. A slow answer that arrives after another listing of its server began, or
 * once the server is no longer enabled, is dropped: its rows would come back from the dead.
 */
export async function loadHandlers(): Promise<HandlerListingFailure[]> {
  const servers = useStatus.getState().status?.servers ?? [];
  useHandlers.getState().keepServers(servers.map((server) => server.connection.id));
  const outcomes = await Promise.all(servers.map(async ({ connection }): Promise<HandlerListingFailure | undefined> => {
    const listing = (handlerListings.get(connection.id) ?? 0) + 1;
    handlerListings.set(connection.id, listing);
    const startedAt = Date.now();
    const current = () => handlerListings.get(connection.id) === listing && useStatus.getState().serverNames.has(connection.id);
    try {
      const handlers = await vigil().listNotificationHandlers(connection.id);
      if (current()) useHandlers.getState().setBase(connection.id, handlers, startedAt);
      return undefined;
    } catch (error) {
      return current() ? { connectionId: connection.id, serverName: connection.name, message: callFailureOf(error).message } : undefined;
    }
  }));
  // The answers came in any order; the rows follow the servers' order (those enabled now).
  useHandlers.getState().keepServers([...useStatus.getState().serverNames.keys()]);
  return outcomes.filter((outcome) => outcome !== undefined);
}
