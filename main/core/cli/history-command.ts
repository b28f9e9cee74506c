// `vigil history <name-or-id> [--window 7d] [--json] [--base-url URL]`: one item's history, from the server's history
// where it keeps one, else from the app's own record of that connection on this computer (read, never written).
// Exit 0; 1 when the item or its history cannot be found; 3 when the server cannot be read.
import { isHistoryWindow } from '../../../common/api/index.ts';
import { CliError } from '../../../common/cli/cli-error.ts';
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import { ITEM_PAGE_WINDOWS, type ItemPageWindow } from '../../../common/ipc/history.ts';
import type { Logger } from '../../../common/logger.ts';
import { assessSnapshot, itemName } from '../health/index.ts';
import { buildItemHistory } from '../history/item-history.ts';
import { itemSince } from '../history/item-since.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { cliConnection, unreachable } from './cli-connection.ts';
import { splitArguments } from './command-args.ts';
import { findItem } from './find-item.ts';
import { formatItemHistory } from './history-report.ts';
import { noHistory } from './no-history.ts';

const spec = { 'base-url': { type: 'string' }, window: { type: 'string' }, json: { type: 'boolean' } } as const;

function parseWindow(text: string | undefined): ItemPageWindow {
  const window = text ?? '7d';
  if (!isHistoryWindow(window) || !ITEM_PAGE_WINDOWS.some((known) => known === window)) throw new CliError(`--window must be one of ${ITEM_PAGE_WINDOWS.join(', ')}, not "${window}"`);
  return window as ItemPageWindow;
}

export async function historyCommand(args: string[], logger: Logger): Promise<number> {
  const { words, options } = splitArguments('history', args, spec, ['name-or-id']);
  const flags = parseFlags('history', options, spec);
  const window = parseWindow(flags.window);
  const connection = await cliConnection(flags['base-url'], logger);
  try {
    const { target, client, environment } = connection;
    const snapshot = await fetchSnapshot(client, systemClock).catch((error: unknown) => {
      throw unreachable(target, error);
    });
    const now = systemClock.now();
    const { heartbeatGraceSeconds, domainThresholds } = environment.settings.read();
    const items = assessSnapshot(snapshot, { now, graceSeconds: heartbeatGraceSeconds, thresholds: domainThresholds });
    const item = findItem(items, words[0] ?? '', target.name);
    const server = (await connection.hasHistory()) ? client : undefined;
    const record = connection.record();
    if (server === undefined && record === undefined) throw noHistory(target.name);
    const view = await buildItemHistory({
      connection: { id: target.connection?.id ?? target.baseUrl, name: target.name },
      key: item.key,
      window,
      now,
      item,
      name: itemName(item),
      since: itemSince(item, undefined, now, domainThresholds),
      server,
      record,
      graceSeconds: heartbeatGraceSeconds,
    });
    if (view === undefined) throw new CliError(`${target.name} has no history of ${itemName(item)}.`, 1);
    process.stdout.write(flags.json ? `${JSON.stringify(view)}\n` : `${formatItemHistory(view, target.name)}\n`);
    return 0;
  } finally {
    connection.close();
  }
}
