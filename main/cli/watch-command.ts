// `vigil watch [--server NAME | --base-url URL] [--json] [--interval SECONDS]`: watches every enabled server at once
// (or the one named), each on its own, and prints one line per alert event (`--json`: JSON lines), as the tray app
// would notify; with more than one server each line names its server. Ctrl-C stops it; exit 3 once no server is
// left to watch (every token missing or rejected).
import { connectionsCount } from '../../common/ipc/connection-kinds.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { Logger } from '../../common/logger.ts';
import type { Alert } from '../core/alerts/index.ts';
import { hostLocale } from '../core/app/host-locale.ts';
import { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { serverChoiceFlags, type Target } from './server-choice.ts';
import { askEach, connectTo } from './server-connection.ts';
import { ServerWatch } from './server-watch.ts';

function parseInterval(text: string | undefined, fallbackSeconds: number): number {
  if (text === undefined) return fallbackSeconds * 1000;
  if (!/^\d+$/.test(text) || Number(text) < 10 || Number(text) > 86_400) throw new CliError(`--interval must be a whole number of seconds from 10 to 86400, not "${text}"`);
  return Number(text) * 1000;
}

/** `--json`: `server` the server's name, `server_id` its connection id (null for a server named by --base-url alone). */
export function alertLine(alert: Alert, at: number, target: Target, options: { json: boolean; named: boolean }): string {
  const server = target.name;
  if (options.json) return JSON.stringify({ at: new Date(at).toISOString(), server, server_id: target.connection?.id ?? null, ...alert });
  // A live log: the time of day, to the second ("13:41:05"), in the environment's locale.
  return `${formatClockTime(at, at, { locale: hostLocale(), seconds: true })}  ${alert.severity.toUpperCase().padEnd(8)}  ${options.named ? `${server} · ` : ''}${alert.title} — ${alert.body}${alert.detail === undefined ? '' : ` — ${alert.detail}`}`;
}

export async function watchCommand(args: string[], logger: Logger): Promise<void> {
  const flags = parseFlags('watch', args, { ...serverChoiceFlags, json: { type: 'boolean' }, interval: { type: 'string' } });
  const environment = new CliEnvironment(logger);
  const targets = environment.servers(flags);
  const intervalMs = parseInterval(flags.interval, environment.settings.read().pollIntervalSeconds);
  const connected = await askEach(targets, (target) => connectTo(environment, target));
  const [only] = connected;
  if (connected.length === 1 && only !== undefined && !only.ok) throw only.problem;
  const line = { json: flags.json === true, named: targets.length > 1 };
  const watches = new Set<ServerWatch>();
  for (const answer of connected) {
    if (!answer.ok) {
      process.stderr.write(`Not watching ${answer.target.name}: ${answer.problem.message}\n`);
      continue;
    }
    const server = answer.value;
    const watch: ServerWatch = new ServerWatch({
      server,
      intervalMs,
      settings: environment.settings,
      onAlert: (alert, at) => process.stdout.write(`${alertLine(alert, at, server.target, line)}\n`),
      onRejected: () => {
        watches.delete(watch);
        process.stderr.write(`Stopped watching ${server.target.name}: the token was rejected. Sign in again, then restart watch.\n`);
        if (watches.size === 0) process.exit(cannotTell);
      },
    });
    watches.add(watch);
  }
  if (watches.size === 0) throw new CliError('No server can be watched: each needs a token (see above).', cannotTell);
  process.stderr.write(`${watchingLine(targets, connected.filter((answer) => answer.ok).map((answer) => answer.target))} every ${intervalMs / 1000} s; Ctrl-C stops.\n`);
  for (const watch of watches) watch.start();
  const stop = () => void Promise.all([...watches].map((watch) => watch.stop())).then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

function watchingLine(targets: readonly Target[], watched: readonly Target[]): string {
  const [only] = targets;
  if (targets.length === 1 && only !== undefined) return `Watching ${only.name} (${only.baseUrl})`;
  return `Watching ${connectionsCount(watched.map((target) => target.sourceKind))} (${watched.map((target) => target.name).join(', ')})`;
}
