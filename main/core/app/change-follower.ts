// Live state for a server that offers the `changes` extension: its stream of changes (GET /changes) is followed
// while the session polls, and each change asks for a poll at once — so the overview, the lists, the item page
// and the tray show what the service recorded within a moment, with everything judged by the one poll path.
// Polling stays as it is: it is the fallback when the stream cannot be had, and the truth when it can. What the
// stream says of monitors' statuses rides along with the next poll (`alongPolls`), so an outage shorter than the poll
// it asked for is still seen.
import { CHANGES_EXTENSION, type ChangeNotice, type StatusTaken } from '../../../common/api/changes.ts';
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import type { Snapshot } from '../model/snapshot.ts';

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
/** Statuses kept per monitor while polls fail: the latest ones, which are what a person would be told. */
const maxHeardPerMonitor = 8;

export class ChangeFollower {
  readonly #options: ChangeFollowerOptions;
  #following: AbortController | undefined;
  #retryTimer: TimerHandle | undefined;
  #refreshTimer: TimerHandle | undefined;
  #retryMs = firstRetryMs;
  /** Whether the stream was interrupted since it was last ready: what changed meanwhile was missed. */
  #missed = false;
  #toldFallback = false;
  /** Monitor statuses the stream told that no poll has carried yet, by monitor id, oldest first. */
  #heard = new Map<string, StatusTaken[]>();

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

  /**
   * `poll`, with the monitor statuses heard before it began set on its snapshot (`statusesBefore`): the service
   * told them before it read the lists the poll gets, so they are that snapshot's past. A poll that fails or is
   * abandoned hands them on to the next.
   */
  alongPolls(poll: (signal: AbortSignal) => Promise<Snapshot>): (signal: AbortSignal) => Promise<Snapshot> {
    return async (signal) => {
      const heard = this.#heard;
      this.#heard = new Map();
      let snapshot: Snapshot;
      try {
        snapshot = await poll(signal);
      } catch (error) {
        this.#handBack(heard);
        throw error;
      }
      if (signal.aborted) this.#handBack(heard);
      return heard.size === 0 || signal.aborted ? snapshot : { ...snapshot, statusesBefore: Object.fromEntries(heard) };
    };
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
          onChange: (notice) => {
            this.#hear(notice);
            this.#refreshSoon();
          },
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

  #hear({ kind, id, statuses }: Partial<ChangeNotice>): void {
    if (kind !== 'monitor' || id === undefined || statuses === undefined) return;
    this.#heard.set(id, [...(this.#heard.get(id) ?? []), ...statuses].slice(-maxHeardPerMonitor));
  }

  /** Statuses a poll took and could not carry go back before any heard since. */
  #handBack(heard: ReadonlyMap<string, StatusTaken[]>): void {
    for (const [id, statuses] of heard) this.#heard.set(id, [...statuses, ...(this.#heard.get(id) ?? [])].slice(-maxHeardPerMonitor));
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
