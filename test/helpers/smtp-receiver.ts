// A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of outgoing email.
// Plain text only (no TLS); the message is decoded just enough to assert headers, subject and a text body.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { arrivals } from './arrivals.ts';

export interface ReceivedEmail {
  /** MAIL FROM of the envelope. */
  envelopeFrom: string | undefined;
  /** RCPT TO of the envelope: who really gets the message, whatever the headers say. */
  envelopeTo: string[];
  /** The user name the client logged in with, if it did. */
  user: string | undefined;
  /** Header names in lower case; unfolded values, still encoded. */
  headers: Map<string, string[]>;
  /** Decoded from RFC 2047 encoded words. */
  subject: string | undefined;
  /** A single-part body, transfer encoding undone, with "\n" line ends. */
  text: string;
  raw: string;
}

export interface SmtpReceiverOptions {
  /** When set, clients must log in with exactly these; otherwise logging in is optional and anything goes. */
  credentials?: { user: string; password: string };
}

export interface SmtpReceiver {
  port: number;
  messages: ReceivedEmail[];
  /** Every login tried, accepted or not, with the password it gave: what a server set up to collect them would keep. */
  logins: { user: string | undefined; password: string | undefined }[];
  /** Resolves with the messages once at least `count` have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export async function startSmtpReceiver({ credentials }: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const arrived = arrivals<ReceivedEmail>('email');
  const logins: SmtpReceiver['logins'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: credentials === undefined,
    // Auth without TLS is refused by default; this server only ever listens on loopback.
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username, password: auth.password ?? undefined });
      const accepted =
        credentials === undefined || (auth.username === credentials.user && auth.password === credentials.password);
      if (accepted) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        arrived.add({
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          envelopeFrom: mailFrom === false ? undefined : mailFrom.address,
          envelopeTo: rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    messages: arrived.received,
    logins,
    waitFor: arrived.waitFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(raw: string): Pick<ReceivedEmail, 'headers' | 'subject' | 'text' | 'raw'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const subject = headers.get('subject')?.[0];
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  return {
    headers,
    subject: subject === undefined ? undefined : decodeEncodedWords(subject),
    text: decodeBody(body, encoding).replace(/\r\n/g, '\n'),
    raw,
  };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: "=?UTF-8?Q?…?=" and "=?UTF-8?B?…?="; white space between adjacent encoded words is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
