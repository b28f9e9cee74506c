// What happened since a moment, on every connection, newest first: Vigil's own events and the stretches it was not
// watching, from its record of each connection; and for each enabled connection whose server keeps history, the
// server's events, which then stand for the items from the server's first event on (it saw everything).
import type { HistoryEventView } from '../../../common/ipc/history.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import { gapEventViews, newestFirst, recordedEventView, serverEventView, type EventServer, type ItemKeyOfId } from './event-views.ts';
import type { RecordReads } from './record-reads.ts';
import { watchPeriodsOf } from './record-source.ts';
import { fetchServerEvents } from './server-events.ts';

/** The most events one answer holds. */
const maxFeedEvents = 2000;

/** Feeds built apart (one per server) as one, newest first, as `buildEventsFeed` gives it. */
export function mergeFeeds(feeds: readonly (readonly HistoryEventView[])[]): HistoryEventView[] {
  return feeds.flat().sort(newestFirst).slice(0, maxFeedEvents);
}

export interface EventsFeedInput {
  since: number;
  now: number;
  /** Every saved connection, by id and name. */
  connections: readonly EventServer[];
  record: RecordReads | undefined;
  /** The stretch under way on a connection, if Vigil is watching it now. */
  watching(connectionId: string): { start: number } | undefined;
  /** By connection id, the client of each watched connection whose server keeps history. */
  servers: ReadonlyMap<string, MonitoringClient>;
  /** A connection's item key of an item id, for its server's maintenance events (which name no kind); absent: such
   * events link to no item. */
  itemKeyOfId?: (connectionId: string) => ItemKeyOfId;
  logger: Logger;
}

export async function buildEventsFeed(input: EventsFeedInput): Promise<HistoryEventView[]> {
  const { since, now, record } = input;
  // Each server is asked at the same time: a slow one holds up only its own part of the wait.
  const fromServers = await Promise.all(
    input.connections.map(async (connection) => {
      const client = input.servers.get(connection.id);
      return client === undefined ? undefined : serverEvents(client, connection, since, input.logger, input.itemKeyOfId?.(connection.id));
    }),
  );
  const events: HistoryEventView[] = [];
  for (const [index, connection] of input.connections.entries()) {
    const fromServer = fromServers[index];
    if (fromServer !== undefined) events.push(...fromServer);
    if (record === undefined) continue;
    const serverFirst = (fromServer ?? []).reduce((first, event) => Math.min(first, event.at), Infinity);
    const own = record.events({ since, connectionId: connection.id, limit: maxFeedEvents }).map((event) => recordedEventView(event, connection.name));
    // Where the server saw everything, its events stand for the items'; Vigil's own news of the connection stays.
    events.push(...(fromServer !== undefined ? own.filter((event) => event.itemKey === undefined || event.at < serverFirst) : own));
    if (fromServer === undefined) {
      const periods = watchPeriodsOf({ reads: record, connectionId: connection.id, watching: input.watching(connection.id) }, since, now);
      events.push(...gapEventViews(periods, connection, since, now));
    }
  }
  return mergeFeeds([events]);
}

async function serverEvents(client: MonitoringClient, server: EventServer, since: number, logger: Logger, keyOfId: ItemKeyOfId | undefined): Promise<HistoryEventView[]> {
  try {
    return (await fetchServerEvents(client, { since })).flatMap((event, index) => serverEventView(event, server, index, keyOfId) ?? []);
  } catch (error) {
    // Vigil's own events still answer; the failure was logged by the client already when it was one of its own.
    if (!(error instanceof MonitoringClientError)) logger.error("The server's events could not be read.", { error: String(error) });
    return [];
  }
}
