// `vigil logout [--server NAME | --base-url URL]`: removes the connection's token from the OS keychain (the connection
// itself stays in the settings, so signing in again keeps its name). A read-only source, added by `vigil login
// --kind`, is forgotten whole: its key (if any) and the connection, so it is no longer watched.
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { CONNECTION_KEY, CONNECTION_KIND_LABELS, isReadOnlySource } from '../../common/ipc/connection-kinds.ts';
import type { Logger } from '../../common/logger.ts';
import { withoutConnection } from '../core/settings/connection-settings.ts';
import { CliEnvironment } from './cli-environment.ts';
import { serverChoiceFlags } from './server-choice.ts';

export async function logoutCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('logout', args, serverChoiceFlags);
  const environment = new CliEnvironment(logger);
  const target = environment.oneServer(flags, 'logout');
  const { connection } = target;
  if (connection !== undefined && isReadOnlySource(connection.sourceKind)) {
    // A kind read without a key has none in the keychain: forgetting it needs no keychain.
    if (CONNECTION_KEY[connection.sourceKind] !== 'none') await (await environment.secrets()).delete(connection.id);
    environment.settings.update((current) => withoutConnection(current, connection.id));
    process.stdout.write(`Forgot ${connection.name} (${CONNECTION_KIND_LABELS[connection.sourceKind]}): it is no longer watched, and no key of it is kept.\n`);
    return 0;
  }
  const removed = connection ? await (await environment.secrets()).delete(connection.id) : false;
  process.stdout.write(
    removed
      ? `Signed out of ${target.name}: its token was removed from the ${environment.keychainName()}.\n`
      : `${target.name} had no token saved; nothing to remove.\n`,
  );
  return 0;
}
