// `vigil export [--server NAME | --base-url URL] > file.json`: the server's whole configuration as one file on
// stdout (the format of docs/client.md, the same as the window's "Export"); what went in is said on stderr. With more
// than one enabled server, --server says which.
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { systemClock } from '../../common/clock.ts';
import type { Logger } from '../../common/logger.ts';
import { countPhrase } from '../core/health/index.ts';
import { configurationExportFile, exportConfiguration } from '../core/configuration/export-configuration.ts';
import { keptFieldsOfServer } from '../core/app/kept-fields.ts';
import { CliEnvironment } from './cli-environment.ts';
import { serverChoiceFlags } from './server-choice.ts';
import { connectTo, refuseReadOnly, unreachable } from './server-connection.ts';

export async function exportCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('export', args, serverChoiceFlags);
  const environment = new CliEnvironment(logger);
  const chosen = environment.oneServer(flags, 'export');
  refuseReadOnly(chosen, 'export');
  const { target, client } = await connectTo(environment, chosen);
  const configuration = await exportConfiguration(client, systemClock.now(), target.connection === undefined ? undefined : keptFieldsOfServer(environment.settings, target.connection.id)).catch((error: unknown) => {
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
