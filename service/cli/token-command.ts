// `vigil token [--data-dir DIR] [--expires-in 30d]`: prints only a token valid for that data dir's service
// (by default the app's, so the token works for the service the app runs).
import { loadOrCreateSigningKey } from '../auth/signing-key.ts';
import { issueToken, parseLifetime } from '../auth/tokens.ts';
import { commandDataDir, type ServiceCommandDefaults } from '../data-dir.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';

export async function tokenCommand(args: string[], defaults: ServiceCommandDefaults): Promise<void> {
  const flags = parseFlags('token', args, { 'data-dir': { type: 'string' }, 'expires-in': { type: 'string' } });
  let lifetime: number;
  try {
    lifetime = parseLifetime(flags['expires-in'] ?? '30d');
  } catch (error) {
    throw new CliError(`--expires-in: ${(error as Error).message}`);
  }
  const key = loadOrCreateSigningKey(commandDataDir(flags['data-dir'], defaults));
  process.stdout.write(`${await issueToken(key, lifetime)}\n`);
}
