// The contract's calls about many items at once: what happened on every connection, and the monitors list's bars
// for every enabled server. Each server is asked at the same time and waited for only so long (server-deadline.ts),
// so a slow one holds up nobody: its part then comes from Vigil's record alone.
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { HistoryEventView, ListHistoryView } from '../../../common/ipc/history.ts';
import { domainKey, heartbeatKey, monitorKey } from '../../../common/ipc/item-key.ts';
import type { ConnectionSession } from '../app/connection-session.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { buildEventsFeed, mergeFeeds } from '../history/events-feed.ts';
import { buildListHistory, emptyListHistory } from '../history/list-history.ts';
import type { ItemKeyOfId } from '../history/event-views.ts';
import type { Connection } from '../settings/settings-schema.ts';
import { historyServer, recordSource } from './history-context.ts';
import { withinDeadline } from './server-deadline.ts';

/**
 * The session's items (as of its latest poll) by id, for its server's maintenance events, which name no kind. An id
 * two kinds share says no item: such an event links nowhere rather than to the wrong one.
 */
function itemKeysById(session: ConnectionSession | undefined): ItemKeyOfId {
  const snapshot = session?.lastSnapshot;
  if (snapshot === undefined) return () => undefined;
  const keys = new Map<string, string | undefined>();
  const add = (id: string | undefined, key: string) => {
    if (id !== undefined) keys.set(id, keys.has(id) && keys.get(id) !== key ? undefined : key);
  };
  for (const monitor of snapshot.monitors) add(monitor.id, monitorKey(monitor));
  for (const heartbeat of snapshot.heartbeats) add(heartbeat.id, heartbeatKey(heartbeat));
  for (const domain of snapshot.domains) add(domain.id, domainKey(domain));
  return (id) => keys.get(id);
}

export function eventsCalls(runtime: CoreRuntime) {
  /** A server's part: with its own history when it answers in time, else from the record alone. */
  const inTime = <T>(withServer: () => Promise<T>, recordOnly: () => Promise<T>) => withinDeadline(runtime.clock, withServer(), recordOnly);

  return {
    async listEvents(since) {
      const sessions = new Map(runtime.sessions().map((session) => [session.connection.id, session]));
      const feedOf = (connection: Connection, session: ConnectionSession | undefined, withServer: boolean): Promise<HistoryEventView[]> =>
        (withServer && session !== undefined ? historyServer(session) : Promise.resolve(undefined)).then((server) =>
          buildEventsFeed({
            since,
            now: runtime.clock.now(),
            connections: [connection],
            record: runtime.record(),
            watching: () => session?.recorder?.watching,
            servers: new Map(server === undefined ? [] : [[connection.id, server]]),
            itemKeyOfId: () => itemKeysById(session),
            logger: runtime.logger,
          }),
        );
      const feeds = await Promise.all(
        runtime.settings.read().connections.map((connection) => {
          const session = sessions.get(connection.id);
          // A turned-off server's history is still its own and stays in the feed, from Vigil's record; but its item
          // pages cannot open until it is turned back on, so its events lead nowhere (no item key, no link).
          if (!connection.enabled) return feedOf(connection, undefined, false).then((events) => events.map((event) => ({ ...event, itemKey: undefined })));
          return session === undefined ? feedOf(connection, undefined, false) : inTime(() => feedOf(connection, session, true), () => feedOf(connection, session, false));
        }),
      );
      return mergeFeeds(feeds);
    },

    async getListHistory() {
      const now = runtime.clock.now();
      const partOf = async (session: ConnectionSession, withServer: boolean) =>
        buildListHistory({
          connectionId: session.connection.id,
          now,
          monitors: session.lastSnapshot?.monitors ?? [],
          server: withServer ? await historyServer(session) : undefined,
          record: recordSource(runtime, session),
        });
      const parts = await Promise.all(runtime.sessions().map((session) => inTime(() => partOf(session, true), () => partOf(session, false))));
      const combined: ListHistoryView = emptyListHistory(now);
      for (const part of parts) Object.assign(combined.items, part.items);
      return combined;
    },
  } satisfies Partial<CoreCalls>;
}
