// Writes a simulated span of a service's history (default a year) for a set of monitors into a data dir, through
// the same storage-layer entry points the service uses, each tier fed the way the service's own code feeds it:
//
// - the run: one HistoryWriter run for the whole span, its alive time renewed by a writer batch every simulated
//   day (the service renews it with every batch);
// - status changes and events: HistoryWriter.recordStatus/recordEvent for every simulated outage (about one a
//   month per monitor, 1–60 minutes long, confirmed down after two failed checks), written in the writer's
//   batches in time order;
// - older than the raw retention: buckets written one at a time through BucketStore.setBucket, as the rollup
//   writes them (so packed rows grow and pages split as in the service), each bucket's figures computed from the
//   simulated outages and a log-normal response time per monitor (its histogram from the distribution, not from
//   billions of drawn checks): hourly buckets for the hourly retention, daily ones before, and the daily buckets
//   of the hourly period summed by the rollup's own Rollup.dayBucket;
// - the raw retention (plus a little, so pruning has something to do): every single check through
//   HistoryWriter.recordCheck, flushed in the writer's batches every 10 simulated minutes, so rows grow by
//   appends as they do in the service; then the real Rollup sums those hours and days, and the real pruning runs.
import type { Clock } from '../common/clock.ts';
import { silentLogger, stderrLogger } from '../service/logger.ts';
import { ServiceProblems } from '../service/problems.ts';
import { transaction } from '../common/sqlite-transaction.ts';
import { openHistoryStores, type HistoryStores } from '../service/history/storage/history-stores.ts';
import type { Bucket } from '../service/history/bucket.ts';
import type { BucketRow } from '../service/history/bucket-codec.ts';
import { pruneHistory, type HistoryRetention } from '../service/history/history-retention.ts';
import { HistoryWriter } from '../service/history/history-writer.ts';
import { LiveHistory } from '../service/history/live-history.ts';
import { Rollup } from '../service/history/rollup.ts';
import { binValue } from '../service/history/response-histogram.ts';
import { dayMs, floorTo, hourMs } from '../service/history/time-units.ts';

export interface GeneratedHistory {
  checks: number;
  outages: number;
  buckets: number;
}

export interface HistoryGeneratorOptions {
  dataDir: string;
  monitors: readonly { seq: number; id: string; name: string }[];
  frequencySeconds: number;
  days: number;
  now: number;
  retention: HistoryRetention;
  /**
   * Writes each packed bucket row once instead of a bucket at a time: much faster, with the same content, but the
   * file's page layout differs from what the service's growing rows leave (so not for measuring its size).
   */
  wholeRows?: boolean;
  /** Extra raw hours beyond the retention, which pruning then removes. */
  extraRawHours?: number;
  seed?: number;
  progress?: (message: string) => void;
}

interface Outage {
  seq: number;
  start: number;
  end: number;
}

interface Profile {
  seq: number;
  medianMs: number;
  /** Share of checks per histogram bin: [bin, share] pairs. */
  shares: [number, number][];
  maxMs: number;
  meanMs: number;
  outages: Outage[];
}

const sigma = 0.35;

/** A small deterministic generator, so runs are comparable. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** The standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function profileOf(seq: number, next: () => number, span: { from: number; to: number }): Profile {
  const medianMs = 20 * 15 ** next();
  const shares: [number, number][] = [];
  let maxMs = 0;
  for (let bin = 1; bin < 128; bin++) {
    const low = 1.1 ** (bin - 1);
    const high = 1.1 ** bin;
    const share = normalCdf(Math.log(high / medianMs) / sigma) - normalCdf(Math.log(low / medianMs) / sigma);
    if (share < 2e-4) continue;
    shares.push([bin, share]);
    maxMs = Math.round(binValue(bin));
  }
  const outages: Outage[] = [];
  for (let at = span.from + next() * 30 * dayMs; at < span.to; at += (0.2 + next() * 1.6) * 30 * dayMs) {
    outages.push({ seq, start: Math.round(at), end: Math.round(at + 60_000 + next() * 59 * 60_000) });
  }
  return { seq, medianMs, shares, maxMs, meanMs: medianMs * Math.exp((sigma * sigma) / 2), outages };
}

const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c));

/** One monitor's bucket of [from, to), from its profile. */
function syntheticBucket(profile: Profile, from: number, to: number, frequencyMs: number): Bucket {
  const checks = Math.round((to - from) / frequencyMs);
  let outageMs = 0;
  let downMs = 0;
  for (const outage of profile.outages) {
    if (outage.end <= from || outage.start >= to) continue;
    outageMs += overlap(outage.start, outage.end, from, to);
    downMs += overlap(outage.start + 2 * frequencyMs, outage.end, from, to);
  }
  const failed = Math.min(checks, Math.round(outageMs / frequencyMs));
  const ok = checks - failed;
  const pairs: number[] = [];
  let counted = 0;
  for (const [bin, share] of profile.shares) {
    const count = Math.round(share * ok);
    if (count > 0) pairs.push(bin, count);
    counted += count;
  }
  // Rounding leftovers go to the median's bin.
  const medianIndex = pairs.findIndex((value, index) => index % 2 === 0 && binValue(value) >= profile.medianMs);
  if (ok > 0 && medianIndex >= 0) pairs[medianIndex + 1] = Math.max(0, (pairs[medianIndex + 1] ?? 0) + ok - counted);
  return {
    checks,
    failed,
    sumMs: Math.round(ok * profile.meanMs),
    maxMs: ok > 0 ? profile.maxMs : 0,
    upMs: to - from - downMs,
    downMs,
    histogram: nonZero(pairs),
  };
}

