// The service's periodic chores on one timer. Each chore says how long it may wait at most, and all of them run
// together at the shortest of those waits: an idle service wakes once for the history's upkeep and the keep-alive of
// every open stream of changes, not once for each. A service that is awake anyway (a check's result) runs them a
// little early instead, so while checks keep coming the timer never fires (docs/service.md, "At rest").
import type { Clock, TimerHandle } from '../common/clock.ts';

interface Chore {
  maxGapMs: number;
  run(): void;
}

export class Upkeep {
  readonly #clock: Clock;
  readonly #chores = new Set<Chore>();
  #timer: TimerHandle | undefined;
  #dueAt = Number.POSITIVE_INFINITY;
  #lastRunAt: number;

  constructor(clock: Clock) {
    this.#clock = clock;
    this.#lastRunAt = clock.now();
  }

  /** Runs `run` at least every `maxGapMs` (with the others, possibly sooner) until the returned function is called. */
  every(maxGapMs: number, run: () => void): () => void {
    const chore: Chore = { maxGapMs, run };
    this.#chores.add(chore);
    // A chore that needs a shorter gap than the timer was set for brings it nearer.
    if (this.#lastRunAt + maxGapMs < this.#dueAt) this.#arm(this.#lastRunAt + maxGapMs);
    return () => {
      this.#chores.delete(chore);
      if (this.#chores.size === 0) this.#disarm();
    };
  }

  /**
   * The service is awake for something else: chores due within a third of their gap run now rather than wake it
   * again later. Cheap enough to call for every check's result.
   */
  awake(): void {
    if (this.#timer !== undefined && this.#dueAt - this.#clock.now() <= this.#shortestGap() / 3) this.#tick();
  }

  /** Stops the timer; chores added afterwards start it again. */
  stop(): void {
    this.#chores.clear();
    this.#disarm();
  }

  #tick(): void {
    this.#lastRunAt = this.#clock.now();
    // The next run is set first, so a chore that starts or ends chores changes the timer as it will be.
    this.#arm(this.#lastRunAt + this.#shortestGap());
    // A chore that ends itself (or another) while they run is not run afterwards.
    for (const chore of [...this.#chores]) if (this.#chores.has(chore)) chore.run();
  }

  #shortestGap(): number {
    let shortest = Number.POSITIVE_INFINITY;
    for (const chore of this.#chores) shortest = Math.min(shortest, chore.maxGapMs);
    return shortest;
  }

  #arm(at: number): void {
    this.#disarm();
    this.#dueAt = at;
    this.#timer = this.#clock.setTimer(() => this.#tick(), Math.max(0, at - this.#clock.now()));
  }

  #disarm(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#dueAt = Number.POSITIVE_INFINITY;
  }
}
