// `vigil maintenance start (--for DURATION | --until-ended) [--item NAME-OR-ID] [--reason TEXT] [--json]`: a window
// from now on every chosen server (all of its items), or on the one server that has the item named.
import { MAINTENANCE_LIMITS, type MaintenanceCreateBody, type MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { CliError } from '../../../common/cli/cli-error.ts';
import { parseFlags, type Flags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import type { CliEnvironment } from '../cli-environment.ts';
import { parseMaintenanceDuration } from './maintenance-duration.ts';
import { locateMaintenanceItem } from './maintenance-item.ts';
import { maintenanceJson } from './maintenance-json.ts';
import { failedTo, onEachMaintenanceServer, reportProblems } from './maintenance-servers.ts';
import { startedLine } from './maintenance-text.ts';
import { serverChoiceFlags } from '../server-choice.ts';
import type { ServerAnswer, ServerConnection } from '../server-connection.ts';

const spec = {
  ...serverChoiceFlags,
  for: { type: 'string' },
  'until-ended': { type: 'boolean' },
  item: { type: 'string' },
  reason: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** How long, in ms; undefined: until someone ends it. */
function lengthOf(flags: Flags<typeof spec>): number | undefined {
  const untilEnded = flags['until-ended'] === true;
  if (flags.for !== undefined && untilEnded) throw new CliError('vigil maintenance start: pass --for DURATION or --until-ended, not both.');
  if (flags.for !== undefined) return parseMaintenanceDuration(flags.for);
  if (untilEnded) return undefined;
  throw new CliError('vigil maintenance start: say how long, with --for DURATION (like 1h) or --until-ended.');
}

function reasonOf(text: string | undefined): string | undefined {
  const reason = text?.trim();
  if (reason !== undefined && reason.length > MAINTENANCE_LIMITS.reasonLength) throw new CliError(`--reason must be at most ${MAINTENANCE_LIMITS.reasonLength} characters.`);
  return reason === '' ? undefined : reason;
}

export async function maintenanceStart(args: string[], environment: CliEnvironment): Promise<number> {
  const flags = parseFlags('maintenance start', args, spec);
  const lengthMs = lengthOf(flags);
  const reason = reasonOf(flags.reason);
  const targets = environment.servers(flags);
  const now = systemClock.now();
  // The server starts it at its own now; the end is reckoned here, so "--for 1h" ends an hour after the command ran.
  const endsAt = lengthMs === undefined ? null : new Date(now + lengthMs).toISOString();
  const start = async (server: ServerConnection, item?: string): Promise<MaintenanceWindow> => {
    const body: MaintenanceCreateBody = { ends_at: endsAt, ...(item === undefined ? {} : { item }), ...(reason === undefined ? {} : { reason }) };
    return (await server.client.createMaintenance(body).catch(failedTo('start maintenance', server.target))).item;
  };
  let answers: ServerAnswer<MaintenanceWindow>[];
  if (flags.item === undefined) {
    answers = await onEachMaintenanceServer(environment, targets, (server) => start(server));
  } else {
    const { server, item } = await locateMaintenanceItem(environment, targets, flags.item);
    answers = [{ target: server.target, ok: true, value: await start(server, item.key) }];
  }
  const started = answers.flatMap((answer) => (answer.ok ? [{ target: answer.target, window: answer.value }] : []));
  // Told as of the answers: a window the server began at its own now is not yet in force at the `now` above.
  const answeredAt = systemClock.now();
  if (flags.json) process.stdout.write(`${JSON.stringify(started.map(({ target, window }) => maintenanceJson(target, window, answeredAt)))}\n`);
  else if (started.length > 0) process.stdout.write(`${started.map((started) => startedLine(started, lengthMs, answeredAt)).join('\n')}\n`);
  return reportProblems(answers);
}
