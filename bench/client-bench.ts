// `npm run bench -- client`: the client core against the real service (in its own process) holding 10,000
// monitors, 1,000 heartbeats and 1,000 domains; then ten servers at once (client-servers-bench.ts). One full poll's wall time; the CPU of parse + validate +
// diff + tray model; the CPU of recording what a poll saw (history.sqlite), apart from the rest; heap across
// 1,000 polls, recording included; and what is left open between polls. 100 of the monitors check a target that
// accepts and refuses connections in turn every 10 s, so the polls see statuses change, as on a busy day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evaluatePoll, heartbeatsWaiting, initialAlertState, defaultAlertPreferences, defaultAlertRules, type AlertState } from '../main/core/alerts/index.ts';
import { clientErrorInfo, MonitoringClient } from '../main/core/api/index.ts';
import type { PollOutcome, Snapshot } from '../main/core/model/snapshot.ts';
import { fetchSnapshot } from '../main/core/poller/fetch-snapshot.ts';
import { Poller } from '../main/core/poller/poller.ts';
import { systemClock } from '../common/clock.ts';
import { HistoryDatabase } from '../main/core/history/history-database.ts';
import { PollRecorder } from '../main/core/history/poll-recorder.ts';
import { RecordWrites } from '../main/core/history/record-writes.ts';
import { serverTray, trayModel } from '../main/core/tray/index.ts';
import { cpuMs, mean, megabytes, openSinceBaseline, percentile } from './bench-figures.ts';
import { startFlappingTarget } from './bench-processes.ts';
import { fillService, rawBodies, startBenchService } from './bench-service.ts';
import { snapshotFromBodies } from './bench-snapshot.ts';
import { clientServersBench } from './client-servers-bench.ts';
import { printTable, type BenchRow } from './table.ts';

const counts = { monitors: 10_000, heartbeats: 1_000, domains: 1_000 };
/** Of the monitors, these check the flapping target every 10 s: each goes down or up at each check (about 10 changes a second). */
const flappingCount = 100;
const flapHalfPeriodMs = 10_000;
const polls = Number(process.env.VIGIL_BENCH_POLLS ?? 1_000);
const benchServer = { id: 'bench', name: 'Bench' };

/** The tray model of the one server, as the core builds it after each poll. */
function trayOf(outcome: PollOutcome, alertState: AlertState, now: number) {
  const server = serverTray({ server: benchServer, outcome, alertState, snoozes: [], preferences: defaultAlertPreferences, now });
  return trayModel({ servers: [server], now });
}

/** CPU of JSON.parse + tolerant readers + evaluatePoll + tray model on bodies already fetched, per poll. */
function pipelineCpuMs(bodies: string[], state: AlertState): { cpuMs: number; state: AlertState } {
  const started = process.cpuUsage();
  const now = Date.now();
  const outcome: PollOutcome = { ok: true, snapshot: snapshotFromBodies(bodies) };
  const evaluation = evaluatePoll(state, outcome, { connection: benchServer, preferences: defaultAlertPreferences, rules: defaultAlertRules, snoozes: [], now });
  trayOf(outcome, evaluation.state, now);
  const used = process.cpuUsage(started);
  return { cpuMs: (used.user + used.system) / 1000, state: evaluation.state };
}

/** Monitors whose status flips in each poll of the recording figure: a busy day, a row each. */
const changesPerPoll = 10;

/** A recorder writing to its own history.sqlite, as the app's session does after each poll. */
function benchRecorder(directory: string): { record(snapshot: Snapshot, state: AlertState): void; close(): void } {
  const database = new HistoryDatabase({ directory, logger: { info() {}, warn: console.warn, error: console.error }, clock: systemClock });
  const recorder = new PollRecorder({ connectionId: benchServer.id, writes: new RecordWrites(database), clock: systemClock, intervalMs: () => 60_000 });
  return {
    // What ConnectionSession does after each poll.
    record(snapshot, state) {
      const judge = { graceSeconds: defaultAlertPreferences.heartbeatGraceSeconds, thresholds: defaultAlertPreferences.thresholds, waitingSince: heartbeatsWaiting(state) };
      recorder.recordPoll({ ok: true, snapshot }, judge, []);
    },
    close: () => database.close(),
  };
}

/** CPU of recording one poll (judging its items, comparing, writing), per poll; the first poll (every item new) apart. */
function recordingCpuMs(bodies: string[], directory: string): { firstMs: number; steadyMs: number[] } {
  const recorder = benchRecorder(directory);
  const state = initialAlertState();
  const first = snapshotFromBodies(bodies);
  const firstMs = cpuMs(() => recorder.record(first, state));
  const steadyMs: number[] = [];
  for (let n = 1; n <= 120; n++) {
    const snapshot = snapshotFromBodies(bodies, n, changesPerPoll);
    const ms = cpuMs(() => recorder.record(snapshot, state));
    if (n > 20) steadyMs.push(ms);
  }
  recorder.close();
  return { firstMs, steadyMs };
}

/** Both cases: one server holding much, then ten servers at once. */
export async function clientBench(): Promise<boolean> {
  const oneMet = await oneServerBench();
  const tenMet = await clientServersBench();
  return oneMet && tenMet;
}

