import { afterEach, describe, expect, it } from 'vitest';
import { AlertDispatcher, type AlertHandler } from '../../../service/alerts/alert-dispatcher.ts';
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';
import { createEmailChannel } from '../../../service/alerts/email-channel.ts';
import { createWebhookChannel } from '../../../service/alerts/webhook-channel.ts';
import { silentLogger } from '../../../service/logger.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { instantClock } from './instant-clock.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { domainExpiring, heartbeatLate, monitorDown, monitorUp } from './sample-events.ts';

const handler = (id: string, type: string, destination = `${id}-destination`): AlertHandler => ({
  id,
  name: `handler ${id}`,
  type,
  destination,
});

/** A channel whose deliveries stay open until the test settles them. */
function manualChannel() {
  const calls: { destination: string; event: AlertEvent; succeed: () => void; fail: (error: Error) => void }[] = [];
  return {
    calls,
    send: (destination: string, event: AlertEvent) =>
      new Promise<void>((resolve, reject) => calls.push({ destination, event, succeed: resolve, fail: reject })),
  };
}

/** A channel that records deliveries and settles at once, failing for the given destinations. */
function recordingChannel(failFor: string[] = []) {
  const sent: { destination: string; event: AlertEvent['event'] }[] = [];
  return {
    sent,
    send(destination: string, event: AlertEvent) {
      sent.push({ destination, event: event.event });
      return failFor.includes(destination) ? Promise.reject(new Error(`refused by ${destination}`)) : Promise.resolve();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('AlertDispatcher', () => {
  const servers: (SmtpReceiver | WebhookReceiver)[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('delivers to every handler of every type through real channels', async () => {
    const smtp = await startSmtpReceiver();
    const hookA = await startWebhookReceiver();
    const hookB = await startWebhookReceiver();
    servers.push(smtp, hookA, hookB);
    const logger = recordingLogger();
    const dispatcher = new AlertDispatcher({
      handlers: () => [
        handler('h1', 'webhook', hookA.url),
        handler('h2', 'email', 'ops@example.com'),
        handler('h3', 'webhook', hookB.url),
        handler('h4', 'pagerduty'),
      ],
      channels: {
        email: createEmailChannel({ host: '127.0.0.1', port: smtp.port, security: 'none', from: 'vigil@example.com' }, { logger }),
        webhook: createWebhookChannel({ clock: instantClock(), logger }),
      },
      logger,
    });

    dispatcher.dispatch(monitorDown);
    await dispatcher.idle();

    expect(hookA.requests.map((request) => request.body)).toEqual([monitorDown]);
    expect(hookB.requests.map((request) => request.body)).toEqual([monitorDown]);
    expect(smtp.messages.map((message) => message.subject)).toEqual(['[Vigil] DOWN: API (https://api.example.com)']);
    expect(logger.entries.filter((entry) => entry.level !== 'info')).toEqual([
      {
        level: 'warn',
        message: 'Notification handler skipped: its type has no delivery channel',
        fields: { handler: 'h4', name: 'handler h4', type: 'pagerduty' },
      },
    ]);
  });

  it('returns at once and keeps delivering to others while one handler hangs', async () => {
    const webhook = manualChannel();
    const dispatcher = new AlertDispatcher({
      handlers: () => [handler('slow', 'webhook'), handler('fast', 'webhook')],
      channels: { webhook },
      logger: silentLogger,
    });

    dispatcher.dispatch(monitorDown);
    expect(webhook.calls.map((call) => call.destination)).toEqual(['slow-destination', 'fast-destination']);
    webhook.calls[1]?.succeed();
    await flush();
    dispatcher.dispatch(monitorUp);
    expect(webhook.calls.map((call) => call.destination)).toEqual(['slow-destination', 'fast-destination', 'fast-destination']);

    let idle = false;
    void dispatcher.idle().then(() => (idle = true));
    webhook.calls[2]?.succeed();
    await flush();
    expect(idle).toBe(false);
    webhook.calls[0]?.succeed();
    await flush();
    // The slow handler gets its queued alert after its first one, in order.
    expect(webhook.calls[3]?.destination).toBe('slow-destination');
    expect(webhook.calls[3]?.event).toBe(monitorUp);
    webhook.calls[3]?.succeed();
    await dispatcher.idle();
    expect(idle).toBe(true);
  });

  it('logs a failed delivery with its handler and delivers to the rest', async () => {
    const webhook = recordingChannel(['bad-destination']);
    const logger = recordingLogger();
    const dispatcher = new AlertDispatcher({
      handlers: () => [handler('bad', 'webhook'), handler('good', 'webhook')],
      channels: { webhook },
      logger,
    });

    dispatcher.dispatch(heartbeatLate);
    await dispatcher.idle();

    expect(webhook.sent).toEqual([
      { destination: 'bad-destination', event: 'heartbeat.late' },
      { destination: 'good-destination', event: 'heartbeat.late' },
    ]);
    expect(logger.entries).toEqual([
      {
        level: 'error',
        message: 'Alert delivery failed',
        fields: { handler: 'bad', name: 'handler bad', type: 'webhook', event: 'heartbeat.late', error: 'refused by bad-destination' },
      },
    ]);
  });

  it('never throws, even when a channel or the handler list throws', async () => {
    const logger = recordingLogger();
    const throwing = new AlertDispatcher({
      handlers: () => [handler('h1', 'webhook')],
      channels: {
        webhook: {
          send() {
            throw new Error('synchronous failure');
          },
        },
      },
      logger,
    });
    expect(() => throwing.dispatch(monitorDown)).not.toThrow();
    await throwing.idle();
    expect(logger.entries[0]?.fields).toMatchObject({ error: 'synchronous failure' });

    const broken = new AlertDispatcher({
      handlers: () => {
        throw new Error('database is closed');
      },
      channels: { webhook: recordingChannel() },
      logger,
    });
    expect(() => broken.dispatch(monitorDown)).not.toThrow();
    await broken.idle();
    expect(logger.entries[1]).toMatchObject({ level: 'error', fields: { error: 'database is closed' } });
  });

  it('skips email handlers without SMTP, warning once per handler', async () => {
    const webhook = recordingChannel();
    const logger = recordingLogger();
    const dispatcher = new AlertDispatcher({
      handlers: () => [handler('mail1', 'email'), handler('hook', 'webhook'), handler('mail2', 'email'), handler('x', 'sms')],
      channels: { webhook },
      logger,
    });

    for (const event of [monitorDown, monitorUp, domainExpiring]) dispatcher.dispatch(event);
    await dispatcher.idle();

    expect(webhook.sent.map((sent) => sent.event)).toEqual(['monitor.down', 'monitor.up', 'domain.expiring']);
    expect(logger.entries.map((entry) => [entry.message, entry.fields?.['handler']])).toEqual([
      ['Email handler skipped: SMTP is not configured', 'mail1'],
      ['Email handler skipped: SMTP is not configured', 'mail2'],
      ['Notification handler skipped: its type has no delivery channel', 'x'],
    ]);
  });

  it('reads the handlers on every alert', async () => {
    const webhook = recordingChannel();
    let handlers = [handler('a', 'webhook')];
    const dispatcher = new AlertDispatcher({ handlers: () => handlers, channels: { webhook }, logger: silentLogger });
    dispatcher.dispatch(monitorDown);
    handlers = [handler('b', 'webhook')];
    dispatcher.dispatch(monitorUp);
    await dispatcher.idle();
    expect(webhook.sent).toEqual([
      { destination: 'a-destination', event: 'monitor.down' },
      { destination: 'b-destination', event: 'monitor.up' },
    ]);
  });

  it('resolves idle() at once when nothing is in flight', async () => {
    const dispatcher = new AlertDispatcher({ handlers: () => [], channels: { webhook: recordingChannel() }, logger: silentLogger });
    dispatcher.dispatch(monitorDown);
    await expect(dispatcher.idle()).resolves.toBeUndefined();
  });

  it('bounds the pending deliveries, dropping the oldest with a warning', async () => {
    const webhook = manualChannel();
    const logger = recordingLogger();
    const dispatcher = new AlertDispatcher({ handlers: () => [handler('down', 'webhook')], channels: { webhook }, logger, maxPending: 3 });
    const events = Array.from({ length: 6 }, (_, index): AlertEvent => ({ ...monitorDown, message: `alert ${index}` }));

    for (const event of events) dispatcher.dispatch(event);
    expect(logger.entries).toEqual([
      expect.objectContaining({ level: 'warn', message: 'Alert delivery queue is full; dropped the oldest pending delivery' }),
      expect.objectContaining({ level: 'warn', message: 'Alert delivery queue is full; dropped the oldest pending delivery' }),
    ]);
    for (let index = 0; index < 4; index += 1) {
      webhook.calls[index]?.succeed();
      await flush();
    }
    await dispatcher.idle();
    expect(webhook.calls.map((call) => call.event.message)).toEqual(['alert 0', 'alert 3', 'alert 4', 'alert 5']);
  });
});
