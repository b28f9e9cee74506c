// `vigil status [--base-url URL] [--json] [--timeout SECONDS]`: polls once and prints every monitor, heartbeat
// and domain with its state, worst first. Exit 0 fine, 1 warning, 2 critical, 3 cannot tell.
import { CliError } from '../../../common/cli/cli-error.ts';
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import { silentLogger, type Logger } from '../../../common/logger.ts';
import { MonitoringClient, MonitoringClientError } from '../api/index.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { CliEnvironment, cannotTell } from './cli-environment.ts';
import { formatStatusReport, statusReport } from './status-report.ts';

export function parseTimeout(text: string | undefined): number {
  if (text === undefined) return 15_000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds < 1 || seconds > 300) throw new CliError(`--timeout must be a number of seconds from 1 to 300, not "${text}"`);
  return seconds * 1000;
}

export async function statusCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('status', args, { 'base-url': { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' } });
  const timeoutMs = parseTimeout(flags.timeout);
  const environment = new CliEnvironment(logger);
  const target = environment.target(flags['base-url']);
  const token = await environment.token(target, flags['base-url'] !== undefined);
  // A failure is reported once, below; the client's own warnings would repeat it.
  const client = new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, timeoutMs, logger: silentLogger });
  let snapshot;
  try {
    // The deadline covers the whole poll (every page), not only each request.
    snapshot = await fetchSnapshot(client, systemClock, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    const info = error.info.kind === 'cancelled' ? `no complete answer within ${timeoutMs / 1000} s` : error.info.message;
    throw new CliError(`Cannot tell the status of ${target.name}: ${info}`, cannotTell);
  }
  const { heartbeatGraceSeconds, domainThresholds } = environment.settings.read();
  const report = statusReport(snapshot, { now: systemClock.now(), graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds });
  if (flags.json) {
    const { level, monitors, heartbeats, domains, issues } = report;
    process.stdout.write(`${JSON.stringify({ connection: { name: target.name, baseUrl: target.baseUrl }, level, monitors, heartbeats, domains, issues })}\n`);
  } else {
    process.stdout.write(`${formatStatusReport(report, target.name)}\n`);
  }
  return report.exitCode;
}
