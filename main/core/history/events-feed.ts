// What happened since a moment, on every connection, newest first: Vigil's own events and the stretches it was not
// watching, from its record of each connection; and for the active connection, when its server keeps history, the
// server's events, which then stand for the items from the server's first event on (it saw everything).
import type { HistoryEventView } from '../../../common/ipc/history.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import { gapEventViews, newestFirst, recordedEventView, serverEventView } from './event-views.ts';
import type { RecordReads } from './record-reads.ts';
import { watchPeriodsOf } from './record-source.ts';
import { fetchServerEvents } from './server-events.ts';

/** The most events one answer holds. */
const maxFeedEvents = 2000;

export interface EventsFeedInput {
  since: number;
  now: number;
  /** Every saved connection, by id and name. */
  connections: readonly { id: string; name: string }[];
  record: RecordReads | undefined;
  /** The stretch under way on a connection, if Vigil is watching it now. */
  watching(connectionId: string): { start: number } | undefined;
  /** The active connection's id and, when its server keeps history, its client. */
  active: { id: string; server: MonitoringClient | undefined } | undefined;
  logger: Logger;
}

export async function buildEventsFeed(input: EventsFeedInput): Promise<HistoryEventView[]> {
  const { since, now, record, active } = input;
  const fromServer = active?.server === undefined ? [] : await serverEvents(active.server, active.id, since, input.logger);
  const serverFirst = fromServer.reduce((first, event) => Math.min(first, event.at), Infinity);
  const events = [...fromServer];
  if (record !== undefined) {
    for (const connection of input.connections) {
      const serverKeeps = connection.id === active?.id && active.server !== undefined;
      const own = record.events({ since, connectionId: connection.id, limit: maxFeedEvents }).map(recordedEventView);
      // Where the server saw everything, its events stand for the items'; Vigil's own news of the connection stays.
      events.push(...(serverKeeps ? own.filter((event) => event.itemKey === undefined || event.at < serverFirst) : own));
      if (!serverKeeps) {
        const periods = watchPeriodsOf({ reads: record, connectionId: connection.id, watching: input.watching(connection.id) }, since, now);
        events.push(...gapEventViews(periods, connection, since, now));
      }
    }
  }
  return events.sort(newestFirst).slice(0, maxFeedEvents);
}

async function serverEvents(client: MonitoringClient, connectionId: string, since: number, logger: Logger): Promise<HistoryEventView[]> {
  try {
    return (await fetchServerEvents(client, { since })).flatMap((event, index) => serverEventView(event, connectionId, index) ?? []);
  } catch (error) {
    // Vigil's own events still answer; the failure was logged by the client already when it was one of its own.
    if (!(error instanceof MonitoringClientError)) logger.error("The server's events could not be read.", { error: String(error) });
    return [];
  }
}
