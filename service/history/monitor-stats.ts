// One monitor's figures over a window (GET /monitors/{id}/stats and each item of GET /stats): the cached sums up
// to the mark, plus what the live history holds since, plus — for the status bars — the window in slots. The time
// before the monitor was created is no part of it (common/api/item-lifetime.ts): a younger monitor's figures run
// from its creation, and say so in `from`. The path runs 10,000 times per GET /stats, so it adds into reused
// scratch space rather than building buckets.
import { livedPart, uptimeOver } from '../../common/api/item-lifetime.ts';
import type { MonitorStatus } from '../../common/api/known.ts';
import type { HistoryWindow } from '../../common/api/history.ts';
import { Tally, type ResponseTimes } from './bucket.ts';
import type { LiveHistory } from './live-history.ts';
import type { MaintenanceShare } from '../maintenance/maintenance-overlap.ts';
import { forEachObserved, type Span, type StatusChange } from './observed-status.ts';
import { subtractSpans } from './span-sets.ts';
import { StatusSlots } from '../../common/api/status-slots.ts';
import { isoTime } from './time-units.ts';
import type { WindowCache } from './window-stats-cache.ts';

export interface MonitorStatsJson {
  id: string;
  window: HistoryWindow;
  from: string;
  to: string;
  uptime: number | null;
  up_seconds: number;
  down_seconds: number;
  unknown_seconds: number;
  /** Time in maintenance, counted neither up nor down nor unknown (docs/api-decisions.md §15). */
  maintenance_seconds: number;
  checks: number;
  failed_checks: number;
  response_time_ms: ResponseTimes;
  slots?: string;
}

export interface SlotInputs {
  count: number;
  statusAtFrom: ReadonlyMap<number, MonitorStatus>;
  /** Every change in (from, now), by monitor. */
  changes: ReadonlyMap<number, readonly StatusChange[]>;
}

/** What every monitor of one answer shares. */
export interface StatsInputs {
  window: HistoryWindow;
  cache: WindowCache;
  live: LiveHistory;
  /** When the service ran and saved history, over [from, now]. */
  spans: readonly Span[];
  now: number;
  slots: SlotInputs | undefined;
  /** Only the monitors that spent some of the window in maintenance. */
  maintenance: ReadonlyMap<number, MaintenanceShare>;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

export class MonitorStatsSummer {
  readonly #tally = new Tally();
  readonly #addObserved = (start: number, end: number, up: boolean) => {
    if (up) this.#tally.upMs += end - start;
    else this.#tally.downMs += end - start;
  };

  /** A summer for one answer: the inputs are read once, then it gives each monitor's stats. */
  answer(inputs: StatsInputs): (monitor: { seq: number; id: string; created_at: string }) => MonitorStatsJson {
    const { window, cache, live, spans, now } = inputs;
    const { from, byMonitor } = cache.windows[window];
    const liveHours = live.hoursFrom(cache.mark);
    const fromText = isoTime(from);
    const toText = isoTime(now);
    const slots = inputs.slots && new StatusSlots(from, now, inputs.slots.count);
    const tally = this.#tally;
    return ({ seq, id, created_at: createdAt }) => {
      // The service writes `created_at` as `toISOString` does, so text order is time order: only a monitor created
      // within the window (a few of 10,000) has its time parsed.
      const createdAtMs = createdAt > fromText ? Date.parse(createdAt) : Number.NaN;
      const lived = livedPart({ from, to: now }, Number.isNaN(createdAtMs) ? undefined : createdAtMs);
      tally.reset();
      byMonitor.addInto(seq, tally);
      for (const hour of liveHours) {
        const bucket = hour.get(seq);
        if (bucket) tally.addBucket(bucket);
      }
      live.forEachObserved(seq, spans, cache.mark, now, this.#addObserved);
      const { checks, failed, sumMs, maxMs } = tally;
      const share = inputs.maintenance.get(seq);
      const maintenanceMs = share?.ms ?? 0;
      const upMs = Math.max(0, tally.upMs - (share?.upMs ?? 0));
      const downMs = Math.max(0, tally.downMs - (share?.downMs ?? 0));
      const { uptime, unknownMs } = uptimeOver(lived, { upMs, downMs, maintenanceMs });
      const ok = checks - failed;
      const json: MonitorStatsJson = {
        id,
        window,
        from: lived.sinceCreation ? isoTime(lived.from) : fromText,
        to: toText,
        uptime: uptime === undefined ? null : Math.round(uptime * 1e6) / 1e6,
        up_seconds: seconds(upMs),
        down_seconds: seconds(downMs),
        unknown_seconds: seconds(unknownMs),
        maintenance_seconds: seconds(maintenanceMs),
        checks,
        failed_checks: failed,
        response_time_ms:
          ok > 0
            ? { avg: Math.round((sumMs / ok) * 10) / 10, p50: tally.percentile(0.5) ?? null, p95: tally.percentile(0.95) ?? null, max: maxMs }
            : { avg: null, p50: null, p95: null, max: null },
      };
      if (slots && inputs.slots) {
        slots.reset(lived.sinceCreation ? lived.from : undefined);
        // Up and down count only outside maintenance, as in the figures above.
        const watched = share ? subtractSpans(spans, share.spans) : spans;
        forEachObserved(inputs.slots.statusAtFrom.get(seq) ?? 'unknown', inputs.slots.changes.get(seq) ?? [], watched, from, now, slots.add);
        for (const span of share?.spans ?? []) slots.addMaintenance(span.start, span.end);
        json.slots = slots.text();
      }
      return json;
    };
  }
}
