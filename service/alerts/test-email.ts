// One test message through the data dir's SMTP server, sent the way alerts are: for `vigil test-email` and the
// app's "Send test email". The outcome is one sentence either way, with the SMTP server's own words.
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { configFileName, readConfigFile } from '../service-config.ts';
import { createEmailChannel, type EmailContent } from './email-channel.ts';
import { lacksPassword, smtpPasswordVariable, smtpSettingsFrom, type SmtpSettings } from './smtp-settings.ts';

export interface TestEmailOutcome {
  ok: boolean;
  message: string;
}

export interface TestEmailOptions {
  dataDir: string;
  to: string;
  /** The password for settings that name a user (what VIGIL_SMTP_PASSWORD holds). */
  password: string | undefined;
  logger: Logger;
  /** Limit for the whole attempt. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 30_000;
/** nodemailer's limit for connecting, the greeting and each silence: within the whole attempt's. */
const stepTimeoutMs = 15_000;

export const testEmailContent: EmailContent = {
  subject: '[Vigil] Test email',
  text: 'This is a test email from Vigil.\n\nAlerts for your email notification handlers will come like this one, from this address.\n',
};

export async function sendTestEmail(options: TestEmailOptions): Promise<TestEmailOutcome> {
  const { to, password } = options;
  // Never echo the password, whatever a server or library puts in its message.
  const fail = (reason: string): TestEmailOutcome => ({ ok: false, message: sentence(password ? reason.replaceAll(password, '…') : reason) });
  let smtp: SmtpSettings | undefined;
  try {
    const config = readConfigFile(options.dataDir);
    if (lacksPassword(config.smtp, password)) return fail(`The SMTP settings name a user but no password was given: set ${smtpPasswordVariable}`);
    smtp = smtpSettingsFrom(config.smtp, password);
  } catch (error) {
    return fail(messageOf(error));
  }
  if (smtp === undefined) return fail(`No SMTP server is set up: add "smtp" to ${path.join(options.dataDir, configFileName)}`);
  const server = `${smtp.host}:${smtp.port}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const channel = createEmailChannel(smtp, { logger: options.logger, timeoutMs: Math.min(stepTimeoutMs, timeoutMs) });
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    const limit = `${seconds} second${seconds === 1 ? '' : 's'}`;
    timer = setTimeout(() => reject(new Error(`The SMTP server at ${server} did not finish within ${limit}`)), timeoutMs);
  });
  try {
    const response = await Promise.race([channel.sendMessage(to, testEmailContent, 'the test email'), deadline]);
    return { ok: true, message: sentence(`${server} accepted the test email to ${to}: ${response}`) };
  } catch (error) {
    return fail(messageOf(error));
  } finally {
    clearTimeout(timer);
  }
}

/** One line, one full stop, at most 500 characters: SMTP answers can span lines. */
function sentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '');
  return `${line.length > 500 ? `${line.slice(0, 499)}…` : line}.`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
