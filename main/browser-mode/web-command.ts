// `vigil web [--port N]`: browser mode. Without --port it listens where it did the first time (8732 when that was
// free), remembered in the settings, so its address is the same every launch. Runs the app's core in this Node process (local mode included) and serves
// the built renderer on 127.0.0.1 with the contract over a WebSocket; prints the one address to open, which
// carries this launch's key. Ctrl-C (or SIGTERM) stops the server, then the core and its local service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags, parsePort } from '../../common/cli/parse-flags.ts';
import type { Logger } from '../../common/logger.ts';
import { createVigilCore } from '../core/app/create-vigil-core.ts';
import { nodeLocalServiceLauncher } from '../core/app/local-service-launcher.ts';
import { openSecretStore } from '../core/secrets/open-secret-store.ts';
import { defaultSettingsDir, localServiceDataDir } from '../core/settings/settings-dir.ts';
import { FileSettingsStore } from '../core/settings/settings-store.ts';
import { startWebServer } from './web-server.ts';

/** Two folders up, from main/browser-mode as from the Node bundle's out/cli (scripts/build-node.ts). */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
/** Browser mode's first choice, beside the local service's 8731. */
const firstBrowserModePort = 8732;
/** Signals this close together are one press of Ctrl-C (see stop below). */
const repeatedSignalMs = 1000;

/** Browser mode runs from the repository (it writes no log file: its lines go to stderr). */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}

export interface WebCommandOptions {
  /** The built window's folder, built first when it is missing or out of date (by scripts/, never by the app). */
  builtRenderer(repoRoot: string): Promise<string>;
}

export async function webCommand(args: string[], logger: Logger, options: WebCommandOptions): Promise<void> {
  const flags = parseFlags('web', args, { port: { type: 'string' } });
  const chosenPort = parsePort(flags.port);
  const rendererDir = await options.builtRenderer(repoRoot);

  // The same files as the app and the CLI: one settings folder, the OS keychain (memory for this run if it is
  // unavailable, as the app does), the embedded service's data below the settings folder.
  const userData = defaultSettingsDir();
  const settings = new FileSettingsStore({ directory: userData, logger });
  const secrets = await openSecretStore({ onUnavailable: 'memory', logger });
  const localService = nodeLocalServiceLauncher({ dataDir: localServiceDataDir(userData), vigilScript: path.join(repoRoot, 'scripts', 'vigil.mjs'), logger });
  const core = await createVigilCore({ settings, alertStateDir: userData, historyDir: userData, secrets, localService, about: { version: appVersion(), shell: 'browser' }, logger });
  // Listening first, so a taken port fails before the local service starts; nobody has the key before the
  // address is printed, once the core has started.
  const rememberedPort = settings.read().browserModePort;
  const running = await startWebServer({
    core,
    rendererDir,
    port: chosenPort ?? rememberedPort ?? firstBrowserModePort,
    portIfTaken: chosenPort === undefined ? 'any' : 'fail',
    logger,
  }).catch((error: unknown) => {
    throw new CliError(error instanceof Error ? error.message : String(error), 1);
  });
  if (chosenPort === undefined && rememberedPort === undefined) {
    const port = Number(new URL(running.origin).port);
    settings.update((current) => ({ ...current, browserModePort: port }));
  }

  let stoppingSince: number | undefined;
  const stop = () => {
    if (stoppingSince !== undefined) {
      // npm passes the terminal's Ctrl-C on as well, so the same press can arrive twice at once; a later
      // press means "now", without waiting for the local service's clean shutdown.
      if (Date.now() - stoppingSince > repeatedSignalMs) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    void running
      .close()
      .then(() => core.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(`Stopping browser mode failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  await core.start();
  if (stoppingSince === undefined) process.stdout.write(`Vigil is running in browser mode; open ${running.url} (Ctrl-C stops it).\n`);
}
