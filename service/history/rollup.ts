// Sums raw checks and status changes into hourly buckets, and hourly buckets into daily ones. Every bucket is
// recomputed from its sources and replaces what was there, so running the rollup again — after a crash halfway
// through, or for a check that arrived late — changes nothing it had already got right. Only durable data goes
// in (the runs as saved, not this process's memory), so a re-run after a crash sees the same inputs.
//
// An hour is summed once it is `settleMs` past its end (every check started in it has been written by then);
// a day once its last hour is. Marks in the database say how far each tier is complete.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import type { MonitorStatusChange } from './storage/status-change-store.ts';
import { Tally, type Bucket } from './bucket.ts';
import { forEachCheck } from './check-codec.ts';
import { observedSegments, upDownMs, type Span, type StatusChange } from './observed-status.ts';
import { inSlices } from './slices.ts';
import { dayMs, floorTo, hourMs } from './time-units.ts';

export interface RollupOptions {
  stores: HistoryStores;
  clock: Clock;
  logger: Logger;
  monitorSeqs(): readonly number[];
  settleMs: number;
  sliceMs?: number;
}

interface HourInputs {
  spans: Span[];
  statusAt(seq: number): MonitorStatus;
  changes(seq: number): readonly StatusChange[];
}

export class Rollup {
  readonly #options: RollupOptions;
  readonly #tally = new Tally();
  /** Monitor seq → hours already summed that got a late check. */
  readonly #dirty = new Map<number, Set<number>>();
  #hourlyMark: number;
  #dailyMark: number;
  #daysRewritten = 0;
  #running: Promise<boolean> | undefined;
  #stopped = false;
  #failing = false;

