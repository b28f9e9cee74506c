// The servers a `vigil maintenance` command works on, each on its own: connected, asked whether it keeps
// maintenance windows (`GET /capabilities` lists the extension), then given the work. One server's outage, refusal
// or missing extension is its own line on stderr while the others go on; any of them makes the exit 3 (cannot
// tell that it was done there), as `vigil status` does for a server it cannot read.
import { MAINTENANCE_EXTENSION } from '../../../common/maintenance/maintenance.ts';
import { CliError } from '../../../common/cli/cli-error.ts';
import { MonitoringClientError } from '../../core/api/index.ts';
import type { CliEnvironment } from '../cli-environment.ts';
import { cannotTell } from '../exit-codes.ts';
import type { Target } from '../server-choice.ts';
import { askEach, connectTo, unreachable, type ServerAnswer, type ServerConnection } from '../server-connection.ts';

/** Runs `work` on every target that keeps maintenance windows, all at once. */
export function onEachMaintenanceServer<T>(environment: CliEnvironment, targets: readonly Target[], work: (server: ServerConnection) => Promise<T>): Promise<ServerAnswer<T>[]> {
  return askEach(targets, async (target) => {
    const server = await connectTo(environment, target).catch((error: unknown) => {
      if (error instanceof CliError) throw error;
      // The keychain failing for one server (locked, its daemon gone) is that server's trouble, not every server's.
      throw new CliError(`Cannot read the token of ${target.name}: ${error instanceof Error ? error.message : String(error)}`, cannotTell);
    });
    await requireMaintenance(server);
    return work(server);
  });
}

/** Throws the one-line explanation when the server does not offer the extension (a spec-only server). */
export async function requireMaintenance(server: ServerConnection): Promise<void> {
  const { target, client } = server;
  if (server.source !== undefined) {
    throw new CliError(`${target.name} is a source Vigil only reads, so it keeps no maintenance windows of Vigil's; start maintenance from Vigil's window, which applies it to its own notifications.`, cannotTell);
  }
  const capabilities = await client.getCapabilities().catch((error: unknown) => {
    throw unreachable(target, error);
  });
  if (capabilities.extensions.includes(MAINTENANCE_EXTENSION)) return;
  throw new CliError(
    `${target.name} keeps no maintenance windows (it does not offer the maintenance extension); start maintenance from Vigil's window, which applies it to its own notifications.`,
    cannotTell,
  );
}

/** For `.catch`: a failed request as the command's one line ("Could not end maintenance on Work: …"). */
export function failedTo(action: string, target: Target): (error: unknown) => never {
  return (error) => {
    if (error instanceof MonitoringClientError) throw new CliError(`Could not ${action} on ${target.name}: ${error.info.message}`, cannotTell);
    throw error;
  };
}

/** Says each server's problem on stderr; the exit code: 0 when every server answered, else the worst problem's. */
export function reportProblems(answers: readonly ServerAnswer<unknown>[]): number {
  let exitCode = 0;
  for (const answer of answers) {
    if (answer.ok) continue;
    process.stderr.write(`${answer.problem.message}\n`);
    exitCode = Math.max(exitCode, answer.problem.exitCode);
  }
  return exitCode;
}
