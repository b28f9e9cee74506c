// `vigil watch [--base-url URL] [--json] [--interval SECONDS]`: polls on the interval and prints one line per
// alert event (`--json`: JSON lines), as the tray app would notify. Ctrl-C stops it.
import { CliError } from '../../../common/cli/cli-error.ts';
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import { silentLogger, type Logger } from '../../../common/logger.ts';
import { evaluatePoll, initialAlertState, type Alert } from '../alerts/index.ts';
import { clientErrorInfo, MonitoringClient } from '../api/index.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { Poller } from '../poller/poller.ts';
import { tokenExpiresAt } from '../secrets/token-expiry.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import { CliEnvironment, cannotTell } from './cli-environment.ts';

function parseInterval(text: string | undefined, fallbackSeconds: number): number {
  if (text === undefined) return fallbackSeconds * 1000;
  if (!/^\d+$/.test(text) || Number(text) < 10 || Number(text) > 86_400) throw new CliError(`--interval must be a whole number of seconds from 10 to 86400, not "${text}"`);
  return Number(text) * 1000;
}

function alertLine(alert: Alert, at: number, json: boolean): string {
  if (json) return JSON.stringify({ at: new Date(at).toISOString(), ...alert });
  return `${new Date(at).toISOString()}  ${alert.severity.toUpperCase().padEnd(8)}  ${alert.title} — ${alert.body}`;
}

export async function watchCommand(args: string[], logger: Logger): Promise<void> {
  const flags = parseFlags('watch', args, { 'base-url': { type: 'string' }, json: { type: 'boolean' }, interval: { type: 'string' } });
  const environment = new CliEnvironment(logger);
  const target = environment.target(flags['base-url']);
  const intervalMs = parseInterval(flags.interval, environment.settings.read().pollIntervalSeconds);
  const token = await environment.token(target, flags['base-url'] !== undefined);
  // Failed polls become alert lines; the client's own warnings would only repeat them.
  const client = new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, logger: silentLogger });
  const connection = { id: target.connection?.id ?? target.baseUrl, name: target.name };
  let state = initialAlertState();

  const poller: Poller = new Poller({
    clock: systemClock,
    intervalMs,
    poll: (signal) => fetchSnapshot(client, systemClock, signal),
    describeError: clientErrorInfo,
    onOutcome: (outcome) => {
      const settings = environment.settings.read();
      const now = systemClock.now();
      const evaluation = evaluatePoll(state, outcome, {
        connection,
        preferences: alertPreferencesFrom(settings),
        snoozes: settings.snoozes,
        pausedUntil: settings.pausedUntil,
        tokenExpiresAt: tokenExpiresAt(token),
        now,
      });
      state = evaluation.state;
      for (const alert of evaluation.alerts) process.stdout.write(`${alertLine(alert, now, flags.json === true)}\n`);
      if (state.connection.auth === 'rejected') {
        // The token cannot change under a running command: stop here rather than poll on with a rejected token.
        void poller.stop().then(() => {
          process.stderr.write(`Stopped watching ${target.name}: the token was rejected. Sign in again, then restart watch.\n`);
          process.exit(cannotTell);
        });
      }
    },
  });
  process.stderr.write(`Watching ${target.name} (${target.baseUrl}) every ${intervalMs / 1000} s; Ctrl-C stops.\n`);
  poller.start();
  const stop = () => void poller.stop().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}
