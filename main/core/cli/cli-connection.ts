// The server a history, events, export or import command talks to, chosen as `vigil status` chooses it (`--base-url`
// with VIGIL_TOKEN, or the saved connection), and Vigil's own record of it on this computer, read-only.
import { CliError } from '../../../common/cli/cli-error.ts';
import { silentLogger, type Logger } from '../../../common/logger.ts';
import { systemClock } from '../../../common/clock.ts';
import { MonitoringClient, MonitoringClientError } from '../api/index.ts';
import { HistoryDatabase } from '../history/history-database.ts';
import { RecordReads } from '../history/record-reads.ts';
import type { RecordSource } from '../history/record-source.ts';
import { defaultSettingsDir } from '../settings/settings-dir.ts';
import { CliEnvironment, cannotTell, type Target } from './cli-environment.ts';

export interface CliConnection {
  environment: CliEnvironment;
  target: Target;
  client: MonitoringClient;
  /** The connection's record when the app has one for it (only for a saved connection). */
  record(): RecordSource | undefined;
  /** Whether the server keeps history (`GET /capabilities` lists it). */
  hasHistory(): Promise<boolean>;
  close(): void;
}

export async function cliConnection(baseUrlFlag: string | undefined, logger: Logger, timeoutMs = 15_000): Promise<CliConnection> {
  const environment = new CliEnvironment(logger);
  const target = environment.target(baseUrlFlag);
  const token = await environment.token(target, baseUrlFlag !== undefined);
  // Failures are reported once by the command; the client's own warnings would repeat them.
  const client = new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, timeoutMs, logger: silentLogger });
  let database: HistoryDatabase | undefined;
  return {
    environment,
    target,
    client,
    record() {
      const connection = target.connection;
      if (connection === undefined) return undefined;
      database ??= HistoryDatabase.openForReading(defaultSettingsDir(), logger, systemClock);
      if (database === undefined) return undefined;
      const reads = new RecordReads(database);
      return reads.hasWatched(connection.id) ? { reads, connectionId: connection.id, watching: undefined } : undefined;
    },
    async hasHistory() {
      try {
        return (await client.getCapabilities()).extensions.includes('history');
      } catch (error) {
        throw unreachable(target, error);
      }
    },
    close: () => database?.close(),
  };
}

/** A failed request as the command's one line (exit 3, as `vigil status`: cannot tell). */
export function unreachable(target: Target, error: unknown): unknown {
  if (!(error instanceof MonitoringClientError)) return error;
  return new CliError(`Cannot read ${target.name}: ${error.info.message}`, cannotTell);
}
