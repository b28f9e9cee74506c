import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmailChannel } from '../../../service/alerts/email-channel.ts';
import type { SmtpSettings } from '../../../service/alerts/smtp-settings.ts';
import { silentLogger } from '../../../service/logger.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { monitorDown } from './sample-events.ts';

const settingsFor = (port: number, extra: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  from: 'vigil@example.com',
  ...extra,
});

let receiver: SmtpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('email channel', () => {
  it('delivers the alert through a real SMTP server', async () => {
    receiver = await startSmtpReceiver();
    const logger = recordingLogger();
    await createEmailChannel(settingsFor(receiver.port), { logger }).send('ops@example.com', monitorDown);

    const [email] = await receiver.waitFor(1);
    expect(email?.envelopeFrom).toBe('vigil@example.com');
    expect(email?.envelopeTo).toEqual(['ops@example.com']);
    expect(email?.headers.get('to')).toEqual(['ops@example.com']);
    expect(email?.headers.get('from')).toEqual(['Vigil <vigil@example.com>']);
    expect(email?.subject).toBe('[Vigil] DOWN: API (https://api.example.com)');
    expect(email?.headers.get('content-type')?.[0]).toMatch(/^text\/plain/);
    expect(email?.text).toContain('Monitor “API” is down: connection refused\n');
    expect(email?.text).toContain('Time: 2026-03-01 12:34:56 UTC\n');
    expect(email?.text).toContain('Target: https://api.example.com\n');
    expect(logger.entries).toEqual([
      expect.objectContaining({ level: 'info', message: 'Alert email sent', fields: expect.objectContaining({ to: 'ops@example.com' }) }),
    ]);
  });

  it('logs in with user and password over loopback, and never logs the password', async () => {
    receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password: 'pa55-secret' } });
    const logger = recordingLogger();
    const channel = createEmailChannel(settingsFor(receiver.port, { user: 'alerts', password: 'pa55-secret' }), { logger });
    await channel.send('ops@example.com', monitorDown);

    const [email] = await receiver.waitFor(1);
    expect(email?.user).toBe('alerts');
    expect(logger.text()).not.toContain('pa55-secret');
  });

  it('rejects with a clear error when the login is refused', async () => {
    receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password: 'right' } });
    const channel = createEmailChannel(settingsFor(receiver.port, { user: 'alerts', password: 'wrong-secret' }), {
      logger: silentLogger,
    });
    const failure = channel.send('ops@example.com', monitorDown);
    await expect(failure).rejects.toThrow(`Could not send alert email through 127.0.0.1:${receiver.port}: Invalid login`);
    await expect(failure).rejects.not.toThrow(/wrong-secret/);
    expect(receiver.messages).toHaveLength(0);
  });

  it('rejects with a clear error when the SMTP server is down', async () => {
    const stopped = await startSmtpReceiver();
    await stopped.close();
    const channel = createEmailChannel(settingsFor(stopped.port), { logger: silentLogger });
    await expect(channel.send('ops@example.com', monitorDown)).rejects.toThrow(
      `Could not send alert email through 127.0.0.1:${stopped.port}: connect ECONNREFUSED`,
    );
  });

  it('gives up on a server that never greets, after the timeout', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const channel = createEmailChannel(settingsFor(port), { logger: silentLogger, timeoutMs: 300 });
      const started = performance.now();
      await expect(channel.send('ops@example.com', monitorDown)).rejects.toThrow(/Greeting never received|timeout/i);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('never falls back to clear text when STARTTLS is required', async () => {
    receiver = await startSmtpReceiver();
    const channel = createEmailChannel(settingsFor(receiver.port, { security: 'starttls', user: 'a', password: 'pw-secret' }), {
      logger: silentLogger,
    });
    await expect(channel.send('ops@example.com', monitorDown)).rejects.toThrow(/STARTTLS/);
    expect(receiver.messages).toHaveLength(0);
  });

  it('cannot be made to add headers or recipients through a monitor name', async () => {
    receiver = await startSmtpReceiver();
    const event = { ...monitorDown, subject: { ...monitorDown.subject, name: 'API\r\nBcc: x@y.example\r\nX-Evil: 1' } };
    await createEmailChannel(settingsFor(receiver.port), { logger: silentLogger }).send('ops@example.com', event);

    const [email] = await receiver.waitFor(1);
    expect(email?.envelopeTo).toEqual(['ops@example.com']);
    expect(email?.headers.has('bcc')).toBe(false);
    expect(email?.headers.has('x-evil')).toBe(false);
    expect(email?.subject).toBe('[Vigil] DOWN: API Bcc: x@y.example X-Evil: 1 (https://api.example.com)');
  });

  it.each(['ops@example.com, boss@example.com', 'ops@example.com\r\nBcc: x@y.example', 'not an address'])(
    'refuses a destination that is not one address: %j',
    async (destination) => {
      receiver = await startSmtpReceiver();
      const channel = createEmailChannel(settingsFor(receiver.port), { logger: silentLogger });
      await expect(channel.send(destination, monitorDown)).rejects.toThrow('Email destination is not a single email address');
      expect(receiver.messages).toHaveLength(0);
    },
  );
});
