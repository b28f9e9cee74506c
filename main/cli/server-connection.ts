// A server a client command talks to: its client, with the token the command may use for it, and what one server's
// failure looks like (one line, exit 3 as `vigil status`: cannot tell). Many are opened at once, each on its own, so
// one server's missing token or outage never stops another's answer.
import { CliError } from '../../common/cli/cli-error.ts';
import { silentLogger } from '../../common/logger.ts';
import { systemClock } from '../../common/clock.ts';
import { isReadOnlySource, SOURCE_KIND_NAMES } from '../../common/ipc/connection-kinds.ts';
import { MonitoringClient, MonitoringClientError } from '../core/api/index.ts';
import { SourcePoll } from '../core/sources/source-poll.ts';
import { quietFetch } from '../core/api/quiet-fetch.ts';
import { possessive } from '../core/api/naming.ts';
import type { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { type Target } from './server-choice.ts';

export interface ServerConnection {
  target: Target;
  /** The monitoring API's client (a source's is sent no key: see `refuseReadOnly`). */
  client: MonitoringClient;
  /** What the client sends (a watch reads its expiry); a source's API key ('' for none). */
  token: string;
  /** How a read-only source is polled; undefined for a Vigil server. */
  source: SourcePoll | undefined;
}

/** What one server gave a command that asked several: its answer, or why there is none (one line). */
export type ServerAnswer<T> = { target: Target; ok: true; value: T } | { target: Target; ok: false; problem: CliError };

export async function connectTo(environment: CliEnvironment, target: Target, timeoutMs = 15_000): Promise<ServerConnection> {
  return openServer(target, await environment.token(target), timeoutMs);
}

/** A server or source reached with `token` (a source's API key, '' for none). */
export function openServer(target: Target, token: string, timeoutMs = 15_000): ServerConnection {
  const { sourceKind } = target;
  if (isReadOnlySource(sourceKind)) {
    const source = new SourcePoll({ sourceKind, baseUrl: target.baseUrl, page: target.page }, { fetch: quietFetch, clock: systemClock, timeoutMs });
    // The API client of a source is never given its key: only its own API is (`source`).
    return { target, token, source, client: new MonitoringClient({ baseUrl: target.baseUrl, token: () => undefined, timeoutMs, logger: silentLogger }) };
  }
  // Failures are reported once by the command; the client's own warnings would repeat them.
  return { target, token, source: undefined, client: new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, timeoutMs, logger: silentLogger }) };
}

/** A command that creates, changes or copies a server's resources works on a Vigil server only. */
export function refuseReadOnly(target: Target, command: string): void {
  if (!isReadOnlySource(target.sourceKind)) return;
  throw new CliError(`${target.name} is read through ${possessive(SOURCE_KIND_NAMES[target.sourceKind])} own API, which Vigil only reads: vigil ${command} works on a Vigil server.`);
}

/** Asks every server at once; each answers or fails on its own. */
export function askEach<T>(targets: readonly Target[], ask: (target: Target) => Promise<T>): Promise<ServerAnswer<T>[]> {
  return Promise.all(
    targets.map(async (target): Promise<ServerAnswer<T>> => {
      try {
        return { target, ok: true, value: await ask(target) };
      } catch (error) {
        if (error instanceof CliError) return { target, ok: false, problem: error };
        throw error;
      }
    }),
  );
}

/** Whether the server keeps history (`GET /capabilities` lists it). */
export async function hasHistory(server: ServerConnection): Promise<boolean> {
  // A source keeps no history Vigil reads through the monitoring API; Vigil's own record of it is what there is.
  if (server.source !== undefined) return false;
  try {
    return (await server.client.getCapabilities()).extensions.includes('history');
  } catch (error) {
    throw unreachable(server.target, error);
  }
}

/** A failed request as the command's one line. */
export function unreachable(target: Target, error: unknown): unknown {
  if (!(error instanceof MonitoringClientError)) return error;
  return new CliError(`Cannot read ${target.name}: ${error.info.message}`, cannotTell);
}
