// Posts alerts as JSON to webhook URLs, retrying what may be temporary.
import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import type { AlertEvent } from './alert-event.ts';
import { discardBody } from './discard-body.ts';
import { retryAfterMs } from './retry-after.ts';
import { loggableUrl, parseWebhookUrl } from './webhook-url.ts';

export interface WebhookChannel {
  /** Resolves on a 2xx answer; rejects with a readable reason (never the full URL) once retries are spent. */
  send(url: string, event: AlertEvent): Promise<void>;
}

export interface WebhookChannelOptions {
  fetch?: typeof globalThis.fetch;
  /** Paces the waits between attempts. */
  clock: Clock;
  /** Limit per attempt, from sending the request to the end of the response body. */
  timeoutMs?: number;
  /** Attempts after the first one. */
  retries?: number;
  /** Wait before retry n; the last entry repeats. A Retry-After header takes precedence. */
  backoffMs?: readonly number[];
  logger: Logger;
}

type AttemptOutcome =
  | { delivered: true; status: number }
  | { delivered: false; retryable: boolean; reason: string; retryAfterMs?: number | undefined };

export function createWebhookChannel({
  fetch = globalThis.fetch,
  clock,
  timeoutMs = 10_000,
  retries = 3,
  backoffMs = [1_000, 5_000, 15_000],
  logger,
}: WebhookChannelOptions): WebhookChannel {
  async function attempt(url: URL, body: string): Promise<AttemptOutcome> {
    // Real time, like a socket timeout: it guards the connection, while the clock paces the retries.
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Vigil-Service/1.0' },
        body,
        // A redirect could carry the alert to another host, so it counts as a failure.
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      return { delivered: false, retryable: true, reason: signal.aborted ? `no answer within ${timeoutMs} ms` : networkReason(error) };
    }
    await discardBody(response);
    const status = response.status;
    if (status >= 200 && status < 300) return { delivered: true, status };
    if (status >= 300 && status < 400) return { delivered: false, retryable: false, reason: `HTTP ${status} redirect, not followed` };
    if (status === 408 || status === 429 || status >= 500) {
      const serverDelayMs = retryAfterMs(response.headers.get('retry-after'), clock.now());
      return { delivered: false, retryable: true, reason: `HTTP ${status}`, retryAfterMs: serverDelayMs };
    }
    return { delivered: false, retryable: false, reason: `HTTP ${status}` };
  }

  return {
    async send(destination, event) {
      const url = parseWebhookUrl(destination);
      const { event: kind, occurred_at, message, subject } = event;
      const body = JSON.stringify({ event: kind, occurred_at, message, subject });
      for (let attempts = 1; ; attempts += 1) {
        const outcome = await attempt(url, body);
        if (outcome.delivered) {
          logger.info('Webhook delivered', { event: kind, url: loggableUrl(url), status: outcome.status, attempts });
          return;
        }
        if (!outcome.retryable || attempts > retries) {
          throw new Error(`Webhook ${loggableUrl(url)} failed after ${attempts} attempt(s): ${outcome.reason}`);
        }
        const waitMs = outcome.retryAfterMs ?? backoffMs[Math.min(attempts, backoffMs.length) - 1] ?? 0;
        logger.warn('Webhook attempt failed, will retry', { url: loggableUrl(url), attempts, reason: outcome.reason, waitMs });
        await new Promise<void>((resolve) => clock.setTimer(resolve, waitMs));
      }
    },
  };
}

/** undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, …) in the cause. */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
