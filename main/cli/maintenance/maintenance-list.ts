// `vigil maintenance list [--json]`: the windows in force or still to come on every chosen server, as each server
// lists them (oldest start first), server by server.
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import type { CliEnvironment } from '../cli-environment.ts';
import { maintenanceJson } from './maintenance-json.ts';
import { failedTo, onEachMaintenanceServer, reportProblems } from './maintenance-servers.ts';
import { maintenanceTable } from './maintenance-text.ts';
import { serverChoiceFlags } from '../server-choice.ts';

const spec = { ...serverChoiceFlags, json: { type: 'boolean' } } as const;

export async function maintenanceList(args: string[], environment: CliEnvironment): Promise<number> {
  const flags = parseFlags('maintenance list', args, spec);
  const targets = environment.servers(flags);
  const now = systemClock.now();
  const answers = await onEachMaintenanceServer(environment, targets, async ({ client, target }) => (await client.listMaintenance({ ended: false }).catch(failedTo('list maintenance', target))).items);
  const windows = answers.flatMap((answer) => (answer.ok ? answer.value.map((window) => ({ target: answer.target, window })) : []));
  const listed = answers.flatMap((answer) => (answer.ok ? [answer.target.name] : []));
  if (flags.json) process.stdout.write(`${JSON.stringify(windows.map(({ target, window }) => maintenanceJson(target, window, now)))}\n`);
  else if (windows.length > 0) process.stdout.write(`${maintenanceTable(windows, now)}\n`);
  else if (listed.length > 0) process.stdout.write(`No maintenance on ${listed.join(', ')}.\n`);
  return reportProblems(answers);
}
