// The contract's calls about many items at once: what happened on every connection, and the monitors list's bars
// for every enabled server. Each server is asked at the same time, so a slow one holds up only its own part.
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { ListHistoryView } from '../../../common/ipc/history.ts';
import type { MonitoringClient } from '../api/index.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { buildEventsFeed } from '../history/events-feed.ts';
import { buildListHistory, emptyListHistory } from '../history/list-history.ts';
import { historyServer, recordSource } from './history-context.ts';

export function eventsCalls(runtime: CoreRuntime) {
  return {
    async listEvents(since) {
      const sessions = runtime.sessions();
      const withHistory = await Promise.all(sessions.map(async (session) => [session.connection.id, await historyServer(session)] as const));
      const servers = new Map(withHistory.filter((entry): entry is readonly [string, MonitoringClient] => entry[1] !== undefined));
      return buildEventsFeed({
        since,
        now: runtime.clock.now(),
        connections: runtime.settings.read().connections,
        record: runtime.record(),
        watching: (connectionId) => sessions.find((session) => session.connection.id === connectionId)?.recorder?.watching,
        servers,
        logger: runtime.logger,
      });
    },

    async getListHistory() {
      const now = runtime.clock.now();
      const parts = await Promise.all(
        runtime.sessions().map(async (session) =>
          buildListHistory({
            connectionId: session.connection.id,
            now,
            monitors: session.lastSnapshot?.monitors ?? [],
            server: await historyServer(session),
            record: recordSource(runtime, session),
          }),
        ),
      );
      const combined: ListHistoryView = emptyListHistory(now);
      for (const part of parts) Object.assign(combined.items, part.items);
      return combined;
    },
  } satisfies Partial<CoreCalls>;
}
