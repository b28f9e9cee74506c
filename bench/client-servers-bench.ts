// `npm run bench -- client`, second case: ten servers at once, each a real service in its own process holding 1,000
// monitors, 100 heartbeats and 100 domains, watched by the real core (CoreRuntime, one session per connection).
// One poll round of all ten, wall; the client's CPU for a round (parse + validate + diff + tray model + recording),
// the alert policy applying a busy person's rules (benchAlertRules), as the core does it: after each server's poll, its alerts, its record and the status over every server; heap
// across the rounds; and what is left open between polls: per server its poll timer and, since the services offer
// their stream of changes (the core follows it while it polls), that stream's socket and its silence watch.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentLogger } from '../common/logger.ts';
import type { MaintenanceRule } from '../common/maintenance/maintenance.ts';
import type { Weekday } from '../common/schedule/weekly-schedule.ts';
import { defaultAlertRules, type AlertRules } from '../main/core/alerts/index.ts';
import { CoreRuntime } from '../main/core/app/core-runtime.ts';
import { MemorySecretStore } from '../main/core/secrets/memory-secret-store.ts';
import type { Connection } from '../main/core/settings/settings-schema.ts';
import { FileSettingsStore } from '../main/core/settings/settings-store.ts';
import { mean, megabytes, openSinceBaseline, percentile } from './bench-figures.ts';
import { pipelineRoundsCpuMs, type PipelineConnection, type PipelineTiming, type RoundCpu } from './poll-pipeline.ts';
import { fillService, rawBodies, startBenchService, type BenchService } from './bench-service.ts';
import { snapshotFromBodies } from './bench-snapshot.ts';
import { printTable, type BenchRow } from './table.ts';

const serverCount = 10;
const perServer = { monitors: 1_000, heartbeats: 100, domains: 100 };
const rounds = Number(process.env.VIGIL_BENCH_POLLS ?? 1_000);
/** Monitors whose status flips on each server in each round of the CPU figure: a busy day. */
const flipsPerServer = 1;

