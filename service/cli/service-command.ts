// `vigil service [--host 127.0.0.1] [--port N] [--data-dir DIR]`: runs the monitoring service until SIGINT or
// SIGTERM. Once listening it prints its base URL (with the /api prefix) as one line of stdout; logs go to stderr.
// Without --port it listens on its usual port (config.json's `port`, which the app remembers there, else 8731), or
// on a free one when another program holds that, so heartbeat ping URLs stay put whenever they can.
import { commandDataDir, type ServiceCommandDefaults } from '../data-dir.ts';
import { stderrLogger } from '../logger.ts';
import { startService } from '../monitoring-service.ts';
import { resolveConfig } from '../service-config.ts';
import { backgroundClock } from '../../common/clock.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags, parsePort } from '../../common/cli/parse-flags.ts';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);

export async function serviceCommand(args: string[], defaults: ServiceCommandDefaults): Promise<void> {
  const flags = parseFlags('service', args, { host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' } });
  const logger = stderrLogger();
  const port = parsePort(flags.port);
  let config;
  try {
    config = resolveConfig(commandDataDir(flags['data-dir'], defaults), { host: flags.host, port });
  } catch (error) {
    throw new CliError(error instanceof CliError ? error.message : `Cannot read the service settings: ${(error as Error).message}`);
  }
  if (!loopbackHosts.has(config.host)) {
    logger.warn(`Listening on ${config.host}: the API is reachable from other machines; only a valid token protects it.`);
  }
  let service;
  try {
    service = await startService(config, { clock: backgroundClock, logger, fetch: globalThis.fetch }, { portIfTaken: port === undefined ? 'any' : 'fail' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`Port ${config.port} on ${config.host} is already in use; choose another with --port (0 picks a free one).`, 1);
    if (code === 'EADDRNOTAVAIL') throw new CliError(`This machine has no address ${config.host} to listen on.`, 1);
    if (code === 'EACCES') throw new CliError(`Not allowed to listen on ${config.host}:${config.port}; ports below 1024 need privileges.`, 1);
    throw error;
  }

  const shutdown = () => {
    process.off('SIGINT', shutdown).off('SIGTERM', shutdown);
    // A second signal during shutdown means "now": the default handler ends the process.
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  // Before the address is printed: whoever reads it may stop the service at once.
  process.on('SIGINT', shutdown).on('SIGTERM', shutdown);
  process.stdout.write(`${service.apiUrl}\n`);
}
