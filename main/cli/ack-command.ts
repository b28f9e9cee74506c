// `vigil ack <name-or-id> [--clear] [--server NAME | --base-url URL]`: "I'm on it" for one item's problem, found as
// `history` finds it. The acknowledgement is saved in the settings (by server item key, like a snooze), where the
// app and `vigil watch` read it: no more alerts about the item while it stays a problem, its recovery still told, and
// the app ends it as the item recovers. `--clear` takes it back. Exit 0 when done (or nothing to take back); 1 when
// the item is not found, is named on several servers, or is not a problem; 2 for a usage mistake (a server named by
// --base-url alone, which has no place in the settings); 3 when a server cannot be read.
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { systemClock } from '../../common/clock.ts';
import { formatClockTime } from '../../common/format/clock-time.ts';
import { serverItemKey } from '../../common/ipc/item-key.ts';
import type { Logger } from '../../common/logger.ts';
import { isAcknowledgeable } from '../core/alerts/index.ts';
import { hostLocale } from '../core/app/host-locale.ts';
import { itemName } from '../core/health/index.ts';
import { withAcknowledgement, withoutAcknowledgements } from '../core/settings/acknowledgement-settings.ts';
import { CliEnvironment } from './cli-environment.ts';
import { splitArguments } from './command-args.ts';
import { locateItem } from './locate-item.ts';
import { serverChoiceFlags } from './server-choice.ts';

const spec = { ...serverChoiceFlags, clear: { type: 'boolean' } } as const;

export async function ackCommand(args: string[], logger: Logger): Promise<number> {
  const { words, options } = splitArguments('ack', args, spec, ['name-or-id']);
  const flags = parseFlags('ack', options, spec);
  const environment = new CliEnvironment(logger);
  const targets = environment.servers(flags);
  const now = systemClock.now();
  const { heartbeatGraceSeconds, domainThresholds } = environment.settings.read();
  const { server, item } = await locateItem(environment, targets, words[0] ?? '', { now, graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds });
  const { connection, name: serverName, baseUrl } = server.target;
  if (connection === undefined) {
    throw new CliError(`Vigil keeps acknowledgements with a saved server, and ${serverName} is not one: save it first with \`vigil login --base-url ${baseUrl}\`.`);
  }
  const key = serverItemKey(connection.id, item.key);
  // The server is named when more than one is watched, as the tray names it then.
  const named = targets.length > 1 ? `${itemName(item)} on ${serverName}` : itemName(item);
  const given = environment.settings.read().acknowledgements.find((acknowledgement) => acknowledgement.key === key);
  const clock = (at: number) => formatClockTime(at, now, { locale: hostLocale() });
  if (flags.clear) {
    if (given === undefined) {
      process.stdout.write(`${named} is not acknowledged: nothing to take back.\n`);
      return 0;
    }
    environment.settings.update((current) => withoutAcknowledgements(current, [{ key }]));
    process.stdout.write(`${named} is no longer acknowledged: its alerts are told again.\n`);
    return 0;
  }
  if (!isAcknowledgeable(item.health)) {
    throw new CliError(`${named} is ${item.state}, not a problem: only a problem can be acknowledged.`, 1);
  }
  if (given !== undefined) {
    process.stdout.write(`${named} was acknowledged already, at ${clock(given.at)}.\n`);
    return 0;
  }
  environment.settings.update((current) => withAcknowledgement(current, key, now));
  process.stdout.write(`Acknowledged ${named} (${item.state}): no more alerts about it until it recovers, which will be told.\n`);
  return 0;
}
