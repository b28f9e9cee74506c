// `vigil events [--since 24h] [--json] [--server NAME | --base-url URL]`: what happened since then on every enabled
// server (or the one named), newest first: each server's events where it keeps history, and the app's own record of
// each connection on this computer (its alerts and the stretches it was not watching); with more than one server each
// line names its server. Exit 0; 1 when nothing keeps any server's history; 3 when a server cannot be read (what the
// others and the record hold is still printed).
import { connectionsCount } from '../../common/ipc/connection-kinds.ts';
import { dateTimeToEpochMs } from '../../common/api/index.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { systemClock } from '../../common/clock.ts';
import { formatClockTime, minutesBlur, type ClockTimeOptions } from '../../common/format/clock-time.ts';
import type { HistoryEventView } from '../../common/ipc/history.ts';
import type { Logger } from '../../common/logger.ts';
import { hostLocale } from '../core/app/host-locale.ts';
import { newestFirst } from '../core/history/event-views.ts';
import { CliEnvironment } from './cli-environment.ts';
import { CliRecord } from './cli-record.ts';
import { cliDurationMs } from './cli-duration.ts';
import { cannotTell } from './exit-codes.ts';
import { serverChoiceFlags } from './server-choice.ts';
import { serverEvents } from './server-events.ts';

/** The most events one answer holds, as the window's feed. */
const maxEvents = 2000;

/** `30m`, `24h`, `7d` back from now, or an RFC 3339 date-time. */
function parseSince(text: string | undefined, now: number): number {
  const value = text ?? '24h';
  const back = cliDurationMs(value);
  if (back !== undefined) return now - back;
  const at = dateTimeToEpochMs(value);
  if (at === undefined) throw new CliError(`--since must be a time back from now like 30m, 24h or 7d, or a date-time like 2026-11-24T08:00:00Z, not "${value}"`);
  return at;
}

/** The lines, times as the window's feed writes them ("13:41", "27 Nov, 09:12"), to the second when two share a minute. */
function eventLines(events: readonly HistoryEventView[], named: boolean, now: number): string[] {
  const time: ClockTimeOptions = { locale: hostLocale(), seconds: minutesBlur(events.map((event) => event.at)) };
  const times = events.map((event) => formatClockTime(event.at, now, time));
  const width = Math.max(0, ...times.map((text) => text.length));
  return events.map((event, index) => {
    const health = { critical: 'CRITICAL', warning: 'WARNING', unknown: 'UNKNOWN', ok: 'OK' }[event.health];
    const server = named ? `${event.serverName} · ` : '';
    return `${(times[index] ?? '').padEnd(width)}  ${health.padEnd(8)}  ${server}${event.title}${event.source === 'client' ? '  (seen by Vigil)' : ''}`;
  });
}

export async function eventsCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('events', args, { ...serverChoiceFlags, since: { type: 'string' }, json: { type: 'boolean' } });
  const now = systemClock.now();
  const since = parseSince(flags.since, now);
  const environment = new CliEnvironment(logger);
  const targets = environment.servers(flags);
  const record = new CliRecord(logger);
  try {
    const parts = await Promise.all(targets.map((target) => serverEvents(target, { since, now, environment, record, logger })));
    const [only] = parts;
    if (parts.length === 1 && only?.problem !== undefined) throw only.problem;
    for (const part of parts) if (part.problem !== undefined) process.stderr.write(`${part.problem.message}\n`);
    const unread = parts.some((part) => part.problem?.exitCode === cannotTell);
    if (!parts.some((part) => part.kept)) return unread ? cannotTell : 1;
    const events = parts.flatMap((part) => part.events).sort(newestFirst).slice(0, maxEvents);
    if (flags.json) {
      const servers = parts.map(({ target, problem }) => ({ name: target.name, baseUrl: target.baseUrl, ...(problem === undefined ? {} : { problem: problem.message }) }));
      const connection = only !== undefined && parts.length === 1 ? { connection: { name: only.target.name, baseUrl: only.target.baseUrl } } : {};
      process.stdout.write(`${JSON.stringify({ ...connection, servers, since: new Date(since).toISOString(), events })}\n`);
    } else {
      const lines = eventLines(events, parts.length > 1, now);
      const where = parts.length === 1 ? (only?.target.name ?? '') : connectionsCount(parts.map((part) => part.target.sourceKind));
      process.stdout.write(`${lines.length === 0 ? `Nothing happened on ${where} since ${formatClockTime(since, now, { locale: hostLocale() })}.` : lines.join('\n')}\n`);
    }
    return unread ? cannotTell : 0;
  } finally {
    record.close();
  }
}
