// What a connection's server offers beyond the spec (`GET /capabilities`): asked when the session starts
// (its first answer), again when the server answers after failing (it may have been upgraded meanwhile), and hourly
// on a poll, so no timer is held for it. A server without the extension has none and is spec-only. A read-only
// source is never asked: it offers nothing of the monitoring API, said from the start (`fixed`).
import type { Capabilities } from '../../../common/api/index.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import type { PollOutcome } from '../model/snapshot.ts';

const askEveryMs = 3_600_000;
/** After a failed ask, the next poll at least this much later asks again. */
const retryAfterMs = 5 * 60_000;

export class ServerCapabilities {
  readonly #client: MonitoringClient;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #logger: Logger;
  readonly #onChange: () => void;
  #known: Capabilities | undefined;
  #nextAskAt = -Infinity;
  #asking: Promise<Capabilities | undefined> | undefined;
  #lastPollFailed = false;
  readonly #fixed: boolean;

  constructor(options: { client: MonitoringClient; clock: Pick<Clock, 'now'>; logger: Logger; onChange(): void; fixed?: Capabilities }) {
    this.#client = options.client;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#onChange = options.onChange;
    this.#known = options.fixed;
    this.#fixed = options.fixed !== undefined;
  }

  /** As last answered; undefined until the server has been asked. */
  get current(): Capabilities | undefined {
    return this.#known;
  }

  hasHistory(): boolean {
    return this.#known?.extensions.includes('history') === true;
  }

  /** After each poll: asks when it is due (first answer, answering again after failures, an hour on). */
  afterPoll(outcome: PollOutcome): void {
    const reconnected = outcome.ok && this.#lastPollFailed;
    this.#lastPollFailed = !outcome.ok;
    if (!outcome.ok || (!reconnected && this.#clock.now() < this.#nextAskAt)) return;
    void this.ask();
  }

  /** What the server offers, asked now unless known (a history call must not guess). */
  async known(): Promise<Capabilities | undefined> {
    return this.#known ?? (await this.ask());
  }

  ask(): Promise<Capabilities | undefined> {
    if (this.#fixed) return Promise.resolve(this.#known);
    this.#asking ??= this.#ask().finally(() => (this.#asking = undefined));
    return this.#asking;
  }

  async #ask(): Promise<Capabilities | undefined> {
    try {
      const capabilities = await this.#client.getCapabilities();
      this.#nextAskAt = this.#clock.now() + askEveryMs;
      const changed = JSON.stringify(capabilities) !== JSON.stringify(this.#known);
      this.#known = capabilities;
      if (changed) this.#onChange();
      return capabilities;
    } catch (error) {
      this.#nextAskAt = this.#clock.now() + retryAfterMs;
      if (!(error instanceof MonitoringClientError)) this.#logger.error('Asking the server what it offers failed.', { error: String(error) });
      return this.#known;
    }
  }
}
