// Polls one connection on its interval. One poll at a time, never overlapping; backoff with jitter on failure
// (honouring Retry-After); refreshNow, pause and resume for the shell (sleep/wake, network changes). Between
// polls it holds exactly one timer and nothing else.
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../../common/clock.ts';
import type { ClientErrorInfo, PollOutcome, Snapshot } from '../model/snapshot.ts';
import { backoffDelayMs } from './backoff.ts';

export const defaultPollIntervalMs = 60_000;
export const minPollIntervalMs = 10_000;

export interface PollerOptions {
  clock: Clock;
  /** One poll of the connection; rejects with anything `describeError` understands. */
  poll(signal: AbortSignal): Promise<Snapshot>;
  describeError(error: unknown): ClientErrorInfo;
  onOutcome(outcome: PollOutcome): void;
  /** Told when `onOutcome` throws; polling goes on regardless (a failure there must never stop a server's polling). */
  onOutcomeFailed?(error: unknown): void;
  intervalMs?: number;
  random?: () => number;
}

export type PollerState = 'stopped' | 'waiting' | 'polling' | 'paused';

export class Poller {
  readonly #options: PollerOptions;
  readonly #random: () => number;
  #intervalMs: number;
  #state: PollerState = 'stopped';
  #timer: TimerHandle | undefined;
  #inFlight: { controller: AbortController; done: Promise<void> } | undefined;
  #again = false;
  #failures = 0;

  constructor(options: PollerOptions) {
    this.#options = options;
    this.#random = options.random ?? Math.random;
    this.#intervalMs = clampInterval(options.intervalMs ?? defaultPollIntervalMs);
  }

  get state(): PollerState {
    return this.#state;
  }

  /** Polls at once, then on the interval. */
  start(): void {
    if (this.#state !== 'stopped') return;
    this.#state = 'waiting';
    this.#pollNow();
  }

  /** A poll as soon as possible: now, or right after the one in flight. */
  refreshNow(): void {
    if (this.#state === 'stopped' || this.#state === 'paused') return;
    if (this.#inFlight) this.#again = true;
    else this.#pollNow();
  }

  /** Stops polling (the machine sleeps, the network is gone, or the token was rejected); a poll in flight is abandoned. */
  pause(): void {
    if (this.#state === 'stopped' || this.#state === 'paused') return;
    this.#state = 'paused';
    this.#cancelTimer();
    this.#inFlight?.controller.abort();
  }

  /** Polls at once and carries on; failures so far are forgotten, since what failed may have been the pause's cause. */
  resume(): void {
    if (this.#state !== 'paused') return;
    this.#state = 'waiting';
    this.#failures = 0;
    if (this.#inFlight) this.#again = true;
    else this.#pollNow();
  }

  setIntervalMs(intervalMs: number): void {
    this.#intervalMs = clampInterval(intervalMs);
    if (this.#state === 'waiting' && !this.#inFlight && this.#failures === 0) this.#schedule(this.#intervalMs);
  }

  async stop(): Promise<void> {
    this.#state = 'stopped';
    this.#cancelTimer();
    const inFlight = this.#inFlight;
    inFlight?.controller.abort();
    await inFlight?.done;
  }

  #pollNow(): void {
    this.#cancelTimer();
    this.#state = 'polling';
    const controller = new AbortController();
    const done = this.#options.poll(controller.signal).then(
      (snapshot) => this.#finish(controller, { ok: true, snapshot }),
      (error: unknown) => this.#finish(controller, { ok: false, error: this.#options.describeError(error), at: this.#options.clock.now() }),
    );
    this.#inFlight = { controller, done };
  }

  #finish(controller: AbortController, outcome: PollOutcome): void {
    this.#inFlight = undefined;
    // An abandoned poll (pause, stop) reports nothing: its failure says nothing about the server.
    if (controller.signal.aborted) {
      if (this.#state === 'waiting' && this.#again) this.#pollAgain();
      return;
    }
    if (this.#state === 'polling') this.#state = 'waiting';
    this.#failures = outcome.ok ? 0 : this.#failures + 1;
    try {
      this.#options.onOutcome(outcome);
    } catch (error) {
      this.#options.onOutcomeFailed?.(error);
    }
    if (this.#state !== 'waiting') return;
    if (this.#again) return this.#pollAgain();
    this.#schedule(
      outcome.ok
        ? this.#intervalMs
        : backoffDelayMs({ failures: this.#failures, intervalMs: this.#intervalMs, random: this.#random(), retryAfterMs: outcome.error.retryAfterMs }),
    );
  }

  #pollAgain(): void {
    this.#again = false;
    this.#pollNow();
  }

  /** Waits in steps no longer than the timer limit, so a long delay is never cut short by an overflow. */
  #schedule(delayMs: number): void {
    this.#cancelTimer();
    const dueAt = this.#options.clock.now() + delayMs;
    const step = () => {
      const remaining = dueAt - this.#options.clock.now();
      if (remaining > 0) this.#timer = this.#options.clock.setTimer(step, Math.min(remaining, maxTimerDelayMs));
      else {
        this.#timer = undefined;
        this.#pollNow();
      }
    };
    this.#timer = this.#options.clock.setTimer(step, Math.min(delayMs, maxTimerDelayMs));
  }

  #cancelTimer(): void {
    if (this.#timer) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }
}

function clampInterval(intervalMs: number): number {
  return Math.max(minPollIntervalMs, Number.isFinite(intervalMs) ? intervalMs : defaultPollIntervalMs);
}