  constructor(options: RollupOptions) {
    this.#options = options;
    const { marks } = options.stores;
    const now = options.clock.now();
    // A new history starts now: there is nothing before to sum.
    this.#hourlyMark = marks.get('hourly') ?? floorTo(now, hourMs);
    this.#dailyMark = marks.get('daily') ?? floorTo(this.#hourlyMark, dayMs);
    transaction(options.stores.db, () => {
      marks.set('hourly', this.#hourlyMark);
      marks.set('daily', this.#dailyMark);
    });
  }

  /** Hourly buckets are complete before this hour boundary. */
  get hourlyMark(): number {
    return this.#hourlyMark;
  }

  /** Daily buckets are complete before this midnight. */
  get dailyMark(): number {
    return this.#dailyMark;
  }

  /** Changes whenever a day already complete is summed again (a late check), so sums of whole days are stale. */
  get daysRewritten(): number {
    return this.#daysRewritten;
  }

  markDirty(monitorSeq: number, hour: number): void {
    let hours = this.#dirty.get(monitorSeq);
    if (!hours) this.#dirty.set(monitorSeq, (hours = new Set()));
    hours.add(hour);
  }

  forget(monitorSeq: number): void {
    this.#dirty.delete(monitorSeq);
  }

  /** Sums every hour and day that is due, in slices; resolves true when a mark moved. Never rejects. */
  run(): Promise<boolean> {
    this.#running ??= this.#catchUp()
      .catch((error: unknown) => {
        if (!this.#failing) this.#options.logger.warn('The history rollup failed; it is retried every minute', { error: String(error) });
        this.#failing = true;
        return false;
      })
      .finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Stops between slices; resolves once no slice runs. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
  }

  async #catchUp(): Promise<boolean> {
    const redone = this.#redoDirty();
    const moved = this.#hourlyMark;
    while (!this.#stopped && this.#hourlyMark + hourMs + this.#options.settleMs <= this.#options.clock.now()) {
      if (!(await this.#rollHour(this.#hourlyMark))) return false;
      this.#hourlyMark += hourMs;
      while (this.#dailyMark + dayMs <= this.#hourlyMark) {
        if (!(await this.#rollDay(this.#dailyMark))) return false;
        this.#dailyMark += dayMs;
      }
    }
    this.#failing = false;
    return redone || this.#hourlyMark !== moved;
  }

  async #rollHour(hour: number): Promise<boolean> {
    const { stores } = this.#options;
    const inputs = this.#hourInputs(hour);
    // With no run in the hour nothing was observed; only checks imported from an older Vigil can be there.
    const seqs = inputs.spans.length > 0 ? this.#options.monitorSeqs() : stores.raw.monitorsWithRowsIn(hour);
    return this.#sliced(seqs, (seq) => stores.hourly.setBucket(seq, hour, this.hourBucket(seq, hour, inputs)), () => stores.marks.set('hourly', hour + hourMs));
  }

  async #rollDay(day: number): Promise<boolean> {
    const { stores } = this.#options;
    return this.#sliced(this.#options.monitorSeqs(), (seq) => stores.daily.setBucket(seq, day, this.dayBucket(seq, day)), () => stores.marks.set('daily', day + dayMs));
  }

  /** One monitor-hour, from its raw checks and its status while the service ran. */
  hourBucket(seq: number, hour: number, inputs: HourInputs): Bucket | undefined {
    const tally = this.#tally;
    tally.reset();
    const row = this.#options.stores.raw.row(seq, hour);
    if (row) forEachCheck(row, hour, (_, durationMs, ok) => tally.addCheck(durationMs, ok));
    const { upMs, downMs } = upDownMs(observedSegments(inputs.statusAt(seq), inputs.changes(seq), inputs.spans, hour, hour + hourMs));
    tally.upMs = upMs;
    tally.downMs = downMs;
    return tally.isEmpty ? undefined : tally.toBucket();
  }

  /** One monitor-day, the sum of its hours. */
  dayBucket(seq: number, day: number): Bucket | undefined {
    const hours = this.#options.stores.hourly.row(seq, day);
    if (!hours) return undefined;
    const tally = this.#tally;
    tally.reset();
    for (const bucket of hours) if (bucket) tally.addBucket(bucket);
    return tally.isEmpty ? undefined : tally.toBucket();
  }

  #hourInputs(hour: number): HourInputs {
    const { runs, statuses } = this.#options.stores;
    const spans = runs.spans(hour, hour + hourMs);
    if (spans.length === 0) return { spans, statusAt: () => 'unknown', changes: () => [] };
    const at = statuses.allStatusesAt(hour);
    const changes = groupBySeq(statuses.between(hour, hour + hourMs));
    return { spans, statusAt: (seq) => at.get(seq) ?? 'unknown', changes: (seq) => changes.get(seq) ?? [] };
  }

  /** Hours summed before a late check of theirs arrived: summed again, with their day. True when there were any. */
  #redoDirty(): boolean {
    if (this.#dirty.size === 0) return false;
    const { stores } = this.#options;
    const dirty = [...this.#dirty].flatMap(([seq, hours]) => [...hours].map((hour) => ({ seq, hour })));
    this.#dirty.clear();
    transaction(stores.db, () => {
      for (const { seq, hour } of dirty) {
        if (hour >= this.#hourlyMark) continue;
        const inputs: HourInputs = {
          spans: stores.runs.spans(hour, hour + hourMs),
          statusAt: () => stores.statuses.statusAt(seq, hour),
          changes: () => stores.statuses.forMonitor(seq, hour, hour + hourMs),
        };
        stores.hourly.setBucket(seq, hour, this.hourBucket(seq, hour, inputs));
        const day = floorTo(hour, dayMs);
        if (day < this.#dailyMark) {
          stores.daily.setBucket(seq, day, this.dayBucket(seq, day));
          this.#daysRewritten += 1;
        }
      }
    });
    return true;
  }

  /** Each slice is a transaction; the mark moves with the last one, so a crash redoes the whole period. */
  #sliced(seqs: readonly number[], work: (seq: number) => void, finish: () => void): Promise<boolean> {
    const { stores, sliceMs } = this.#options;
    if (seqs.length === 0) {
      transaction(stores.db, finish);
      return Promise.resolve(true);
    }
    let remaining = seqs.length;
    return inSlices(
      seqs,
      (seq) => {
        work(seq);
        remaining -= 1;
        if (remaining === 0) finish();
      },
      { sliceMs, stopped: () => this.#stopped, slice: (run) => transaction(stores.db, run) },
    );
  }
}

function groupBySeq(changes: readonly MonitorStatusChange[]): Map<number, StatusChange[]> {
  const grouped = new Map<number, StatusChange[]>();
  for (const change of changes) {
    const list = grouped.get(change.monitorSeq);
    if (list) list.push(change);
    else grouped.set(change.monitorSeq, [change]);
  }
  return grouped;
}
