// `vigil maintenance end [--item NAME-OR-ID] [--json]`: ends the windows in force now, the item's own ones (not a
// window over its whole server) or, without --item, every one on the chosen servers. Upcoming windows are left
// alone, and so is a weekly one in force (ending it would cancel every later week). Nothing to end is no error.
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import { itemName } from '../../core/health/index.ts';
import type { CliEnvironment } from '../cli-environment.ts';
import { locateMaintenanceItem } from './maintenance-item.ts';
import { maintenanceJson } from './maintenance-json.ts';
import { failedTo, onEachMaintenanceServer, reportProblems } from './maintenance-servers.ts';
import { isActiveAt } from './maintenance-state.ts';
import { endedLine, keptWeeklyLine, nothingToEndLine } from './maintenance-text.ts';
import { serverChoiceFlags } from '../server-choice.ts';
import type { ServerAnswer, ServerConnection } from '../server-connection.ts';

const spec = { ...serverChoiceFlags, item: { type: 'string' }, json: { type: 'boolean' } } as const;

interface EndOutcome {
  ended: MaintenanceWindow[];
  keptWeekly: MaintenanceWindow[];
}

async function endActive(server: ServerConnection, itemKey: string | undefined, now: number): Promise<EndOutcome> {
  const { client, target } = server;
  const { items } = await client.listMaintenance({ ended: false }).catch(failedTo('list maintenance', target));
  const active = items.filter((window): window is MaintenanceWindow & { id: string } => window.id !== undefined && (itemKey === undefined || window.item === itemKey) && isActiveAt(window, now));
  const ended: MaintenanceWindow[] = [];
  // One at a time: the first refusal stops the rest, as `vigil import` stops at its first.
  for (const window of active.filter((window) => window.repeat === undefined)) {
    ended.push((await client.endMaintenance(window.id).catch(failedTo('end maintenance', target))).item);
  }
  return { ended, keptWeekly: active.filter((window) => window.repeat !== undefined) };
}

function outcomeLines(answer: ServerAnswer<EndOutcome>, itemLabel: string | undefined, now: number): string[] {
  if (!answer.ok) return [];
  const { target, value } = answer;
  const lines = [...value.ended.map((window) => endedLine({ target, window }, now)), ...value.keptWeekly.map((window) => keptWeeklyLine({ target, window }))];
  return lines.length > 0 ? lines : [nothingToEndLine(target, itemLabel)];
}

export async function maintenanceEnd(args: string[], environment: CliEnvironment): Promise<number> {
  const flags = parseFlags('maintenance end', args, spec);
  const targets = environment.servers(flags);
  const now = systemClock.now();
  let answers: ServerAnswer<EndOutcome>[];
  let itemLabel: string | undefined;
  if (flags.item === undefined) {
    answers = await onEachMaintenanceServer(environment, targets, (server) => endActive(server, undefined, now));
  } else {
    const { server, item } = await locateMaintenanceItem(environment, targets, flags.item);
    itemLabel = itemName(item);
    answers = [{ target: server.target, ok: true, value: await endActive(server, item.key, now) }];
  }
  if (flags.json) {
    const ended = answers.flatMap((answer) => (answer.ok ? answer.value.ended.map((window) => maintenanceJson(answer.target, window, now)) : []));
    process.stdout.write(`${JSON.stringify(ended)}\n`);
  } else {
    const lines = answers.flatMap((answer) => outcomeLines(answer, itemLabel, now));
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
  return reportProblems(answers);
}
