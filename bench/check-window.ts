// What the benchmarks measure while the in-process service runs its checks for a while: due and started rounds,
// start lateness, event loop delay, memory and this process's CPU time.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LatenessSummary } from '../service/scheduler/lateness-samples.ts';
import type { CheckScheduler } from '../service/scheduler/check-scheduler.ts';
import { peakRssSoFar } from './bench-figures.ts';
import type { BenchRow } from './table.ts';

const sampleEveryMs = 5_000;

export interface CheckWindow {
  seconds: number;
  /** Rounds that came due, were started, finished and were skipped in the window. */
  due: number;
  started: number;
  completed: number;
  skipped: number;
  /** started ÷ due. */
  ran: number;
  /** The worst p99 start lateness (ms) of the samples taken every 5 s, each over the latest 10,000 starts. */
  worstLatenessP99: number;
  /** The scheduler's lateness figures at the window's end. */
  last: LatenessSummary;
  eventLoopDelayP99Ms: number;
  /** The process's peak RSS from its start to the window's end (the kernel's high-water mark, not samples). */
  peakRss: number;
  peakHeapUsed: number;
  /** This process's CPU time over the window, ms: user and system (the kernel's, for its sockets and files). */
  cpuUserMs: number;
  cpuSystemMs: number;
}

export async function watchChecks(scheduler: CheckScheduler, seconds: number): Promise<CheckWindow> {
  const before = scheduler.stats();
  const cpuBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let worstLatenessP99 = 0;
  let peakHeapUsed = 0;
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(sampleEveryMs, deadline - Date.now())));
    worstLatenessP99 = Math.max(worstLatenessP99, scheduler.stats().lateness.p99);
    peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
  }
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  const after = scheduler.stats();
  const due = after.due - before.due;
  const started = after.started - before.started;
  return {
    seconds,
    due,
    started,
    completed: after.completed - before.completed,
    skipped: after.skipped - before.skipped,
    ran: started / due,
    worstLatenessP99,
    last: after.lateness,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    peakRss: peakRssSoFar(),
    peakHeapUsed,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
  };
}

/** The window's rows; `targets` marks the due-checks and lateness targets of issue 3, `label` goes before each measure. */
export function checkWindowRows(window: CheckWindow, { label = '', targets = true }: { label?: string; targets?: boolean } = {}): BenchRow[] {
  const { ran, worstLatenessP99, last } = window;
  const rows: BenchRow[] = [
    { measure: 'check window', value: `${window.seconds} s` },
    { measure: 'due checks / started', value: `${window.due} / ${window.started}` },
    { measure: 'due checks run', value: `${(ran * 100).toFixed(3)} %`, ...(targets ? { target: '≥ 99.9 %', met: ran >= 0.999 } : {}) },
    { measure: 'start lateness p99 (worst 5 s sample)', value: `${worstLatenessP99.toFixed(0)} ms`, ...(targets ? { target: '≤ 1000 ms', met: worstLatenessP99 <= 1000 } : {}) },
    { measure: 'start lateness p50 / max (last sample)', value: `${last.p50.toFixed(0)} / ${last.max.toFixed(0)} ms` },
    { measure: 'skipped rounds', value: String(window.skipped) },
    { measure: 'event loop delay p99', value: `${window.eventLoopDelayP99Ms.toFixed(1)} ms` },
    { measure: 'peak JS heap used', value: `${(window.peakHeapUsed / 2 ** 20).toFixed(0)} MB` },
  ];
  return rows.map((row) => ({ ...row, measure: `${label}${row.measure}` }));
}
