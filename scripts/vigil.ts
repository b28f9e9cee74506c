// `npm run vigil -- <command>`: the one command line of Vigil. Each command lives with the layer it belongs
// to and is loaded only when used. Failures the user can fix are one line on stderr, never a stack trace.
import { CliError } from '../service/cli/cli-error.ts';

const commands: Record<string, { summary: string; run: (args: string[]) => Promise<void> }> = {
  service: {
    summary: 'service [--host 127.0.0.1] [--port N] [--data-dir DIR]   run the monitoring service',
    run: async (args) => (await import('../service/cli/service-command.ts')).serviceCommand(args),
  },
  token: {
    summary: 'token [--data-dir DIR] [--expires-in 30d]                   print a token for that service',
    run: async (args) => (await import('../service/cli/token-command.ts')).tokenCommand(args),
  },
};

function usage(): string {
  return ['Usage: npm run vigil -- <command> [options]', '', ...Object.values(commands).map((c) => `  ${c.summary}`)].join('\n');
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
  await command.run(args);
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  console.error(`vigil ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
