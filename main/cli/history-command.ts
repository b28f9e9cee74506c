// `vigil history <name-or-id> [--window 7d] [--json] [--server NAME | --base-url URL]`: one item's history, looked up
// on every enabled server (or the one named), from its server's history where it keeps one, else from the app's own
// record of that connection on this computer (read, never written). Exit 0; 1 when the item or its history cannot be
// found, or the name is on several servers; 3 when the server cannot be read.
import { isHistoryWindow } from '../../common/api/index.ts';
import { MAINTENANCE_EXTENSION } from '../../common/maintenance/maintenance.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { systemClock } from '../../common/clock.ts';
import { secondsApart } from '../../common/format/clock-time.ts';
import { ITEM_PAGE_WINDOWS, type ItemPageWindow } from '../../common/ipc/history.ts';
import type { Logger } from '../../common/logger.ts';
import { hostLocale } from '../core/app/host-locale.ts';
import { itemName } from '../core/health/index.ts';
import { buildItemHistory } from '../core/history/item-history.ts';
import type { HistoryServer } from '../core/history/server-history.ts';
import { sourceHistoryOf } from '../core/history/source-history.ts';
import { itemSince } from '../core/history/item-since.ts';
import { CliEnvironment } from './cli-environment.ts';
import { CliRecord } from './cli-record.ts';
import { splitArguments } from './command-args.ts';
import { formatItemHistory } from './history-report.ts';
import { locateItem } from './locate-item.ts';
import { noHistory } from './no-history.ts';
import { serverChoiceFlags } from './server-choice.ts';
import { unreachable, type ServerConnection } from './server-connection.ts';

const spec = { ...serverChoiceFlags, window: { type: 'string' }, json: { type: 'boolean' } } as const;

function parseWindow(text: string | undefined): ItemPageWindow {
  const window = text ?? '7d';
  if (!isHistoryWindow(window) || !ITEM_PAGE_WINDOWS.some((known) => known === window)) throw new CliError(`--window must be one of ${ITEM_PAGE_WINDOWS.join(', ')}, not "${window}"`);
  return window as ItemPageWindow;
}

/** The server when it keeps history (`GET /capabilities` lists it), saying whether it keeps maintenance windows too. */
async function historyServerOf(server: ServerConnection): Promise<HistoryServer | undefined> {
  if (server.source !== undefined) return undefined;
  let extensions: string[];
  try {
    extensions = (await server.client.getCapabilities()).extensions;
  } catch (error) {
    throw unreachable(server.target, error);
  }
  return extensions.includes('history') ? { client: server.client, hasMaintenance: extensions.includes(MAINTENANCE_EXTENSION) } : undefined;
}

export async function historyCommand(args: string[], logger: Logger): Promise<number> {
  const { words, options } = splitArguments('history', args, spec, ['name-or-id']);
  const flags = parseFlags('history', options, spec);
  const window = parseWindow(flags.window);
  const environment = new CliEnvironment(logger);
  const targets = environment.servers(flags);
  const now = systemClock.now();
  const { heartbeatGraceSeconds, domainThresholds } = environment.settings.read();
  const { server, item } = await locateItem(environment, targets, words[0] ?? '', { now, graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds });
  const { target } = server;
  const record = new CliRecord(logger);
  try {
    const history = await historyServerOf(server);
    const recorded = record.of(target);
    const sourceHistory = server.source === undefined ? undefined : sourceHistoryOf(server.source, server.token);
    if (history === undefined && sourceHistory === undefined && recorded === undefined) throw noHistory(target.name);
    const view = await buildItemHistory({
      connection: { id: target.connection?.id ?? target.baseUrl, name: target.name },
      key: item.key,
      window,
      now,
      item,
      name: itemName(item),
      since: itemSince(item, undefined, now, domainThresholds),
      server: history,
      sourceHistory,
      record: recorded,
      graceSeconds: heartbeatGraceSeconds,
    });
    if (view === undefined) throw new CliError(`${target.name} has no history of ${itemName(item)}.`, 1);
    process.stdout.write(flags.json ? `${JSON.stringify(view)}\n` : `${formatItemHistory(view, target.name, { locale: hostLocale(), seconds: item.kind === 'monitor' && secondsApart(item.monitor.frequency) })}\n`);
    return 0;
  } finally {
    record.close();
  }
}
