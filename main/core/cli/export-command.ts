// `vigil export [--base-url URL] > file.json`: the server's whole configuration as one file on stdout (the format of
// docs/client.md, the same as the window's "Export"); what went in is said on stderr.
import { parseFlags } from '../../../common/cli/parse-flags.ts';
import { systemClock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { countPhrase } from '../health/index.ts';
import { configurationExportFile, exportConfiguration } from '../configuration/export-configuration.ts';
import { cliConnection, unreachable } from './cli-connection.ts';

export async function exportCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('export', args, { 'base-url': { type: 'string' } });
  const connection = await cliConnection(flags['base-url'], logger);
  const { target, client } = connection;
  const configuration = await exportConfiguration(client, systemClock.now()).catch((error: unknown) => {
    throw unreachable(target, error);
  });
  process.stdout.write(configurationExportFile(configuration).text);
  const counts = [
    countPhrase(configuration.monitors.length, 'monitor'),
    countPhrase(configuration.heartbeats.length, 'heartbeat'),
    countPhrase(configuration.domains.length, 'domain'),
    countPhrase(configuration.notificationHandlers.length, 'notification handler'),
  ];
  process.stderr.write(`Exported ${counts.join(', ')} from ${target.name}.\n`);
  return 0;
}
