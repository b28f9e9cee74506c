// `vigil login --base-url URL [--name NAME]`: reads a token from stdin, checks it with the server, and keeps it
// in the OS keychain; the connection is saved in the settings and watched (enabled) with the others.
// `vigil login --kind KIND --base-url URL [--name NAME]` adds a read-only source the same way: its API key is read
// from stdin where the kind needs one (nothing is read for a status page, Alertmanager or a Kuma status page), the
// source is read once to check the address and the key, and nothing is saved unless it answered.
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { CONNECTION_KIND_LABELS, isReadOnlySource, sourceKeyNeed, type SourceKind } from '../../common/ipc/connection-kinds.ts';
import { countPhrase } from '../core/health/index.ts';
import { silentLogger, type Logger } from '../../common/logger.ts';
import { MonitoringClient, MonitoringClientError } from '../core/api/index.ts';
import { CliEnvironment } from './cli-environment.ts';
import { cannotTell } from './exit-codes.ts';
import { targetOfBaseUrl, type Target } from './server-choice.ts';
import { readTokenFromStdin } from './read-token.ts';
import { openServer } from './server-connection.ts';
import { snapshotOf } from './server-poll.ts';

export async function loginCommand(args: string[], logger: Logger): Promise<number> {
  const flags = parseFlags('login', args, { 'base-url': { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' } });
  if (!flags['base-url']) throw new CliError('vigil login needs --base-url URL (the server address with its API prefix, e.g. https://vigil.example/api).');
  const environment = new CliEnvironment(logger);
  const target = targetOfBaseUrl(environment.settings.read(), flags['base-url'], flags.kind);
  if (isReadOnlySource(target.sourceKind)) return addSource(environment, target, target.sourceKind, flags.name);
  const token = await readTokenFromStdin(`Paste the token for ${target.baseUrl} and press Enter: `);
  try {
    await new MonitoringClient({ baseUrl: target.baseUrl, token: () => token, logger: silentLogger }).listHeartbeats();
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    const reason = error.info.kind === 'unauthorized' ? 'the server rejected this token' : error.info.message;
    throw new CliError(`Not signed in to ${target.name}: ${reason}. Nothing was saved.`, cannotTell);
  }
  const secrets = await environment.secrets();
  const connection = await environment.saveConnection(target.baseUrl, flags.name, { sourceKind: 'vigil' }, (id) => secrets.set(id, token));
  process.stdout.write(`Signed in to ${connection.name} (${connection.baseUrl}); the token is in the ${environment.keychainName()}.\n`);
  return 0;
}

async function addSource(environment: CliEnvironment, target: Target, sourceKind: SourceKind, name: string | undefined): Promise<number> {
  const label = CONNECTION_KIND_LABELS[sourceKind];
  const need = sourceKeyNeed(sourceKind, target.page);
  const key =
    need === 'none'
      ? ''
      : await readTokenFromStdin(need === 'required' ? `Paste the API key for ${label} at ${target.baseUrl} and press Enter: ` : `Paste the token for ${label} at ${target.baseUrl}, or press Enter if it has none: `, {
          what: need === 'required' ? 'API key' : 'token',
          optional: need === 'optional',
        });
  let items: number;
  try {
    items = (await snapshotOf(environment, openServer({ ...target, connection: undefined }, key))).sourceItems?.length ?? 0;
  } catch (error) {
    if (!(error instanceof MonitoringClientError)) throw error;
    throw new CliError(`Not added: ${error.info.message} Nothing was saved.`, cannotTell);
  }
  // A key given is kept; none given for a kind that may have one forgets one kept before.
  const secrets = need === 'none' ? undefined : await environment.secrets();
  const connection = await environment.saveConnection(target.baseUrl, name, { sourceKind, page: target.page }, async (id) => {
    if (secrets !== undefined && key !== '') await secrets.set(id, key);
    else if (secrets !== undefined) await secrets.delete(id);
  });
  const kept = secrets === undefined || key === '' ? '' : `; its key is in the ${environment.keychainName()}`;
  process.stdout.write(`Watching ${connection.name} (${label}, ${connection.baseUrl}${connection.page === undefined ? '' : `/status/${connection.page}`}): ${countPhrase(items, 'item')}${kept}.\n`);
  return 0;
}
