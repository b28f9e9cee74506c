// Live state for a server that offers the `changes` extension: its stream of changes (GET /changes) is followed
// while the session polls, and each change asks for a poll at once — so the overview, the lists, the item page
// and the tray show what the service recorded within a moment, with everything judged by the one poll path.
// Polling stays as it is: it is the fallback when the stream cannot be had, and the truth when it can.
import { CHANGES_EXTENSION } from '../../../common/api/changes.ts';
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';

export interface ChangeFollowerOptions {
  client: MonitoringClient;
  clock: Clock;
  logger: Logger;
  /** The server's name, for the log. */
  name: string;
  /** Something changed (or may have, while the stream was away): poll now. */
  refresh(): void;
}

/** Changes that arrive this close together are one poll (a check that fails records a status and an event). */
const coalesceMs = 100;
const firstRetryMs = 1_000;
const maxRetryMs = 60_000;

export class ChangeFollower {
  readonly #options: ChangeFollowerOptions;
  #following: AbortController | undefined;
  #retryTimer: TimerHandle | undefined;
  #refreshTimer: TimerHandle | undefined;
  #retryMs = firstRetryMs;
  /** Whether the stream was interrupted since it was last ready: what changed meanwhile was missed. */
  #missed = false;
  #toldFallback = false;

  constructor(options: ChangeFollowerOptions) {
    this.#options = options;
  }

  /** Follows the stream exactly while `wanted` holds (the session polls and the server lists `changes`). */
  sync(wanted: boolean, extensions: readonly string[] | undefined): void {
    const follow = wanted && extensions?.includes(CHANGES_EXTENSION) === true;
    if (follow && this.#following === undefined && this.#retryTimer === undefined) this.#open();
    if (!follow) this.stop();
  }

  stop(): void {
    this.#following?.abort();
    this.#following = undefined;
    this.#clear('retry');
    this.#clear('refresh');
    this.#retryMs = firstRetryMs;
  }

  /** Whether a stream is open now (tests, diagnostics). */
  get following(): boolean {
    return this.#following !== undefined;
  }

  #open(): void {
    const controller = new AbortController();
    this.#following = controller;
    const { client, logger, name } = this.#options;
    client
      .followChanges(
        {
          onReady: () => {
            this.#retryMs = firstRetryMs;
            this.#toldFallback = false;
            if (this.#missed) this.#refreshSoon();
            this.#missed = false;
          },
          onChange: () => this.#refreshSoon(),
        },
        controller.signal,
      )
      .then(
        () => this.#ended(controller, undefined),
        (error: unknown) => this.#ended(controller, error),
      )
      .catch((error: unknown) => logger.error(`Following the changes of ${name} failed.`, { error: String(error) }));
  }

  #ended(controller: AbortController, error: unknown): void {
    if (this.#following !== controller) return;
    this.#following = undefined;
    this.#missed = true;
    const { logger, name, clock } = this.#options;
    if (!this.#toldFallback) {
      const why = error instanceof MonitoringClientError ? `: ${error.message.replace(/[.!]+$/, '')}` : error === undefined ? ': the server ended it' : `: ${String(error)}`;
      logger.info(`The stream of changes from ${name} stopped${why}; polling goes on, and the stream is tried again.`);
      this.#toldFallback = true;
    }
    const delay = this.#retryMs;
    this.#retryMs = Math.min(maxRetryMs, this.#retryMs * 2);
    this.#retryTimer = clock.setTimer(() => {
      this.#retryTimer = undefined;
      this.#open();
    }, delay);
  }

  #refreshSoon(): void {
    if (this.#refreshTimer !== undefined) return;
    this.#refreshTimer = this.#options.clock.setTimer(() => {
      this.#refreshTimer = undefined;
      this.#options.refresh();
    }, coalesceMs);
  }

  #clear(which: 'retry' | 'refresh'): void {
    const timer = which === 'retry' ? this.#retryTimer : this.#refreshTimer;
    if (timer !== undefined) this.#options.clock.clearTimer(timer);
    if (which === 'retry') this.#retryTimer = undefined;
    else this.#refreshTimer = undefined;
  }
}
