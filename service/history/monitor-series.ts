// One monitor's response times over a window in regular steps (GET /monitors/{id}/series), oldest first: the
// 24-hour window in 5-minute steps from the raw checks, 7 and 30 days by the hour, 90 and 365 days by the day,
// each from the finest data kept that long; hours not yet summed come from the raw checks.
import type { HistoryWindow } from '../../common/api/history.ts';
import type { HistoryStores } from './storage/history-stores.ts';
import { Tally } from './bucket.ts';
import { BucketReader } from './bucket-reader.ts';
import { forEachCheck } from './check-codec.ts';
import { seriesStepMs, windowStart } from './history-window.ts';
import { percentile } from './response-histogram.ts';
import { floorTo, hourMs, isoTime } from './time-units.ts';

export interface SeriesPointJson {
  at: string;
  checks: number;
  failed: number;
  avg_ms?: number;
  p95_ms?: number;
  max_ms?: number;
}

export interface SeriesJson {
  window: HistoryWindow;
  from: string;
  to: string;
  step_seconds: number;
  points: SeriesPointJson[];
}

export interface SeriesMarks {
  hourly: number;
  daily: number;
}

function point(at: number, tally: Tally): SeriesPointJson {
  const json: SeriesPointJson = { at: isoTime(at), checks: tally.checks, failed: tally.failed };
  const ok = tally.checks - tally.failed;
  if (ok > 0) {
    const bucket = tally.toBucket();
    json.avg_ms = Math.round((bucket.sumMs / ok) * 10) / 10;
    json.p95_ms = percentile(bucket.histogram, 0.95, bucket.maxMs);
    json.max_ms = bucket.maxMs;
  }
  return json;
}

export function monitorSeries(stores: HistoryStores, seq: number, window: HistoryWindow, marks: SeriesMarks, now: number): SeriesJson {
  const step = seriesStepMs[window];
  const from = windowStart(window, now);
  const tally = new Tally();
  const points: SeriesPointJson[] = [];
  const addRawChecks = (fromAt: number, toAt: number) => {
    for (const row of stores.raw.between(seq, floorTo(fromAt, hourMs), toAt)) {
      forEachCheck(row.data, row.hour, (at, durationMs, ok) => {
        if (at >= fromAt && at < toAt) tally.addCheck(durationMs, ok);
      });
    }
  };
  if (step < hourMs) {
    // Finer than the buckets: straight from the raw checks, one pass in time order.
    let stepStart = from;
    for (const row of stores.raw.between(seq, floorTo(from, hourMs), now)) {
      forEachCheck(row.data, row.hour, (at, durationMs, ok) => {
        if (at < from || at >= now) return;
        while (at >= stepStart + step) {
          points.push(point(stepStart, tally));
          tally.reset();
          stepStart += step;
        }
        tally.addCheck(durationMs, ok);
      });
    }
    for (; stepStart < now; stepStart += step) {
      points.push(point(stepStart, tally));
      tally.reset();
    }
  } else {
    const reader = new BucketReader(stores).monitor(seq);
    for (let at = from; at < now; at += step) {
      tally.reset();
      const end = Math.min(at + step, now);
      const summedUntil = Math.min(end, marks.hourly);
      if (summedUntil > at) reader.sum(at, summedUntil, marks.daily, tally);
      if (end > Math.max(at, marks.hourly)) addRawChecks(Math.max(at, marks.hourly), end);
      points.push(point(at, tally));
    }
  }
  return { window, from: isoTime(from), to: isoTime(now), step_seconds: step / 1000, points };
}
