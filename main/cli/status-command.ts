// `vigil status [--server NAME | --base-url URL] [--json] [--timeout SECONDS]`: polls every enabled server at once
// (or the one named) and prints each monitor, heartbeat and domain with its state, worst first, grouped by server
// when there is more than one. Exit 0 fine, 1 warning, 2 critical, 3 cannot tell: the worst over the servers.
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { systemClock } from '../../common/clock.ts';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { Logger } from '../../common/logger.ts';
import { hostLocale } from '../core/app/host-locale.ts';
import { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { serverChoiceFlags } from './server-choice.ts';
import { pollServer } from './server-poll.ts';
import { exitCodeOf, formatServersReport, serverStatuses, serversJson, worstLevel } from './servers-report.ts';
import { formatStatusReport } from './status-report.ts';

export function parseTimeout(text: string | undefined): number {
  if (text === undefined) return 15_000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds < 1 || seconds > 300) throw new CliError(`--timeout must be a number of seconds from 1 to 300, not "${text}"`);
  return seconds * 1000;
}

export async function statusCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('status', args, { ...serverChoiceFlags, json: { type: 'boolean' }, timeout: { type: 'string' } });
  const timeoutMs = parseTimeout(flags.timeout);
  const environment = new CliEnvironment(logger);
  const targets = environment.servers(flags);
  const polls = await Promise.all(targets.map((target) => pollServer(environment, target, timeoutMs)));
  const [only] = polls;
  // One server that cannot be polled: one line on stderr, as ever.
  if (polls.length === 1 && only !== undefined && !only.ok) throw new CliError(only.failure.message, cannotTell);
  const { heartbeatGraceSeconds, domainThresholds, acknowledgements } = environment.settings.read();
  const now = systemClock.now();
  const statuses = serverStatuses(polls, { now, graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds }, acknowledgements);
  const clock = (at: number) => formatClockTime(at, now, { locale: hostLocale() });
  const [single] = statuses;
  if (flags.json) process.stdout.write(`${JSON.stringify(serversJson(statuses))}\n`);
  else if (statuses.length === 1 && single !== undefined && 'report' in single) process.stdout.write(`${formatStatusReport(single.report, single.name, clock)}\n`);
  else process.stdout.write(`${formatServersReport(statuses, clock)}\n`);
  return exitCodeOf(worstLevel(statuses));
}
