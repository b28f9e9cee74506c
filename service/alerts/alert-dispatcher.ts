// Delivers each alert to every notification handler. Handlers are independent of each other; each one gets
// its alerts one at a time and in order, so a receiver never sees "recovered" before the "down" it ends.
import type { Logger } from '../logger.ts';
import type { HandlerRecord } from '../storage/handler-store.ts';
import type { AlertEvent } from './alert-event.ts';
import type { EmailChannel } from './email-channel.ts';
import type { WebhookChannel } from './webhook-channel.ts';

export type AlertHandler = Pick<HandlerRecord, 'id' | 'name' | 'type' | 'destination'>;

export interface AlertDispatcherOptions {
  /** Read on every alert, so handlers added or deleted since take effect at once. */
  handlers: () => readonly AlertHandler[];
  /** No email channel means SMTP is not configured: email handlers are skipped. */
  channels: { email?: EmailChannel | undefined; webhook: WebhookChannel };
  logger: Logger;
  /** Deliveries waiting behind a busy handler, over all handlers; beyond it the oldest is dropped. */
  maxPending?: number;
}

interface Delivery {
  handler: AlertHandler;
  channel: EmailChannel | WebhookChannel;
  event: AlertEvent;
}

export class AlertDispatcher {
  readonly #handlers: () => readonly AlertHandler[];
  readonly #channels: AlertDispatcherOptions['channels'];
  readonly #logger: Logger;
  readonly #maxPending: number;
  /** Handler ids with a delivery in flight. */
  readonly #busy = new Set<string>();
  /** Oldest first. Only busy handlers have entries here. */
  readonly #pending: Delivery[] = [];
  /** Handler ids already warned about, so a skipped handler is reported once, not on every alert. */
  readonly #warned = new Set<string>();
  #idleWaiters: (() => void)[] = [];

  constructor({ handlers, channels, logger, maxPending = 1_000 }: AlertDispatcherOptions) {
    this.#handlers = handlers;
    this.#channels = channels;
    this.#logger = logger;
    this.#maxPending = maxPending;
  }

  /** Starts delivery and returns at once; failures are logged, never thrown. */
  dispatch(event: AlertEvent): void {
    let handlers: readonly AlertHandler[];
    try {
      handlers = this.#handlers();
    } catch (error) {
      this.#logger.error('Could not read notification handlers; alert not delivered', { event: event.event, error: messageOf(error) });
      return;
    }
    for (const handler of handlers) {
      const channel = this.#channelFor(handler);
      if (channel !== undefined) this.#enqueue({ handler, channel, event });
    }
  }

  /** Resolves once every delivery started or queued so far has succeeded or failed. */
  idle(): Promise<void> {
    if (this.#busy.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #channelFor(handler: AlertHandler): EmailChannel | WebhookChannel | undefined {
    switch (handler.type) {
      case 'webhook':
        return this.#channels.webhook;
      case 'email':
        if (this.#channels.email === undefined) this.#warnOnce(handler, 'Email handler skipped: SMTP is not configured');
        return this.#channels.email;
      default:
        this.#warnOnce(handler, 'Notification handler skipped: its type has no delivery channel');
        return undefined;
    }
  }

  #warnOnce(handler: AlertHandler, message: string): void {
    if (this.#warned.has(handler.id)) return;
    this.#warned.add(handler.id);
    this.#logger.warn(message, { handler: handler.id, name: handler.name, type: handler.type });
  }

  #enqueue(delivery: Delivery): void {
    if (!this.#busy.has(delivery.handler.id)) {
      void this.#run(delivery);
      return;
    }
    this.#pending.push(delivery);
    if (this.#pending.length > this.#maxPending) {
      const dropped = this.#pending.shift();
      this.#logger.warn('Alert delivery queue is full; dropped the oldest pending delivery', {
        handler: dropped?.handler.id,
        event: dropped?.event.event,
        maxPending: this.#maxPending,
      });
    }
  }

  async #run(delivery: Delivery): Promise<void> {
    const { handler, channel, event } = delivery;
    this.#busy.add(handler.id);
    try {
      await channel.send(handler.destination, event);
    } catch (error) {
      this.#logger.error('Alert delivery failed', {
        handler: handler.id,
        name: handler.name,
        type: handler.type,
        event: event.event,
        error: messageOf(error),
      });
    }
    const next = this.#takePending(handler.id);
    if (next !== undefined) {
      void this.#run(next);
      return;
    }
    this.#busy.delete(handler.id);
    if (this.#busy.size === 0) {
      const waiters = this.#idleWaiters;
      this.#idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  #takePending(handlerId: string): Delivery | undefined {
    const index = this.#pending.findIndex((pending) => pending.handler.id === handlerId);
    return index === -1 ? undefined : this.#pending.splice(index, 1)[0];
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
