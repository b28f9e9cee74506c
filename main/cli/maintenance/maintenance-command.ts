// `vigil maintenance start | end | list`: maintenance windows on the servers that keep them (the service's
// `maintenance` extension, docs/api-decisions.md §15), for scripts around a deploy. The servers are chosen as
// `vigil status` chooses them. Exit 0 when every chosen server did it; 1 when --item names no item or several; 2 for
// a usage mistake; 3 when a server could not be reached, refused, or keeps no maintenance windows (a spec-only
// server: the client applies maintenance to its own notifications there, which only the running app can).
import { CliError } from '../../../common/cli/cli-error.ts';
import type { Logger } from '../../../common/logger.ts';
import { CliEnvironment } from '../cli-environment.ts';
import { maintenanceEnd } from './maintenance-end.ts';
import { maintenanceList } from './maintenance-list.ts';
import { maintenanceStart } from './maintenance-start.ts';

const actions: Record<string, (args: string[], environment: CliEnvironment) => Promise<number>> = {
  start: maintenanceStart,
  end: maintenanceEnd,
  list: maintenanceList,
};

export async function maintenanceCommand(args: string[], logger: Logger): Promise<number> {
  const [action = '', ...rest] = args;
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (run === undefined) {
    // `vigil maintenance --server Work` names no action at all, rather than an action called "--server".
    const said = action === '' || action.startsWith('-') ? 'say' : `"${action}" is not an action; say`;
    throw new CliError(`vigil maintenance: ${said} start, end or list (e.g. \`vigil maintenance start --for 1h\`).`);
  }
  return run(rest, new CliEnvironment(logger));
}
