// One poll of one server for `vigil status`: its snapshot, or why it cannot tell (the situation and one line). The
// deadline covers the whole poll (every page), so a stalled server answers "cannot tell"
// within it and never holds up the others.
import { CliError } from '../../common/cli/cli-error.ts';
import { systemClock } from '../../common/clock.ts';
import type { ConnectionSituation } from '../../common/ipc/views.ts';
import { MonitoringClientError } from '../core/api/index.ts';
import { failureClass } from '../core/health/index.ts';
import type { Snapshot } from '../core/model/snapshot.ts';
import { keptFieldsOn, withKeptFields } from '../core/app/kept-fields.ts';
import { fetchSnapshot } from '../core/poller/fetch-snapshot.ts';
import type { CliEnvironment } from './cli-environment.ts';
import type { Target } from './server-choice.ts';
import { connectTo, type ServerConnection } from './server-connection.ts';

export interface PollFailure {
  situation: Exclude<ConnectionSituation, 'ok' | 'waiting'>;
  /** "Cannot tell the status of Work: …", or what keeps the command from asking ("No token for Work: …"). */
  message: string;
}

export type ServerPoll = { target: Target; ok: true; snapshot: Snapshot } | { target: Target; ok: false; failure: PollFailure };

const situationOf = { offline: 'unreachable', transient: 'unreachable', 'signed-out': 'signed-out', setup: 'setup' } as const;

export async function pollServer(environment: CliEnvironment, target: Target, timeoutMs: number): Promise<ServerPoll> {
  let server;
  try {
    server = await connectTo(environment, target, timeoutMs);
  } catch (error) {
    if (error instanceof CliError) return { target, ok: false, failure: { situation: 'signed-out', message: error.message } };
    // The keychain failing for one server (locked, its daemon gone) is that server's trouble, not every server's.
    return { target, ok: false, failure: { situation: 'setup', message: `Cannot read the token of ${target.name}: ${error instanceof Error ? error.message : String(error)}` } };
  }
  try {
    return { target, ok: true, snapshot: await snapshotOf(environment, server, AbortSignal.timeout(timeoutMs)) };
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    const info = error.info.kind === 'cancelled' ? `no complete answer within ${timeoutMs / 1000} s` : error.info.message;
    return { target, ok: false, failure: { situation: situationOf[failureClass(error.info.kind)], message: `Cannot tell the status of ${target.name}: ${info}` } };
  }
}

/** One poll of a server, its items with what Vigil keeps for them (a saved connection's), as the app shows them. */
export async function snapshotOf(environment: CliEnvironment, server: ServerConnection, signal?: AbortSignal): Promise<Snapshot> {
  if (server.source !== undefined) return server.source.snapshot(server.token, signal);
  const snapshot = await fetchSnapshot(server.client, systemClock, signal);
  const { connection } = server.target;
  return withKeptFields(snapshot, connection === undefined ? undefined : keptFieldsOn(environment.settings.read(), connection.id));
}
