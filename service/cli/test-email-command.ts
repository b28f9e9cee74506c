// `vigil test-email --to ADDRESS [--data-dir DIR]`: sends one test message through the SMTP server of that data
// dir's config.json (the password from VIGIL_SMTP_PASSWORD), as alerts are sent. Prints one sentence: what the
// server answered (stdout, exit 0) or why it failed (stderr, exit 1).
import { isEmailAddress } from '../../common/api/email-address.ts';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags } from '../../common/cli/parse-flags.ts';
import { smtpPasswordVariable } from '../alerts/smtp-settings.ts';
import { sendTestEmail } from '../alerts/test-email.ts';
import { commandDataDir, type ServiceCommandDefaults } from '../data-dir.ts';
import { silentLogger } from '../logger.ts';

export async function testEmailCommand(args: string[], defaults: ServiceCommandDefaults): Promise<number> {
  const flags = parseFlags('test-email', args, { to: { type: 'string' }, 'data-dir': { type: 'string' } });
  const to = flags.to?.trim();
  if (to === undefined) throw new CliError('vigil test-email: --to is needed: the address to send the test email to');
  if (!isEmailAddress(to)) throw new CliError('vigil test-email: --to must be a single email address, like you@example.com');
  const outcome = await sendTestEmail({
    dataDir: commandDataDir(flags['data-dir'], defaults),
    to,
    password: process.env[smtpPasswordVariable] || undefined,
    logger: silentLogger,
  });
  (outcome.ok ? process.stdout : process.stderr).write(`${outcome.message}\n`);
  return outcome.ok ? 0 : 1;
}