async function oneServerBench(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-client-bench-'));
  const service = await startBenchService(dataDir);
  const flapping = await startFlappingTarget(flapHalfPeriodMs);
  try {
    console.log(`Filling the service with ${counts.monitors} monitors (${flappingCount} of them flapping), ${counts.heartbeats} heartbeats and ${counts.domains} domains…`);
    await fillService(service, counts, { count: flappingCount, port: flapping.port });
    const client = new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token });

    const bodies = await rawBodies(service, counts);
    let state = initialAlertState();
    const cpu: number[] = [];
    // The first runs warm up the JIT; a tray app polls for hours, so what counts is the steady state. The mean
    // over many polls includes the garbage collection they cause; single polls vary with where a GC lands.
    for (let i = 0; i < 120; i++) {
      const result = pipelineCpuMs(bodies, state);
      state = result.state;
      if (i >= 20) cpu.push(result.cpuMs);
    }
    const meanCpu = mean(cpu);
    const recording = recordingCpuMs(bodies, mkdtempSync(path.join(dataDir, 'record-')));
    const meanRecording = mean(recording.steadyMs);
    const pollRecorder = benchRecorder(mkdtempSync(path.join(dataDir, 'record-polls-')));
    const baseline = process.getActiveResourcesInfo();

    console.log(`Polling ${polls} times through the real poller…`);
    const wall: number[] = [];
    const heapAfter: number[] = [];
    let pollState = initialAlertState();
    /** Alerts the polls raised after the first (which meets every item): the flapping monitors' changes. */
    let statusChanges = 0;
    let betweenPolls = { timers: 0, others: [] as string[] };
    await new Promise<void>((resolve, reject) => {
      let started = performance.now();
      const poller: Poller = new Poller({
        clock: systemClock,
        intervalMs: 10_000,
        poll: (signal) => {
          started = performance.now();
          return fetchSnapshot(client, systemClock, signal);
        },
        describeError: clientErrorInfo,
        onOutcome: (outcome) => {
          if (!outcome.ok) return reject(new Error(outcome.error.message));
          wall.push(performance.now() - started);
          const now = Date.now();
          const evaluation = evaluatePoll(pollState, outcome, { connection: benchServer, preferences: defaultAlertPreferences, rules: defaultAlertRules, snoozes: [], now });
          pollState = evaluation.state;
          if (wall.length > 1) statusChanges += evaluation.changes.length;
          pollRecorder.record(outcome.snapshot, pollState);
          trayOf(outcome, pollState, now);
          if (wall.length % 100 === 0) {
            globalThis.gc?.();
            heapAfter.push(process.memoryUsage().heapUsed);
          }
          if (wall.length === polls) {
            // What stays open once a poll is over and the poller waits: looked at after the keep-alive idle time.
            setTimeout(() => {
              // Handles the bench itself held before polling (its service child, its pipes) are not the client's.
              betweenPolls = openSinceBaseline(baseline);
              pollRecorder.close();
              void poller.stop().then(resolve);
            }, 5_000);
          } else {
            poller.refreshNow();
          }
        },
      });
      poller.start();
    });

    const heapGrowth = (heapAfter.at(-1) ?? 0) - (heapAfter[0] ?? 0);
    const { timers, others: leftOpen } = betweenPolls;
    const rows: BenchRow[] = [
      {
        measure: `status changes the polls saw (${flappingCount} monitors flapping every ${flapHalfPeriodMs / 1000} s)`,
        value: `${statusChanges} (${(statusChanges / Math.max(1, polls - 1)).toFixed(1)} a poll)`,
        target: 'some in the rounds',
        met: statusChanges > 0,
      },
      { measure: 'one full poll, wall (median)', value: `${percentile(wall, 0.5).toFixed(0)} ms` },
      { measure: 'one full poll, wall (p99)', value: `${percentile(wall, 0.99).toFixed(0)} ms`, target: '≤ 1000 ms', met: percentile(wall, 0.99) <= 1000 },
      { measure: 'parse + validate + diff + tray, CPU per poll (mean of 100, GC included)', value: `${meanCpu.toFixed(1)} ms`, target: '≤ 50 ms', met: meanCpu <= 50 },
      { measure: 'parse + validate + diff + tray, CPU (median / p90 of single polls)', value: `${percentile(cpu, 0.5).toFixed(1)} / ${percentile(cpu, 0.9).toFixed(1)} ms` },
      {
        measure: `recording what a poll saw, CPU per poll (mean of 100, ${changesPerPoll} changes each)`,
        value: `${meanRecording.toFixed(2)} ms`,
        target: '≤ 2 ms',
        met: meanRecording <= 2,
      },
      { measure: 'recording, CPU (median / p90 of single polls)', value: `${percentile(recording.steadyMs, 0.5).toFixed(2)} / ${percentile(recording.steadyMs, 0.9).toFixed(2)} ms` },
      { measure: 'recording the first poll (every item new to the record), CPU once', value: `${recording.firstMs.toFixed(0)} ms` },
      { measure: `heap after poll 100 → poll ${polls} (after GC, recording included)`, value: `${megabytes(heapAfter[0] ?? 0)} → ${megabytes(heapAfter.at(-1) ?? 0)}` },
      { measure: 'heap growth', value: megabytes(heapGrowth), target: 'flat (< 5 MB)', met: heapGrowth < 5 * 2 ** 20 },
      { measure: 'between polls: timers', value: String(timers), target: '1 (the poll timer)', met: timers === 1 },
      { measure: 'between polls: sockets and other handles', value: leftOpen.length === 0 ? 'none' : leftOpen.join(', '), target: 'none', met: leftOpen.length === 0 },
    ];
    printTable(`Client benchmark (${counts.monitors} monitors, ${counts.heartbeats} heartbeats, ${counts.domains} domains; ${polls} polls; ${process.version})`, rows);
    return rows.every((r) => r.met !== false);
  } finally {
    service.stop();
    flapping.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
