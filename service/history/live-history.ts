// What the stats need from the time the buckets do not cover yet: from `base` (the hour the cached window sums
// end at) until now, each monitor's checks per hour and its status changes, kept in memory as the writer commits
// them. Only committed data, so the figures never count what a crash could still lose.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { Bucket } from './bucket.ts';
import type { StoredCheck } from './check-codec.ts';
import { forEachObserved, type Span, type StatusChange } from './observed-status.ts';
import { addToHistogram, binOf } from './response-histogram.ts';
import { floorTo, hourMs } from './time-units.ts';

/** An hour still being filled: its histogram is its own, counted into in place. */
type LiveBucket = Bucket & { histogram: number[] };

interface Timeline {
  /** The status at `base`. */
  before: MonitorStatus;
  /** Changes after `base`, by time. */
  changes: StatusChange[];
}

export class LiveHistory {
  #base: number;
  /** Hour start → monitor seq → that hour's checks so far. */
  readonly #hours = new Map<number, Map<number, LiveBucket>>();
  readonly #timelines = new Map<number, Timeline>();

  constructor(base: number) {
    this.#base = base;
  }

  get base(): number {
    return this.#base;
  }

  addCheck(monitorSeq: number, check: StoredCheck): void {
    const hour = floorTo(check.at, hourMs);
    if (hour < this.#base) return;
    let monitors = this.#hours.get(hour);
    if (!monitors) this.#hours.set(hour, (monitors = new Map()));
    let bucket = monitors.get(monitorSeq);
    if (!bucket) monitors.set(monitorSeq, (bucket = { checks: 0, failed: 0, sumMs: 0, maxMs: 0, upMs: 0, downMs: 0, histogram: [] }));
    bucket.checks += 1;
    if (!check.ok) {
      bucket.failed += 1;
      return;
    }
    bucket.sumMs += check.durationMs;
    bucket.maxMs = Math.max(bucket.maxMs, check.durationMs);
    addToHistogram(bucket.histogram, binOf(check.durationMs));
  }

  /** Sets where a monitor's status stood at `base` (at start-up, from the database). */
  setStatusAtBase(monitorSeq: number, status: MonitorStatus): void {
    this.#timeline(monitorSeq).before = status;
  }

  addStatus(monitorSeq: number, change: StatusChange): void {
    if (change.at <= this.#base) {
      this.#timeline(monitorSeq).before = change.status;
      return;
    }
    const { changes } = this.#timeline(monitorSeq);
    // Same time: the later write wins, as in the database.
    if (changes.at(-1)?.at === change.at) changes.pop();
    changes.push(change);
  }

  /** Each hour's checks by monitor, for the hours from `fromHour` (at or after `base`) on. */
  hoursFrom(fromHour: number): ReadonlyMap<number, Bucket>[] {
    return [...this.#hours].filter(([hour]) => hour >= fromHour).map(([, monitors]) => monitors);
  }

  /** The monitor's observed up/down stretches of [from, to), from at or after `base`. */
  forEachObserved(monitorSeq: number, runs: readonly Span[], from: number, to: number, visit: (start: number, end: number, up: boolean) => void): void {
    const timeline = this.#timelines.get(monitorSeq);
    if (timeline) forEachObserved(timeline.before, timeline.changes, runs, Math.max(from, this.#base), to, visit);
  }

  /** Moves the start forward (the buckets now cover up to `base`), forgetting what came before. */
  moveBase(base: number): void {
    if (base <= this.#base) return;
    this.#base = base;
    for (const hour of this.#hours.keys()) if (hour < base) this.#hours.delete(hour);
    for (const timeline of this.#timelines.values()) {
      let passed = 0;
      while (passed < timeline.changes.length && (timeline.changes[passed]?.at ?? 0) <= base) {
        timeline.before = timeline.changes[passed]?.status ?? timeline.before;
        passed++;
      }
      if (passed > 0) timeline.changes.splice(0, passed);
    }
  }

  forget(monitorSeq: number): void {
    this.#timelines.delete(monitorSeq);
    for (const monitors of this.#hours.values()) monitors.delete(monitorSeq);
  }

  #timeline(monitorSeq: number): Timeline {
    let timeline = this.#timelines.get(monitorSeq);
    if (!timeline) this.#timelines.set(monitorSeq, (timeline = { before: 'unknown', changes: [] }));
    return timeline;
  }
}
