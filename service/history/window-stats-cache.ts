// Each window's sums per monitor up to the hour the hourly buckets are complete to (the mark), rebuilt in slices
// after every rollup and swapped in whole. A stats answer is this plus the live part after the mark, so summing a
// 30-day window over 10,000 monitors reads nothing from disk.
//
// A window is its whole UTC days, read from the daily tier, plus the hours at either end. The days' part changes
// once a day and is kept between rebuilds, so the hourly rebuild reads a few rows per monitor, not a year of them
// (every row read is a fresh buffer for the garbage collector).
import type { MonitorStatus } from '../../common/api/known.ts';
import type { HistoryWindow } from '../../common/api/history.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import { Tally } from './bucket.ts';
import { BucketReader } from './bucket-reader.ts';
import { BucketTable } from './bucket-table.ts';
import { historyWindows, windowStart } from './history-window.ts';
import { inSlices } from './slices.ts';
import { dayMs, floorTo } from './time-units.ts';

export interface WindowSums {
  from: number;
  /** Each monitor's sums over [from, mark); absent when nothing was observed or checked. */
  byMonitor: BucketTable;
  /** Each monitor's status at `from`, read the first time a status bar needs it. */
  statusesAtFrom?: Map<number, MonitorStatus>;
}

export interface WindowCache {
  mark: number;
  windows: Record<HistoryWindow, WindowSums>;
}

/** A window's whole days [from, to), by monitor; kept between rebuilds only when longer than a daily row. */
interface DaySums {
  from: number;
  to: number;
  byMonitor: BucketTable;
}

/** Shorter spans are cheap to read again each hour (a row or two); longer ones are worth their memory. */
const keptDaysMs = 16 * dayMs;

const ceilDay = (at: number) => floorTo(at + dayMs - 1, dayMs);

export class WindowStatsCache {
  readonly #stores: HistoryStores;
  readonly #sliceMs: number | undefined;
  #current: WindowCache | undefined;
  #days: Partial<Record<HistoryWindow, DaySums>> = {};
  #daysRevision = 0;
  #waiting: ((cache: WindowCache) => void)[] = [];

  constructor(stores: HistoryStores, sliceMs?: number) {
    this.#stores = stores;
    this.#sliceMs = sliceMs;
  }

  get current(): WindowCache | undefined {
    return this.#current;
  }

  /** The cache, once the first build is done. */
  ready(): Promise<WindowCache> {
    const current = this.#current;
    return current ? Promise.resolve(current) : new Promise((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Sums every window up to `mark` for these monitors; false when stopped first. The whole days are summed again
   * when they moved, or when `daysRevision` says a complete day was rewritten.
   */
  async rebuild(seqs: readonly number[], marks: { hourly: number; daily: number; daysRevision: number }, stopped: () => boolean): Promise<boolean> {
    const { hourly: mark, daily: dailyMark } = marks;
    if (marks.daysRevision !== this.#daysRevision) this.#days = {};
    this.#daysRevision = marks.daysRevision;
    const plans = historyWindows.map((window) => {
      const from = windowStart(window, mark);
      const daysFrom = ceilDay(from);
      const daysTo = Math.max(daysFrom, Math.min(dailyMark, floorTo(mark, dayMs)));
      const kept = this.#days[window];
      const days = kept && kept.from === daysFrom && kept.to === daysTo ? kept : { from: daysFrom, to: daysTo, byMonitor: new BucketTable() };
      return { window, from, days, fresh: days !== kept, sums: { from, byMonitor: new BucketTable() } as WindowSums };
    });
    const reader = new BucketReader(this.#stores);
    const tally = new Tally();
    const done = await inSlices(
      seqs,
      (seq) => {
        reader.monitor(seq);
        for (const { from, days, fresh, sums } of plans) {
          if (fresh) {
            tally.reset();
            reader.sum(days.from, days.to, dailyMark, tally);
            if (!tally.isEmpty) days.byMonitor.set(seq, tally);
          }
          tally.reset();
          days.byMonitor.addInto(seq, tally);
          // The hours before the first whole day, and after the last.
          reader.sum(from, days.from, Number.NEGATIVE_INFINITY, tally);
          reader.sum(days.to, mark, Number.NEGATIVE_INFINITY, tally);
          if (!tally.isEmpty) sums.byMonitor.set(seq, tally);
        }
      },
      { sliceMs: this.#sliceMs, stopped },
    );
    if (!done) return false;
    for (const { days, fresh, sums } of plans) {
      sums.byMonitor.trim();
      if (fresh) days.byMonitor.trim();
    }
    this.#days = Object.fromEntries(plans.filter(({ days }) => days.to - days.from > keptDaysMs).map(({ window, days }) => [window, days]));
    const cache: WindowCache = { mark, windows: Object.fromEntries(plans.map(({ window, sums }) => [window, sums])) as Record<HistoryWindow, WindowSums> };
    this.#current = cache;
    for (const resolve of this.#waiting.splice(0)) resolve(cache);
    return true;
  }

  statusesAtFrom(window: HistoryWindow): Map<number, MonitorStatus> {
    const sums = this.#current?.windows[window];
    if (!sums) return new Map();
    sums.statusesAtFrom ??= this.#stores.statuses.allStatusesAt(sums.from);
    return sums.statusesAtFrom;
  }

  forget(seq: number): void {
    for (const window of historyWindows) {
      this.#days[window]?.byMonitor.delete(seq);
      this.#current?.windows[window].byMonitor.delete(seq);
      this.#current?.windows[window].statusesAtFrom?.delete(seq);
    }
  }
}