export async function clientServersBench(): Promise<boolean> {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-client-servers-bench-'));
  const services: BenchService[] = [];
  try {
    for (let i = 0; i < serverCount; i++) {
      const dataDir = path.join(root, `service-${i}`);
      mkdirSync(dataDir);
      services.push(await startBenchService(dataDir));
    }
    console.log(`Filling ${serverCount} services with ${perServer.monitors} monitors, ${perServer.heartbeats} heartbeats and ${perServer.domains} domains each…`);
    await Promise.all(services.map((service) => fillService(service, perServer)));
    const connections: Connection[] = services.map((service, i) => ({ id: `server-${i}`, name: `Server ${i}`, baseUrl: service.apiUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }));

    const bodies = await Promise.all(services.map((service) => rawBodies(service, perServer)));
    // The servers' polls fall on different seconds, as ten pollers started apart do: the figure against the target.
    const pipeline = (timing: PipelineTiming) => {
      const start = Math.floor(Date.now() / 1000) * 1000;
      const polled = connections.map((connection, index): PipelineConnection => ({
        connection,
        // One rules object per server for the whole run, as a session keeps its own until the settings change.
        rules: benchAlertRules(snapshotFromBodies(bodies[index] ?? []).monitors.flatMap((monitor) => (monitor.id === undefined ? [] : [monitor.id])), start + 60_000),
        poll: (round, now) => snapshotFromBodies(bodies[index] ?? [], round, flipsPerServer, now),
      }));
      return pipelineRoundsCpuMs(polled, path.join(root, `record-pipeline-${timing}`), { timing, start });
    };
    const roundCpu = pipeline('staggered');
    const stage = (pick: (cpu: RoundCpu) => number) => mean(roundCpu.rounds.map(pick));
    const total = roundCpu.rounds.map((cpu) => cpu.total);
    // All ten polls within the same second (the kindest case for the status memo), for comparison.
    const sameSecond = pipeline('same-second').rounds.map((cpu) => cpu.total);
    const watched = await watchRounds(services, connections, root);

    const heapGrowth = (watched.heapAfter.at(-1) ?? 0) - (watched.heapAfter[0] ?? 0);
    const { timers, others } = watched.betweenPolls;
    const streamSockets = others.filter((handle) => handle === 'TCPSocketWrap').length;
    const otherHandles = others.filter((handle) => handle !== 'TCPSocketWrap');
    const rows: BenchRow[] = [
      { measure: 'one round of all ten, wall (median)', value: `${percentile(watched.wall, 0.5).toFixed(0)} ms` },
      { measure: 'one round of all ten, wall (p99)', value: `${percentile(watched.wall, 0.99).toFixed(0)} ms`, target: '≤ 1000 ms', met: percentile(watched.wall, 0.99) <= 1000 },
      {
        measure: 'parse + validate + diff (with alert rules) + tray + recording, CPU per round, polls 1–6 s apart (mean of 100, GC included)',
        value: `${mean(total).toFixed(1)} ms`,
        target: '≤ 50 ms',
        met: mean(total) <= 50,
      },
      { measure: 'the same, CPU (median / p90 of single rounds)', value: `${percentile(total, 0.5).toFixed(1)} / ${percentile(total, 0.9).toFixed(1)} ms` },
      {
        measure: 'of which parse / diff / recording / status over all ten after each poll (means)',
        value: [stage((cpu) => cpu.parse), stage((cpu) => cpu.diff), stage((cpu) => cpu.record), stage((cpu) => cpu.status)].map((ms) => ms.toFixed(1)).join(' / ') + ' ms',
      },
      { measure: 'the same round with all ten polls within one second, CPU (mean / median)', value: `${mean(sameSecond).toFixed(1)} / ${percentile(sameSecond, 0.5).toFixed(1)} ms` },
      { measure: 'the whole core in a round, CPU (requests included; mean)', value: `${mean(watched.cpu).toFixed(1)} ms` },
      { measure: `heap after round 100 → round ${rounds} (after GC)`, value: `${megabytes(watched.heapAfter[0] ?? 0)} → ${megabytes(watched.heapAfter.at(-1) ?? 0)}` },
      { measure: 'heap growth', value: megabytes(heapGrowth), target: 'flat (< 5 MB)', met: heapGrowth < 5 * 2 ** 20 },
      { measure: 'between polls: timers', value: String(timers), target: `${2 * serverCount} (per server: the poll, the change stream's silence watch)`, met: timers === 2 * serverCount },
      {
        measure: 'between polls: sockets and other handles',
        value: others.length === 0 ? 'none' : `${streamSockets} sockets${otherHandles.length === 0 ? '' : `, ${otherHandles.join(', ')}`}`,
        target: `≤ ${serverCount} sockets (each server's change stream), nothing else`,
        met: streamSockets <= serverCount && otherHandles.length === 0,
      },
    ];
    const title = `Client benchmark, ${serverCount} servers × (${perServer.monitors} monitors, ${perServer.heartbeats} heartbeats, ${perServer.domains} domains); ${rounds} rounds; ${process.version}`;
    printTable(title, rows);
    return rows.every((row) => row.met !== false);
  } finally {
    for (const service of services) service.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** "HH:MM" of a moment, in UTC. */
function utcWallTime(at: number): string {
  return new Date(at).toISOString().slice(11, 16);
}

/**
 * A busy person's rules for one server (issue 13's performance case), from `start`, the first poll of the run (about
 * 120 rounds of 1–1.5 min): quiet hours that begin an hour in and end an hour later (news held, then the summary);
 * 20 maintenance windows (server-wide and per item, one-off and weekly; some covering polls, some starting or
 * ending during the run); a 500-monitor dependency forest (50 parents of 9 children each); flapping and delays at
 * their defaults.
 */
export function benchAlertRules(monitorIds: readonly string[], start: number): AlertRules {
  const key = (index: number) => `monitor:${monitorIds[index % monitorIds.length] ?? ''}`;
  const day = new Date(start).getUTCDay() as Weekday;
  const weekly = (from: number, minutes: number) => ({ days: [day], start: utcWallTime(from), end: utcWallTime(from + minutes * MINUTE_MS), timezone: 'UTC' });
  const maintenance: MaintenanceRule[] = [
    // Server-wide: two long past, one upcoming after the run, one during it for ten minutes.
    { from: start - 48 * HOUR_MS, until: start - 47 * HOUR_MS },
    { from: start - 24 * HOUR_MS, until: start - 23 * HOUR_MS },
    { from: start + 30 * HOUR_MS, until: start + 31 * HOUR_MS },
    { from: start + 90 * MINUTE_MS, until: start + 100 * MINUTE_MS },
    // Per item, one-off: covering the start, ending at different times in the run, or until ended.
    ...Array.from({ length: 12 }, (_, index) => {
      const rule: MaintenanceRule = { item: key(index * 7), from: start - HOUR_MS };
      if (index % 4 !== 3) rule.until = start + (index + 1) * 10 * MINUTE_MS;
      return rule;
    }),
    // Weekly: two per item and two server-wide, one of those in the run's second hour.
    { item: key(500), from: start - 30 * 24 * HOUR_MS, repeat: weekly(start + 20 * MINUTE_MS, 30) },
    { item: key(501), from: start - 30 * 24 * HOUR_MS, repeat: weekly(start + 40 * MINUTE_MS, 60) },
    { from: start - 30 * 24 * HOUR_MS, repeat: weekly(start + 130 * MINUTE_MS, 5) },
    { from: start - 30 * 24 * HOUR_MS, repeat: { days: [((day + 3) % 7) as Weekday], start: '02:00', end: '04:00', timezone: 'Europe/Berlin' } },
  ];
  const dependencies = new Map<string, string>();
  for (let parent = 0; parent < 50; parent++) {
    for (let child = 0; child < 9; child++) dependencies.set(key(50 + parent * 9 + child), key(parent));
  }
  const quiet = { days: [0, 1, 2, 3, 4, 5, 6] as Weekday[], start: utcWallTime(start + HOUR_MS), end: utcWallTime(start + 2 * HOUR_MS) };
  return { ...defaultAlertRules, quietHours: { ranges: [quiet], timeZone: 'UTC', criticalBreaksThrough: true }, maintenance, dependencies };
}

interface WatchedRounds {
  wall: number[];
  /** The process's CPU over each round: the core's whole work, HTTP client included. */
  cpu: number[];
  heapAfter: number[];
  betweenPolls: { timers: number; others: string[] };
}

/** The real core watching all ten: `rounds` rounds of a fresh poll of every server, one after another. */
async function watchRounds(services: readonly BenchService[], connections: readonly Connection[], root: string): Promise<WatchedRounds> {
  const dir = path.join(root, 'core');
  mkdirSync(dir);
  const settings = new FileSettingsStore({ directory: dir, logger: silentLogger });
  // The interval is long: the rounds are asked for one after another, and the timers between them are the pollers'.
  settings.update((current) => ({ ...current, pollIntervalSeconds: 3600, connections: [...connections] }));
  const secrets = new MemorySecretStore();
  for (const [index, connection] of connections.entries()) await secrets.set(connection.id, services[index]?.token ?? '');
  const baseline = process.getActiveResourcesInfo();
  const runtime = new CoreRuntime({ settings, alertStateDir: dir, historyDir: dir, secrets, localService: undefined, about: { version: 'bench', shell: 'desktop' }, logger: silentLogger });
  await runtime.start();
  console.log(`Polling all ${serverCount} servers ${rounds} times through the real core…`);
  const wall: number[] = [];
  const cpu: number[] = [];
  const heapAfter: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    await runtime.refreshNow();
    const used = process.cpuUsage(startedCpu);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    if (round % 100 === 0) {
      globalThis.gc?.();
      heapAfter.push(process.memoryUsage().heapUsed);
    }
  }
  const failing = runtime.status().servers.filter((server) => server.situation !== 'ok');
  if (failing.length > 0) throw new Error(`Not every server answered: ${failing.map((server) => `${server.connection.name}: ${server.problem ?? server.situation}`).join('; ')}`);
  // What stays open once the polls are over and the pollers wait: looked at after the keep-alive idle time.
  const betweenPolls = await new Promise<WatchedRounds['betweenPolls']>((resolve) => setTimeout(() => resolve(openSinceBaseline(baseline)), 5_000));
  await runtime.stop();
  return { wall, cpu, heapAfter, betweenPolls };
}
