// `vigil token [--data-dir DIR] [--expires-in 30d]`: prints only a token valid for that data dir's service
// (by default the app's, so the token works for the service the app runs), for at most 90 days.
// `vigil token --revoke-all [--data-dir DIR]`: every token issued until now stops working, at once (the running
// service follows the data dir), and says so on stderr. The app signs itself a new one when its own is refused.
import { loadOrCreateSigningKey } from '../auth/signing-key.ts';
import { revokeAllTokens } from '../auth/token-revocation.ts';
import { issueToken, parseLifetime } from '../auth/tokens.ts';
import { commandDataDir, type ServiceCommandDefaults } from '../data-dir.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';

export async function tokenCommand(args: string[], defaults: ServiceCommandDefaults): Promise<void> {
  const flags = parseFlags('token', args, { 'data-dir': { type: 'string' }, 'expires-in': { type: 'string' }, 'revoke-all': { type: 'boolean' } });
  if (flags['revoke-all'] === true) {
    if (flags['expires-in'] !== undefined) throw new CliError('vigil token: --revoke-all prints no token, so it takes no --expires-in');
    const dataDir = commandDataDir(flags['data-dir'], defaults);
    revokeAllTokens(dataDir);
    process.stderr.write(`Every token issued until now for the service in ${dataDir} is revoked. The app signs itself a new one; other clients need a new token from \`vigil token\`.\n`);
    return;
  }
  let lifetime: number;
  try {
    lifetime = parseLifetime(flags['expires-in'] ?? '30d');
  } catch (error) {
    throw new CliError(`--expires-in: ${(error as Error).message}`);
  }
  const key = loadOrCreateSigningKey(commandDataDir(flags['data-dir'], defaults));
  process.stdout.write(`${await issueToken(key, lifetime)}\n`);
}
