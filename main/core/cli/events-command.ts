// `vigil events [--since 24h] [--json] [--base-url URL]`: what happened on a connection since then, newest first:
// the server's events where it keeps history, and the app's own record of that connection on this computer (its
// alerts and the stretches it was not watching). Exit 0; 1 when there is neither; 3 when the server cannot be read.
import { dateTimeToEpochMs } from '../../../common/api/index.ts';
import { CliError } from '../../../common/cli/cli-error.ts';
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import type { HistoryEventView } from '../../../common/ipc/history.ts';
import type { Logger } from '../../../common/logger.ts';
import { buildEventsFeed } from '../history/events-feed.ts';
import { cliConnection } from './cli-connection.ts';
import { noHistory } from './no-history.ts';

const units = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `24h`, `7d` back from now, or an RFC 3339 date-time. */
function parseSince(text: string | undefined, now: number): number {
  const value = text ?? '24h';
  const relative = /^(\d{1,5})([mhd])$/.exec(value);
  if (relative !== null) return now - Number(relative[1]) * units[relative[2] as keyof typeof units];
  const at = dateTimeToEpochMs(value);
  if (at === undefined) throw new CliError(`--since must be a time back from now like 30m, 24h or 7d, or a date-time like 2026-11-24T08:00:00Z, not "${value}"`);
  return at;
}

function eventLine(event: HistoryEventView): string {
  const health = { critical: 'CRITICAL', warning: 'WARNING', unknown: 'UNKNOWN', ok: 'OK' }[event.health];
  return `${new Date(event.at).toISOString()}  ${health.padEnd(8)}  ${event.title}${event.source === 'client' ? '  (seen by Vigil)' : ''}`;
}

export async function eventsCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('events', args, { 'base-url': { type: 'string' }, since: { type: 'string' }, json: { type: 'boolean' } });
  const now = systemClock.now();
  const since = parseSince(flags.since, now);
  const connection = await cliConnection(flags['base-url'], logger);
  try {
    const { target, client } = connection;
    const server = (await connection.hasHistory()) ? client : undefined;
    const record = connection.record();
    if (server === undefined && record === undefined) throw noHistory(target.name);
    const id = target.connection?.id ?? target.baseUrl;
    const events = await buildEventsFeed({
      since,
      now,
      connections: [{ id, name: target.name }],
      record: record?.reads,
      watching: () => undefined,
      active: { id, server },
      logger,
    });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ connection: { name: target.name, baseUrl: target.baseUrl }, since: new Date(since).toISOString(), events })}\n`);
    } else {
      const lines = events.map(eventLine);
      process.stdout.write(`${lines.length === 0 ? `Nothing happened on ${target.name} since ${new Date(since).toISOString()}.` : lines.join('\n')}\n`);
    }
    return 0;
  } finally {
    connection.close();
  }
}
