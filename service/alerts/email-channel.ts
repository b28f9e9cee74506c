// Sends alerts (and the test email) as plain-text email through the configured SMTP server, one connection per
// message. nodemailer is loaded with the first message: most services never send one, and it is the service's
// largest library (docs/service.md, "Memory").
import { isEmailAddress } from '../../common/api/email-address.ts';
import type { Logger } from '../logger.ts';
import { alertEmailContent } from './alert-email-content.ts';
import type { AlertEvent } from './alert-event.ts';
import type { SmtpSettings } from './smtp-settings.ts';

export interface EmailContent {
  subject: string;
  text: string;
}

export interface EmailChannel {
  /** Resolves once the SMTP server accepted the message; rejects with a readable reason otherwise. */
  send(destination: string, event: AlertEvent): Promise<void>;
  /**
   * Any other message (the test email), with the same checks and transport as an alert: resolves with the
   * server's answer; rejects with "Could not send <what> through host:port: <reason>".
   */
  sendMessage(destination: string, content: EmailContent, what: string): Promise<string>;
}

export interface EmailChannelOptions {
  logger: Logger;
  /** Limit for connecting, for the server's greeting and for each silence on the socket. */
  timeoutMs?: number;
}

export function createEmailChannel(settings: SmtpSettings, { logger, timeoutMs = 15_000 }: EmailChannelOptions): EmailChannel {
  const openTransport = async () => {
    const { createTransport } = await import('nodemailer');
    return createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.security === 'tls',
      // Without these, nodemailer upgrades only when the server offers STARTTLS, and would fall back to clear text.
      requireTLS: settings.security === 'starttls',
      ignoreTLS: settings.security === 'none',
      auth: settings.user === undefined ? undefined : { user: settings.user, pass: settings.password },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
  };
  let transport: ReturnType<typeof openTransport> | undefined;
  const server = `${settings.host}:${settings.port}`;

  async function deliver(destination: string, { subject, text }: EmailContent, what: string): Promise<{ messageId: string; response: string }> {
    // One recipient per handler: a comma-separated list or a crafted address must not add recipients.
    if (!isEmailAddress(destination)) throw new Error('Email destination is not a single email address');
    try {
      const info = await (await (transport ??= openTransport())).sendMail({ from: { name: 'Vigil', address: settings.from }, to: destination, subject, text });
      return { messageId: info.messageId, response: info.response };
    } catch (error) {
      throw new Error(`Could not send ${what} through ${server}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  return {
    async send(destination, event) {
      const { messageId } = await deliver(destination, alertEmailContent(event), 'alert email');
      logger.info('Alert email sent', { event: event.event, to: destination, messageId });
    },
    async sendMessage(destination, content, what) {
      return (await deliver(destination, content, what)).response;
    },
  };
}
