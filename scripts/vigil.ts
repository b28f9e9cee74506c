// `npm run vigil -- <command>`: the one command line of Vigil. Each command lives with the layer it belongs
// to and is loaded only when used. Failures the user can fix are one line on stderr, never a stack trace.
import { CliError } from '../common/cli/cli-error.ts';
import type { Logger } from '../common/logger.ts';
import { makeNewFilesPrivate } from '../common/private-files.ts';
import type { ServiceCommandDefaults } from '../service/data-dir.ts';

// Every file this process creates (the service's databases, settings, history, browser mode's files) is the user's
// alone: umask 077 (common/private-files.ts).
makeNewFilesPrivate(process);

/** Client commands' warnings (a repaired settings file, a keychain fallback) as plain lines on stderr. */
const cliLogger: Logger = {
  info() {},
  warn: (message) => process.stderr.write(`vigil: ${message}\n`),
  error: (message) => process.stderr.write(`vigil: ${message}\n`),
};

/** The service commands work on the app's own data folder unless told otherwise (one folder, one signing key). */
async function serviceDefaults(): Promise<ServiceCommandDefaults> {
  const { localServiceDataDir } = await import('../main/core/settings/settings-dir.ts');
  return { dataDir: localServiceDataDir() };
}

/** A command's exit code, or undefined for a command that keeps running (service, watch). */
type Run = (args: string[]) => Promise<number | undefined>;

const commands: Record<string, { summary: [usage: string, description: string]; run: Run }> = {
  service: {
    summary: ['service [--host 127.0.0.1] [--port N] [--data-dir DIR]', 'run the monitoring service'],
    run: async (args) => void (await (await import('../service/cli/service-command.ts')).serviceCommand(args, await serviceDefaults())),
  },
  token: {
    summary: ['token [--data-dir DIR] [--expires-in 30d] | --revoke-all', 'print a token for that service (90 days at most), or revoke every earlier one'],
    run: async (args) => {
      await (await import('../service/cli/token-command.ts')).tokenCommand(args, await serviceDefaults());
      return 0;
    },
  },
  'test-email': {
    summary: ['test-email --to ADDRESS [--data-dir DIR]', 'send a test email through that service\'s SMTP server'],
    run: async (args) => (await import('../service/cli/test-email-command.ts')).testEmailCommand(args, await serviceDefaults()),
  },
  status: {
    summary: ['status [--server NAME | [--kind KIND] --base-url URL] [--json] [--timeout S]', 'poll every watched server once; exit the worst: 0 ok, 1 warning, 2 critical, 3 cannot tell'],
    run: async (args) => (await import('../main/cli/status-command.ts')).statusCommand(args, cliLogger),
  },
  watch: {
    summary: ['watch [--server NAME | [--kind KIND] --base-url URL] [--json] [--interval S]', 'poll every watched server on the interval, one line per alert'],
    run: async (args) => void (await (await import('../main/cli/watch-command.ts')).watchCommand(args, cliLogger)),
  },
  history: {
    summary: ['history <name-or-id> [--window 7d] [--server NAME | --base-url URL] [--json]', "one item's history: the server's, or the app's own record"],
    run: async (args) => (await import('../main/cli/history-command.ts')).historyCommand(args, cliLogger),
  },
  events: {
    summary: ['events [--since 24h] [--server NAME | --base-url URL] [--json]', 'what happened on every watched server since then, newest first'],
    run: async (args) => (await import('../main/cli/events-command.ts')).eventsCommand(args, cliLogger),
  },
  ack: {
    summary: ['ack <name-or-id> [--clear] [--server NAME | --base-url URL]', "\"I'm on it\": no more alerts about a problem until it recovers (--clear takes it back)"],
    run: async (args) => (await import('../main/cli/ack-command.ts')).ackCommand(args, cliLogger),
  },
  maintenance: {
    summary: ['maintenance start --for 1h | end | list [--item NAME-OR-ID] [--json]', 'start (or --until-ended), end or list maintenance windows on every watched server'],
    run: async (args) => (await import('../main/cli/maintenance/maintenance-command.ts')).maintenanceCommand(args, cliLogger),
  },
  export: {
    summary: ['export [--server NAME | --base-url URL] > file.json', "print one server's whole configuration as one file"],
    run: async (args) => (await import('../main/cli/export-command.ts')).exportCommand(args, cliLogger),
  },
  import: {
    summary: ['import <file> | --from-server NAME [--dry-run] [--server NAME | --base-url URL]', 'add what a configuration file (or another server or source) has and the server lacks'],
    run: async (args) => (await import('../main/cli/import-command.ts')).importCommand(args, cliLogger),
  },
  web: {
    summary: ['web [--port N]', 'run Vigil in the browser; prints the address to open'],
    run: async (args) => {
      const { webCommand } = await import('../main/browser-mode/web-command.ts');
      const { ensureRendererBuilt } = await import('./build-renderer.ts');
      await webCommand(args, cliLogger, { builtRenderer: ensureRendererBuilt });
      return undefined;
    },
  },
  login: {
    summary: ['login [--kind KIND] --base-url URL [--name NAME]', "read a token (a source's API key) from stdin into the OS keychain; it is then watched"],
    run: async (args) => (await import('../main/cli/login-command.ts')).loginCommand(args, cliLogger),
  },
  logout: {
    summary: ['logout [--server NAME | --base-url URL]', "remove a server's token from the OS keychain; forget a source"],
    run: async (args) => (await import('../main/cli/logout-command.ts')).logoutCommand(args, cliLogger),
  },
};

function usage(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.summary[0].length));
  const lines = Object.values(commands).map(({ summary: [usage, description] }) => `  ${usage.padEnd(width)}  ${description}`);
  return ['Usage: npm run vigil -- <command> [options]', '', ...lines].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : commands[name];
if (!command) {
  if (name === undefined || name === 'help' || name === '--help') {
    console.log(usage());
    process.exit(name === undefined ? 2 : 0);
  }
  console.error(`Unknown command "${name}".\n${usage()}`);
  process.exit(2);
}
try {
  const exitCode = await command.run(args);
  // Exit explicitly: a keychain call that timed out may still hold a worker thread that would keep Node alive.
  if (exitCode !== undefined) process.exit(exitCode);
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  console.error(`vigil ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
