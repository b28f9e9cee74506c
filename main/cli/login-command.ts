// `vigil login --base-url URL [--name NAME]`: reads a token from stdin, checks it with the server, and keeps it
// in the OS keychain; the connection is saved in the settings and watched (enabled) with the others.
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { silentLogger, type Logger } from '../../common/logger.ts';
import { MonitoringClient, MonitoringClientError } from '../core/api/index.ts';
import { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { targetOfBaseUrl } from './server-choice.ts';
import { readTokenFromStdin } from './read-token.ts';

export async function loginCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('login', args, { 'base-url': { type: 'string' }, name: { type: 'string' } });
  if (!flags['base-url']) throw new CliError('vigil login needs --base-url URL (the server address with its API prefix, e.g. https://vigil.example/api).');
  const environment = new CliEnvironment(logger);
  const target = targetOfBaseUrl(environment.settings.read(), flags['base-url']);
  const token = await readTokenFromStdin(`Paste the token for ${target.baseUrl} and press Enter: `);
  try {
    await new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, logger: silentLogger }).listHeartbeats();
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    const reason = error.info.kind === 'unauthorized' ? 'the server rejected this token' : error.info.message;
    throw new CliError(`Not signed in to ${target.name}: ${reason}. Nothing was saved.`, cannotTell);
  }
  const secrets = await environment.secrets();
  const connection = environment.saveConnection(target.baseUrl, flags.name);
  await secrets.set(connection.id, token);
  process.stdout.write(`Signed in to ${connection.name} (${connection.baseUrl}); the token is in the ${environment.keychainName()}.\n`);
  return 0;
}
