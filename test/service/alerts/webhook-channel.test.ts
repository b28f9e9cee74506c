import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookChannel, type WebhookChannelOptions } from '../../../service/alerts/webhook-channel.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { instantClock, type InstantClock } from './instant-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { heartbeatLate, monitorDown } from './sample-events.ts';

let receiver: WebhookReceiver;
let clock: InstantClock;
let logger: RecordingLogger;
const channel = (options: Partial<WebhookChannelOptions> = {}) => createWebhookChannel({ clock, logger, ...options });

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  clock = instantClock();
  logger = recordingLogger();
});
afterEach(() => receiver.close());

describe('webhook channel', () => {
  it('posts the alert event as JSON', async () => {
    await channel().send(receiver.url, heartbeatLate);

    const [request] = receiver.requests;
    expect(receiver.requests).toHaveLength(1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/hook');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe('Vigil-Service/1.0');
    expect(request?.rawBody).toBe(JSON.stringify(heartbeatLate));
    expect(request?.body).toEqual({
      event: 'heartbeat.late',
      occurred_at: heartbeatLate.occurred_at,
      message: heartbeatLate.message,
      subject: heartbeatLate.subject,
    });
    expect(clock.delays).toEqual([]);
  });

  it('sends only the four event fields, whatever else the object carries', async () => {
    await channel().send(receiver.url, { ...monitorDown, internal: 'x' } as typeof monitorDown);
    expect(Object.keys(receiver.requests[0]?.body as object)).toEqual(['event', 'occurred_at', 'message', 'subject']);
  });

  it('retries a 503 with back-off, then succeeds', async () => {
    receiver.respondWith(503, 503, 200);
    await channel().send(receiver.url, monitorDown);
    expect(receiver.requests).toHaveLength(3);
    expect(clock.delays).toEqual([1_000, 5_000]);
    expect(logger.entries.map((entry) => entry.level)).toEqual(['warn', 'warn', 'info']);
  });

  it('gives up after the last retry', async () => {
    receiver.respondWith(503, 502, 500, 504, 200);
    await expect(channel().send(receiver.url, monitorDown)).rejects.toThrow(
      `Webhook ${new URL(receiver.url).origin} failed after 4 attempt(s): HTTP 504`,
    );
    expect(receiver.requests).toHaveLength(4);
    expect(clock.delays).toEqual([1_000, 5_000, 15_000]);
  });

  it('repeats the last back-off step when there are more retries than steps', async () => {
    receiver.respondWith(408, 503, 503, 200);
    await channel({ backoffMs: [10, 20] }).send(receiver.url, monitorDown);
    expect(clock.delays).toEqual([10, 20, 20]);
  });

  it('honours Retry-After in seconds, capped at 60 s', async () => {
    receiver.respondWith({ status: 429, headers: { 'retry-after': '7' } }, { status: 503, headers: { 'retry-after': '3600' } }, 200);
    await channel().send(receiver.url, monitorDown);
    expect(clock.delays).toEqual([7_000, 60_000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    receiver.respondWith({ status: 429, headers: { 'retry-after': new Date(clock.now() + 30_000).toUTCString() } }, 200);
    await channel().send(receiver.url, monitorDown);
    expect(clock.delays).toEqual([30_000]);
  });

  it.each([400, 401, 404, 410, 422])('does not retry HTTP %i', async (status) => {
    receiver.respondWith(status);
    await expect(channel().send(receiver.url, monitorDown)).rejects.toThrow(`failed after 1 attempt(s): HTTP ${status}`);
    expect(receiver.requests).toHaveLength(1);
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      receiver.respondWith({ status: 307, headers: { location: elsewhere.url } });
      await expect(channel().send(receiver.url, monitorDown)).rejects.toThrow('HTTP 307 redirect, not followed');
      expect(receiver.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('times out a receiver that never answers, and retries it', async () => {
    receiver.respondWith('stall', 200);
    await channel({ timeoutMs: 200 }).send(receiver.url, monitorDown);
    expect(receiver.requests).toHaveLength(2);
    expect(logger.entries[0]?.fields).toMatchObject({ reason: 'no answer within 200 ms' });
  });

  it('rejects when every attempt times out', async () => {
    receiver.respondWith('stall', 'stall');
    await expect(channel({ timeoutMs: 150, retries: 1 }).send(receiver.url, monitorDown)).rejects.toThrow(
      'failed after 2 attempt(s): no answer within 150 ms',
    );
  });

  it('retries network errors', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    await expect(channel().send(closed.url, monitorDown)).rejects.toThrow(/failed after 4 attempt\(s\): fetch failed: .*ECONNREFUSED/);
    expect(clock.delays).toEqual([1_000, 5_000, 15_000]);
  });

  it('never logs or reports the path or query of the URL', async () => {
    receiver.respondWith(503, 404);
    const secretUrl = `${receiver.url}/T000/s3cr3t-path?token=s3cr3t-query`;
    const failure = channel().send(secretUrl, monitorDown);
    await expect(failure).rejects.toThrow('HTTP 404');
    await expect(failure).rejects.not.toThrow(/s3cr3t/);
    expect(receiver.requests[0]?.path).toBe('/hook/T000/s3cr3t-path?token=s3cr3t-query');
    expect(logger.entries).not.toHaveLength(0);
    expect(logger.text()).not.toContain('s3cr3t');
  });

  it.each([
    ['not a URL', 'not a url s3cr3t', 'Webhook destination is not an http(s) URL'],
    ['another scheme', 'ftp://127.0.0.1/s3cr3t', 'Webhook destination is not an http(s) URL'],
    ['credentials', 'http://user:s3cr3t@127.0.0.1/hook', /credentials in the URL, which are not supported/],
  ])('refuses %s without sending or echoing it', async (_case, destination, message) => {
    const failure = channel().send(destination, monitorDown);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.not.toThrow(/s3cr3t/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('reads at most 64 KiB of the response body', async () => {
    let pulledBytes = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulledBytes += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const fetch = () => Promise.resolve(new Response(endless, { status: 200 }));
    await channel({ fetch }).send(receiver.url, monitorDown);
    expect(pulledBytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(pulledBytes).toBeLessThanOrEqual(96 * 1024);
  });

  it('succeeds with a large response body from a real server', async () => {
    receiver.respondWith({ status: 200, body: 'x'.repeat(1024 * 1024) });
    await channel().send(receiver.url, monitorDown);
    expect(receiver.requests).toHaveLength(1);
  });
});
