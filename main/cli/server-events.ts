// One server's part of `vigil events`: the server's events where it keeps history, and the app's own record of that
// connection on this computer. A server that cannot be read still gives what the record holds.
import { CliError } from '../../common/cli/cli-error.ts';
import type { HistoryEventView } from '../../common/ipc/history.ts';
import type { Logger } from '../../common/logger.ts';
import { buildEventsFeed } from '../core/history/events-feed.ts';
import type { CliEnvironment } from './cli-environment.ts';
import type { CliRecord } from './cli-record.ts';
import type { Target } from './server-choice.ts';
import { connectTo, hasHistory } from './server-connection.ts';
import { noHistory } from './no-history.ts';

export interface ServerEvents {
  target: Target;
  events: HistoryEventView[];
  /** Whether anything keeps this server's history: the server itself, or the app's record of it. */
  kept: boolean;
  /** Why some or all of it is missing: the server could not be read, or nothing keeps its history. */
  problem: CliError | undefined;
}

export interface EventsQuery {
  since: number;
  now: number;
  environment: CliEnvironment;
  record: CliRecord;
  logger: Logger;
}

export async function serverEvents(target: Target, query: EventsQuery): Promise<ServerEvents> {
  let server;
  let problem: CliError | undefined;
  try {
    const connection = await connectTo(query.environment, target);
    if (await hasHistory(connection)) server = connection.client;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    problem = error;
  }
  const record = query.record.of(target);
  if (server === undefined && record === undefined) return { target, events: [], kept: false, problem: problem ?? noHistory(target.name) };
  const id = target.connection?.id ?? target.baseUrl;
  const events = await buildEventsFeed({
    since: query.since,
    now: query.now,
    connections: [{ id, name: target.name }],
    record: record?.reads,
    watching: () => undefined,
    servers: new Map(server === undefined ? [] : [[id, server]]),
    logger: query.logger,
  });
  return { target, events, kept: true, problem };
}
