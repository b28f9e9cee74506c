// `vigil logout [--server NAME | --base-url URL]`: removes the connection's token from the OS keychain (the connection
// itself stays in the settings, so signing in again keeps its name).
import { parseFlags } from '../../common/cli/parse-flags.ts';
import type { Logger } from '../../common/logger.ts';
import { CliEnvironment } from './cli-environment.ts';
import { serverChoiceFlags } from './server-choice.ts';

export async function logoutCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('logout', args, serverChoiceFlags);
  const environment = new CliEnvironment(logger);
  const target = environment.oneServer(flags, 'logout');
  const removed = target.connection ? await (await environment.secrets()).delete(target.connection.id) : false;
  process.stdout.write(
    removed
      ? `Signed out of ${target.name}: its token was removed from the ${environment.keychainName()}.\n`
      : `${target.name} had no token saved; nothing to remove.\n`,
  );
  return 0;
}