function nonZero(pairs: readonly number[]): number[] {
  const kept: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) if ((pairs[i + 1] ?? 0) > 0) kept.push(pairs[i] ?? 0, pairs[i + 1] ?? 0);
  return kept;
}

class SettableClock implements Clock {
  at = 0;
  now(): number {
    return this.at;
  }
  // The generator flushes by hand; nothing waits on this clock.
  setTimer(): object {
    return {};
  }
  clearTimer(): void {}
}

export async function generateHistory(options: HistoryGeneratorOptions): Promise<GeneratedHistory> {
  const { monitors, now, retention, progress = () => undefined } = options;
  const frequencyMs = options.frequencySeconds * 1000;
  const start = floorTo(now, dayMs) - options.days * dayMs;
  const rawStart = floorTo(now, hourMs) - (retention.rawHours + (options.extraRawHours ?? 2)) * hourMs;
  const hourlyStart = Math.min(floorTo(rawStart, dayMs), floorTo(now, dayMs) - retention.hourlyDays * dayMs);
  const next = random(options.seed ?? 7);
  const profiles = monitors.map((monitor) => profileOf(monitor.seq, next, { from: start, to: now }));
  const names = new Map(monitors.map((monitor) => [monitor.seq, monitor]));
  const stores = openHistoryStores(options.dataDir);
  const clock = new SettableClock();
  clock.at = start;
  let hourlyMark = start;
  let rollup: Rollup | undefined;
  const writer = new HistoryWriter({
    stores,
    live: new LiveHistory(floorTo(now, hourMs)),
    clock,
    logger: stderrLogger('error'),
    problems: new ServiceProblems(),
    hourlyMark: () => hourlyMark,
    onLateCheck: (seq, hour) => rollup?.markDirty(seq, hour),
    onForget: () => undefined,
  });
  let buckets = 0;
  try {
    for (const monitor of monitors) writer.recordStatus(monitor.seq, start, 'up');
    writer.flush();

    const outages = profiles.flatMap((profile) => profile.outages).sort((a, b) => a.start - b.start);
    let nextOutage = 0;
    /** Records the status changes and events of outages that begin before `until`, in the writer's batches. */
    const recordOutagesUntil = (until: number) => {
      for (; nextOutage < outages.length && (outages[nextOutage]?.start ?? until) < until; nextOutage++) {
        const outage = outages[nextOutage];
        const monitor = outage && names.get(outage.seq);
        if (!outage || !monitor) continue;
        const confirmed = outage.start + 2 * frequencyMs;
        if (confirmed >= outage.end) continue;
        writer.recordStatus(outage.seq, confirmed, 'down');
        writer.recordEvent({ at: confirmed, kind: 'monitor', itemId: monitor.id, itemName: monitor.name, from: 'up', to: 'down', detail: 'HTTP 503' });
        writer.recordStatus(outage.seq, outage.end, 'up');
        writer.recordEvent({ at: outage.end, kind: 'monitor', itemId: monitor.id, itemName: monitor.name, from: 'down', to: 'up' });
      }
    };

    // Before the raw retention: buckets as the rollup writes them, one bucket at a time (BucketStore.setBucket),
    // so rows grow and pages split as they do in the service; or, with `wholeRows`, each packed row written once.
    const scratch = new Rollup({ stores, clock, logger: silentLogger, monitorSeqs: () => [], settleMs: 0 });
    const blocks = new Map<number, BucketRow>();
    let block = stores.daily.rowStart(start);
    const writeBlocks = () => {
      transaction(stores.db, () => {
        for (const [seq, row] of blocks) stores.daily.putRow(seq, block, row);
      });
      blocks.clear();
    };
    for (let day = start; day < floorTo(rawStart, dayMs); day += dayMs) {
      clock.at = day + dayMs;
      recordOutagesUntil(day + dayMs);
      writer.flush();
      if (day >= hourlyStart) {
        if (options.wholeRows) {
          transaction(stores.db, () => {
            for (const profile of profiles) {
              stores.hourly.putRow(profile.seq, day, Array.from({ length: 24 }, (_, hour) => syntheticBucket(profile, day + hour * hourMs, day + (hour + 1) * hourMs, frequencyMs)));
            }
          });
        } else {
          for (let hour = day; hour < day + dayMs; hour += hourMs) {
            transaction(stores.db, () => {
              for (const profile of profiles) stores.hourly.setBucket(profile.seq, hour, syntheticBucket(profile, hour, hour + hourMs, frequencyMs));
            });
          }
        }
        buckets += 24 * profiles.length;
      }
      if (options.wholeRows && stores.daily.rowStart(day) !== block) {
        writeBlocks();
        block = stores.daily.rowStart(day);
      }
      transaction(stores.db, () => {
        for (const profile of profiles) {
          const daily = day < hourlyStart ? syntheticBucket(profile, day, day + dayMs, frequencyMs) : scratch.dayBucket(profile.seq, day);
          if (!options.wholeRows) {
            stores.daily.setBucket(profile.seq, day, daily);
            continue;
          }
          const row = blocks.get(profile.seq) ?? new Array<Bucket | undefined>(stores.daily.tier.slots).fill(undefined);
          row[(day - block) / dayMs] = daily;
          blocks.set(profile.seq, row);
        }
      });
      buckets += profiles.length;
      if ((day - start) % (30 * dayMs) === 0) progress(`buckets up to ${new Date(day).toISOString().slice(0, 10)}`);
    }
    if (options.wholeRows) writeBlocks();
    // Hours of the raw day before the raw retention begins.
    for (let hour = floorTo(rawStart, dayMs); hour < rawStart; hour += hourMs) {
      transaction(stores.db, () => {
        for (const profile of profiles) stores.hourly.setBucket(profile.seq, hour, syntheticBucket(profile, hour, hour + hourMs, frequencyMs));
      });
      buckets += profiles.length;
    }
    hourlyMark = rawStart;
    transaction(stores.db, () => {
      stores.marks.set('hourly', rawStart);
      stores.marks.set('daily', floorTo(rawStart, dayMs));
    });

    // The raw retention: every check, through the writer, in 10-minute batches.
    let checks = 0;
    const phases = profiles.map(() => Math.floor(next() * frequencyMs));
    const batchMs = 10 * 60_000;
    for (let batchStart = rawStart; batchStart < now; batchStart += batchMs) {
      const batchEnd = Math.min(batchStart + batchMs, now);
      profiles.forEach((profile, index) => {
        const phase = phases[index] ?? 0;
        let outageIndex = profile.outages.findIndex((outage) => outage.end > batchStart);
        for (let at = batchStart + ((phase - batchStart) % frequencyMs + frequencyMs) % frequencyMs; at < batchEnd; at += frequencyMs) {
          while (outageIndex >= 0 && (profile.outages[outageIndex]?.end ?? Infinity) <= at) outageIndex = outageIndex + 1 < profile.outages.length ? outageIndex + 1 : -1;
          const outage = outageIndex >= 0 ? profile.outages[outageIndex] : undefined;
          const down = outage !== undefined && outage.start <= at;
          const jitter = Math.round((next() * 2 - 1) * Math.min(0.01 * frequencyMs, 5_000));
          const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
          const durationMs = down ? 10_000 : Math.max(1, Math.round(profile.medianMs * Math.exp(sigma * gaussian)));
          writer.recordCheck({ monitorSeq: profile.seq, at: at + jitter, durationMs, ok: !down, error: down ? 'HTTP 503' : undefined });
          checks += 1;
        }
      });
      clock.at = batchEnd;
      recordOutagesUntil(batchEnd);
      if (!writer.flush()) throw new Error('the generator could not write its history');
      if ((batchStart - rawStart) % (6 * hourMs) === 0) progress(`raw checks up to ${new Date(batchEnd).toISOString()}`);
    }

    // The service's own rollup and pruning over what the writer wrote.
    clock.at = now;
    rollup = new Rollup({ stores, clock, logger: silentLogger, monitorSeqs: () => monitors.map((monitor) => monitor.seq), settleMs: 40_000 });
    await rollup.run();
    hourlyMark = rollup.hourlyMark;
    pruneHistory(stores, now, retention, { hourly: rollup.hourlyMark, daily: rollup.dailyMark });
    writer.flush();
    stores.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return { checks, outages: outages.length, buckets };
  } finally {
    closeStores(stores);
  }
}

function closeStores(stores: HistoryStores): void {
  if (stores.db.isOpen) stores.db.close();
}
