// A server a client command talks to: its client, with the token the command may use for it, and what one server's
// failure looks like (one line, exit 3 as `vigil status`: cannot tell). Many are opened at once, each on its own, so
// one server's missing token or outage never stops another's answer.
import { CliError } from '../../common/cli/cli-error.ts';
import { silentLogger } from '../../common/logger.ts';
import { MonitoringClient, MonitoringClientError } from '../core/api/index.ts';
import type { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { type Target } from './server-choice.ts';

export interface ServerConnection {
  target: Target;
  client: MonitoringClient;
  /** What the client sends (a watch reads its expiry). */
  token: string;
}

/** What one server gave a command that asked several: its answer, or why there is none (one line). */
export type ServerAnswer<T> = { target: Target; ok: true; value: T } | { target: Target; ok: false; problem: CliError };

export async function connectTo(environment: CliEnvironment, target: Target, timeoutMs = 15_000): Promise<ServerConnection> {
  const token = await environment.token(target);
  // Failures are reported once by the command; the client's own warnings would repeat them.
  return { target, token, client: new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, timeoutMs, logger: silentLogger }) };
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
