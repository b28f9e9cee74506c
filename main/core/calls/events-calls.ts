// The contract's calls about many items at once: what happened on every connection, and the monitors list's bars.
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { buildEventsFeed } from '../history/events-feed.ts';
import { buildListHistory } from '../history/list-history.ts';
import { historyServer, recordSource } from './history-context.ts';

export function eventsCalls(runtime: CoreRuntime) {
  return {
    async listEvents(since) {
      const session = runtime.currentSession();
      return buildEventsFeed({
        since,
        now: runtime.clock.now(),
        connections: runtime.settings.read().connections,
        record: runtime.record(),
        watching: (connectionId) => (session?.connection.id === connectionId ? session.recorder?.watching : undefined),
        active: session === undefined ? undefined : { id: session.connection.id, server: await historyServer(session) },
        logger: runtime.logger,
      });
    },

    async getListHistory() {
      const session = runtime.session();
      return buildListHistory({
        now: runtime.clock.now(),
        monitors: session.lastSnapshot?.monitors ?? [],
        server: await historyServer(session),
        record: recordSource(runtime, session),
      });
    },
  } satisfies Partial<CoreCalls>;
}
