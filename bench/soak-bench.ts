// `npm run bench -- soak [--minutes N]`: a long run of everything at once, looking for what only time shows (leaks,
// descriptors left open, news lost or told twice). In this process, with the service's heap flags: the real
// service with 1,000 http monitors every 30 s over loopback targets (soak-targets.ts, their own process) that at
// random fail, hang, reset, answer slowly or with 1 MB bodies; the client core (poller, snapshot, alert policy,
// following the service's stream of changes, as client-bench.ts drives it) watching it and two spec-only servers
// that restart at random (restarting-spec-server.ts); and one clock for both, which jumps forward (a laptop waking)
// and back. N minutes (default 20; fractions allowed) of that, between a calm start and a calm end (every target
// answering, so every monitor is up before and after and the two records can be compared whole). Prints heap and
// RSS slopes, open descriptors, due checks run, whether every status change the service made was seen by the
// client exactly once, and history bytes per monitor-day against the storage model. Exit 1 when a check fails.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { CHANGES_EXTENSION } from '../common/api/changes.ts';
import type { Monitor } from '../common/api/index.ts';
import { backgroundClock, systemClock, type Clock } from '../common/clock.ts';
import { silentLogger } from '../common/logger.ts';
import { defaultAlertPreferences, defaultAlertRules, evaluatePoll, initialAlertState, type Alert, type AlertState } from '../main/core/alerts/index.ts';
import { clientErrorInfo, MonitoringClient } from '../main/core/api/index.ts';
import { ChangeFollower } from '../main/core/app/change-follower.ts';
import type { PollOutcome } from '../main/core/model/snapshot.ts';
import { fetchSnapshot } from '../main/core/poller/fetch-snapshot.ts';
import { Poller } from '../main/core/poller/poller.ts';
import { megabytes } from './bench-figures.ts';
import { postAll } from './bench-monitors.ts';
import { hasServiceHeapFlags, rerunWithServiceHeapFlags } from './bench-processes.ts';
import { startMeasuredService } from './measured-service.ts';
import { startRestartingSpecServer, type RestartingSpecServer } from './restarting-spec-server.ts';
import type { SoakTargetMode } from './soak-targets.ts';
import { printTable, type BenchRow } from './table.ts';

const monitorCount = 1_000;
const frequency = 30;
const specServerMonitors = 100;
const clientPollMs = 60_000;
const sampleEveryMs = 10_000;
/** The clock's jumps, at these shares of the run: a laptop waking after a night, then set back by an hour. */
const clockJumps = [
  { at: 1 / 3, byMs: 8 * 3_600_000 },
  { at: 2 / 3, byMs: -3_600_000 },
];
/** Bounds of the checks. Slopes are fitted after the warm-up (the first quarter of the run, at most 5 minutes). */
const bounds = { heapMbPerHour: 10, rssMbPerHour: 40, fdGrowth: 5, dueRun: 0.999, historyOverModel: 3 };
/**
 * The storage model's raw tier (docs/service.md, "History"): 10,000 monitors at 30 s keep ~250 MB of raw checks
 * over the 48 hours they are kept, so a monitor-day of raw checks takes 250 MB / 10,000 / 2. A soak shorter than
 * an hour has nothing rolled up yet: raw checks, status changes, events and errors are what it writes.
 */
const modelRawBytesPerMonitorDay = (250 * 2 ** 20) / 10_000 / 2;

function minutesOf(options: readonly string[]): number {
  const index = options.indexOf('--minutes');
  if (index === -1) return 20;
  const minutes = Number(options[index + 1]);
  if (!(Number.isFinite(minutes) && minutes > 0)) throw new Error(`--minutes wants a positive number of minutes (such as 20 or 0.5), not "${options[index + 1] ?? ''}"`);
  return minutes;
}

/** The real clock plus an offset the soak moves: the service's (unreferenced timers) and the client's. */
function jumpingClocks(): { service: Clock; client: Clock; jump(byMs: number): void } {
  let offsetMs = 0;
  const shifted = (base: Clock): Clock => ({ now: () => base.now() + offsetMs, setTimer: base.setTimer, clearTimer: base.clearTimer });
  return { service: shifted(backgroundClock), client: shifted(systemClock), jump: (byMs) => (offsetMs += byMs) };
}

async function startTargets(): Promise<{ port: number; setMode(mode: SoakTargetMode): void; stop(): void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'soak-targets.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (line.done === true) throw new Error('the soak targets exited');
  return { port: Number(line.value), setMode: (mode) => child.stdin.write(`${mode}\n`), stop: () => child.stdin.end() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** This process's open descriptors by what they are: a file's path, or a TCP connection named by its ports. */
function openDescriptors(portNames: ReadonlyMap<number, string>): Map<string, number> {
  const connections = new Map<string, string>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (local === undefined || remote === undefined || inode === undefined) continue;
      const port = (address: string) => Number.parseInt(address.split(':')[1] ?? '0', 16);
      const name = (address: string) => portNames.get(port(address));
      const remoteName = name(remote);
      const localName = name(local);
      connections.set(inode, remoteName !== undefined ? `tcp to ${remoteName}` : localName !== undefined ? `tcp at ${localName}` : 'tcp, other');
    }
  }
  const kinds = new Map<string, number>();
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // the directory's own descriptor, closed by now
    }
    const socket = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    const kind = socket === undefined ? target.replace(/\[\d+\]$/, '').replace(/vigil-soak-[^/]+/, '<data dir>') : (connections.get(socket) ?? 'socket, not tcp');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

const total = (kinds: ReadonlyMap<string, number>) => [...kinds.values()].reduce((sum, count) => sum + count, 0);

/** What `end` holds more of than `start`, by kind. */
function grownBy(start: ReadonlyMap<string, number>, end: ReadonlyMap<string, number>): string {
  const grown = [...end].map(([kind, count]) => [kind, count - (start.get(kind) ?? 0)] as const).filter(([, more]) => more > 0);
  return grown.map(([kind, more]) => `+${more} ${kind}`).join(', ');
}

/** Least-squares slope of `values` over `times` (ms), per hour. */
function slopePerHour(times: readonly number[], values: readonly number[]): number {
  const n = times.length;
  if (n < 2) return 0;
  const meanT = times.reduce((a, b) => a + b, 0) / n;
  const meanV = values.reduce((a, b) => a + b, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i++) {
    numerator += ((times[i] ?? 0) - meanT) * ((values[i] ?? 0) - meanV);
    denominator += ((times[i] ?? 0) - meanT) ** 2;
  }
  return denominator === 0 ? 0 : (numerator / denominator) * 3_600_000;
}

interface Api {
  apiUrl: string;
  token: string;
}

async function getJson<T>(api: Api, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${api.apiUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${api.token}` } });
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

async function monitorsUp(api: Api): Promise<number> {
  const monitors = await getJson<{ last_status?: string }[]>(api, `/monitors?limit=${monitorCount}`);
  return monitors.filter((monitor) => monitor.last_status === 'up').length;
}

/** Waits until every monitor is up in the service (targets calm), or gives up after `seconds`. */
async function waitAllUp(api: Api, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let up = await monitorsUp(api);
  while (up < monitorCount && Date.now() < deadline) {
    await sleep(2_000);
    up = await monitorsUp(api);
  }
  return up;
}

interface ServiceEvent {
  id: string;
  kind: string;
  item_id?: string;
  from?: string;
  to?: string;
}

/** The service's record of status changes after `afterId`: each monitor's `to`s (down, up) in order. */
async function serviceChanges(api: Api, afterId: string | undefined): Promise<{ lastId: string | undefined; byMonitor: Map<string, string[]> }> {
  const byMonitor = new Map<string, string[]>();
  let after = afterId;
  for (;;) {
    const page = await getJson<ServiceEvent[]>(api, `/events?limit=1000${after === undefined ? '' : `&after=${after}`}`);
    for (const event of page) {
      if (event.kind !== 'monitor' || event.item_id === undefined || (event.to !== 'down' && event.to !== 'up')) continue;
      byMonitor.set(event.item_id, [...(byMonitor.get(event.item_id) ?? []), event.to]);
    }
    if (page.length < 1000) return { lastId: page.at(-1)?.id ?? after, byMonitor };
    after = page.at(-1)?.id;
  }
}

/** What the client core made of one server's polls. */
interface Watched {
  name: string;
  polls: number;
  failedPolls: number;
  /** Every change the alert policy found, in order. */
  changes: Alert[];
  /** How often each alert id was told (directly: `alert.id`) and suppressed (with its reason). */
  told: Map<string, number>;
  /** How often each id was among an alert's `includes` (a summary's changes, or news told late). */
  included: Map<string, number>;
  suppressed: Map<string, string[]>;
  connectionAlerts: Map<string, number>;
  /** Whether its stream of changes is open now (always false for a server without one). */
  following(): boolean;
  stop(): Promise<void>;
  /** Resolves after the next poll that starts from now has its outcome. */
  pollNow(): Promise<void>;
}

/** The client core watching one server, as a session does: poll, judge, and (when it offers them) follow its changes. */
function watch(name: string, api: Api, clock: Clock, followChanges: boolean): Watched {
  const client = new MonitoringClient({ baseUrl: api.apiUrl, token: () => api.token, clock });
  let state: AlertState = initialAlertState();
  let waiters: (() => void)[] = [];
  const watched: Watched = {
    name,
    polls: 0,
    failedPolls: 0,
    changes: [],
    told: new Map(),
    included: new Map(),
    suppressed: new Map(),
    connectionAlerts: new Map(),
    following: () => follower?.following === true,
    stop: async () => {
      follower?.stop();
      await poller.stop();
    },
    pollNow: () =>
      new Promise((resolve) => {
        waiters.push(resolve);
        poller.refreshNow();
      }),
  };
  const onOutcome = (outcome: PollOutcome) => {
    watched.polls += 1;
    if (!outcome.ok) watched.failedPolls += 1;
    const evaluation = evaluatePoll(state, outcome, { connection: { id: name, name }, preferences: defaultAlertPreferences, rules: defaultAlertRules, snoozes: [], now: clock.now() });
    state = evaluation.state;
    watched.changes.push(...evaluation.changes);
    for (const alert of evaluation.alerts) {
      watched.told.set(alert.id, (watched.told.get(alert.id) ?? 0) + 1);
      for (const id of alert.includes ?? []) watched.included.set(id, (watched.included.get(id) ?? 0) + 1);
      if (alert.itemKey === undefined) watched.connectionAlerts.set(alert.kind, (watched.connectionAlerts.get(alert.kind) ?? 0) + 1);
    }
    for (const { alert, reason } of evaluation.suppressed) watched.suppressed.set(alert.id, [...(watched.suppressed.get(alert.id) ?? []), reason]);
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const follower = followChanges ? new ChangeFollower({ client, clock, logger: silentLogger, name, refresh: () => poller.refreshNow() }) : undefined;
  const poll = (signal: AbortSignal) => fetchSnapshot(client, clock, signal);
  const poller: Poller = new Poller({ clock, intervalMs: clientPollMs, poll: follower?.alongPolls(poll) ?? poll, describeError: clientErrorInfo, onOutcome });
  poller.start();
  follower?.sync(true, [CHANGES_EXTENSION]);
  return watched;
}

/**
 * Each change the client found, and how it was dealt with when found: told (its own alert, or folded into a summary
 * told in the same poll), or suppressed with a reason. Exactly one of those, once; a suppressed change may be told
 * later through an alert's `includes`, once at most.
 */
function dealtWith(watched: Watched): { once: number; never: number; twice: number; told: number; inSummary: number; toldLater: number; reasons: Map<string, number> } {
  const reasons = new Map<string, number>();
  const figures = { once: 0, never: 0, twice: 0, told: 0, inSummary: 0, toldLater: 0, reasons };
  for (const change of watched.changes) {
    const direct = watched.told.get(change.id) ?? 0;
    const suppressedAs = watched.suppressed.get(change.id) ?? [];
    const included = watched.included.get(change.id) ?? 0;
    const inSummary = suppressedAs.length === 0 ? included : 0;
    const times = direct + inSummary + suppressedAs.length;
    if (times === 1 && included <= 1) figures.once += 1;
    else if (times === 0) figures.never += 1;
    else figures.twice += 1;
    figures.told += direct;
    figures.inSummary += inSummary;
    if (suppressedAs.length > 0) figures.toldLater += included;
    for (const reason of suppressedAs) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return figures;
}

/** The service's changes against the client's, monitor by monitor: lost (the client never saw) and doubled. */
function compareChanges(
  service: Map<string, string[]>,
  client: readonly Alert[],
): { serviceTotal: number; clientTotal: number; lost: number; doubled: number; outOfOrder: number; differing: string[] } {
  const seen = new Map<string, string[]>();
  for (const change of client) {
    const id = change.itemKey?.startsWith('monitor:') === true ? change.itemKey.slice('monitor:'.length) : undefined;
    const to = change.kind === 'monitor-down' ? 'down' : change.kind === 'monitor-recovered' ? 'up' : undefined;
    if (id !== undefined && to !== undefined) seen.set(id, [...(seen.get(id) ?? []), to]);
  }
  let serviceTotal = 0;
  let clientTotal = 0;
  let lost = 0;
  let doubled = 0;
  let outOfOrder = 0;
  const differing: string[] = [];
  for (const id of new Set([...service.keys(), ...seen.keys()])) {
    const made = service.get(id) ?? [];
    const saw = seen.get(id) ?? [];
    serviceTotal += made.length;
    clientTotal += saw.length;
    lost += Math.max(0, made.length - saw.length);
    doubled += Math.max(0, saw.length - made.length);
    if (made.length === saw.length && made.some((to, index) => saw[index] !== to)) outOfOrder += 1;
    if (made.join() !== saw.join()) differing.push(`${id}: service ${made.join(',') || 'none'}, client ${saw.join(',') || 'none'}`);
  }
  return { serviceTotal, clientTotal, lost, doubled, outOfOrder, differing };
}

/** What history.sqlite holds (its pages in use, the WAL's included), not what its files have reserved. */
function historyBytes(dataDir: string): number {
  const database = new DatabaseSync(path.join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const pragma = (name: string) => Number(Object.values(database.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
    return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
  } finally {
    database.close();
  }
}

interface Sample {
  at: number;
  heap: number;
  rss: number;
}

export async function soakBench(options: readonly string[]): Promise<boolean> {
  const minutes = minutesOf(options);
  // The service's heap flags, and gc() so the heap is sampled after a collection: what is kept, not what awaits one.
  if (!hasServiceHeapFlags() || globalThis.gc === undefined) return rerunWithServiceHeapFlags('soak', options, ['--expose-gc']);
  const runMs = minutes * 60_000;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-'));
  const clocks = jumpingClocks();
  const targets = await startTargets();
  const { service, token } = await startMeasuredService(dataDir, { clock: clocks.service, tokenSeconds: 30 * 86_400 });
  const api: Api = { apiUrl: service.apiUrl, token };
  const specServers: RestartingSpecServer[] = [];
  const watchers: Watched[] = [];
  try {
    console.log(`Creating ${monitorCount} http monitors (every ${frequency} s) against the loopback targets, calm for now…`);
    await postAll(api, monitorCount, (i) => ({
      collection: 'monitors',
      // Half read the body (a 1 MB answer is read whole, from the checks' shared budget); half only look at the status.
      body: { name: `soak ${i}`, type: 'http', url: `http://127.0.0.1:${targets.port}/m/${i}`, frequency, ...(i % 2 === 0 ? { expect: { body_contains: 'ok' } } : {}) },
    }));
    const upAtStart = await waitAllUp(api, 60);
    if (upAtStart < monitorCount) throw new Error(`Only ${upAtStart} of ${monitorCount} monitors came up against calm targets`);

    const specMonitors = (server: number): Monitor[] =>
      Array.from({ length: specServerMonitors }, (_, i) => ({ id: `spec-${server}-${i}`, name: `Spec ${server}/${i}`, type: 'http', url: `https://example.net/${i}`, frequency: 60, last_status: 'up' }));
    for (const server of [1, 2]) specServers.push(await startRestartingSpecServer(specMonitors(server), () => 20_000 + Math.random() * 70_000, () => 1_000 + Math.random() * 7_000));
    const cursor = (await serviceChanges(api, undefined)).lastId;
    watchers.push(watch('service', api, clocks.client, true));
    for (const [index, server] of specServers.entries()) watchers.push(watch(`spec-${index + 1}`, { apiUrl: server.apiUrl, token: 'spec' }, clocks.client, false));
    await Promise.all(watchers.map((watched) => watched.pollNow()));

    console.log(`Soaking for ${minutes} min: hostile targets, spec servers restarting, the clock jumping ${clockJumps.map((jump) => `${jump.byMs > 0 ? '+' : ''}${jump.byMs / 3_600_000} h`).join(' then ')}…`);
    // The setup's idle keep-alive sockets close after 4 s: the descriptors counted are the running soak's.
    await sleep(5_000);
    const portNames = new Map<number, string>([
      [Number(new URL(service.apiUrl).port), 'the service'],
      [targets.port, 'the targets'],
      ...specServers.map((server, index) => [Number(new URL(server.apiUrl).port), `spec server ${index + 1}`] as const),
    ]);
    const fdStart = openDescriptors(portNames);
    const historyStart = historyBytes(dataDir);
    const schedulerStart = service.scheduler.stats();
    const started = Date.now();
    targets.setMode('hostile');
    const samples: Sample[] = [];
    let streamOpenSamples = 0;
    const pending = [...clockJumps];
    const jumps: string[] = [];
    /** The scheduler's counts across each jump: a forward jump passes over rounds, counted due and skipped. */
    const acrossJumps = { due: 0, started: 0, skipped: 0 };
    while (Date.now() - started < runMs) {
      await sleep(Math.min(sampleEveryMs, runMs - (Date.now() - started)));
      globalThis.gc?.();
      const memory = process.memoryUsage();
      samples.push({ at: Date.now() - started, heap: memory.heapUsed, rss: memory.rss });
      if (watchers[0]?.following() === true) streamOpenSamples += 1;
      while (pending[0] !== undefined && Date.now() - started >= pending[0].at * runMs) {
        const jump = pending.shift();
        if (jump === undefined) break;
        const before = service.scheduler.stats();
        clocks.jump(jump.byMs);
        jumps.push(`${jump.byMs > 0 ? '+' : ''}${jump.byMs / 3_600_000} h at ${((Date.now() - started) / 60_000).toFixed(1)} min`);
        // The scheduler meets the new time at its next timer, within a second.
        await sleep(1_500);
        const after = service.scheduler.stats();
        acrossJumps.due += after.due - before.due;
        acrossJumps.started += after.started - before.started;
        acrossJumps.skipped += after.skipped - before.skipped;
      }
    }
    const schedulerEnd = service.scheduler.stats();
    const historyEnd = historyBytes(dataDir);

    console.log('Calm again: waiting until every monitor is up and the client has seen it…');
    targets.setMode('calm');
    // A hanging check ends at its deadline (10 s), a failed one is checked again within 20 s, every monitor within 30 s.
    const upAtEnd = await waitAllUp(api, 120);
    await Promise.all(watchers.map((watched) => watched.pollNow()));
    // As at the start: idle keep-alive sockets (the checks', the client's) close after 4 s.
    await sleep(5_000);
    const fdEnd = openDescriptors(portNames);
    const made = await serviceChanges(api, cursor);
    const serviceWatch = watchers[0];
    if (serviceWatch === undefined) throw new Error('the service was not watched');
    const compared = compareChanges(made.byMonitor, serviceWatch.changes);
    const handled = dealtWith(serviceWatch);

    const warmUpMs = Math.min(5 * 60_000, runMs / 4);
    const steady = samples.filter((sample) => sample.at >= warmUpMs);
    const heapSlope = slopePerHour(steady.map((s) => s.at), steady.map((s) => s.heap / 2 ** 20));
    const rssSlope = slopePerHour(steady.map((s) => s.at), steady.map((s) => s.rss / 2 ** 20));
    const due = schedulerEnd.due - schedulerStart.due - acrossJumps.due;
    const startedChecks = schedulerEnd.started - schedulerStart.started;
    const ran = (startedChecks - acrossJumps.started) / Math.max(1, due);
    /** The rounds the schedule holds in the run's real time: a scheduler that stops checking falls short of them. */
    const scheduledRounds = Math.floor((monitorCount * runMs) / (frequency * 1000));
    const monitorDays = (monitorCount * runMs) / 86_400_000;
    const perMonitorDay = (historyEnd - historyStart) / monitorDays;
    // Each monitor-hour starts a row (and the jump forward its own hours): under an hour, those fixed costs are not
    // spread over a row's hour of checks yet, and the figure says little about a day.
    const amortized = minutes >= 60;
    const reasons = [...handled.reasons].map(([reason, count]) => `${count} ${reason}`).join(', ') || 'none';
    const specRows = watchers.slice(1).map((watched, index): BenchRow => ({
      measure: `${watched.name}: restarts / polls (failed) / alerts without an item`,
      value: `${specServers[index]?.restarts() ?? 0} / ${watched.polls} (${watched.failedPolls}) / ${[...watched.connectionAlerts].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none'}`,
    }));
    const rows: BenchRow[] = [
      { measure: 'run (hostile targets; calm before and after)', value: `${minutes} min, ${samples.length} samples` },
      { measure: 'clock jumps (service and client)', value: jumps.join('; ') || 'none (run too short)' },
      { measure: `heap used after GC: first → last sample`, value: `${megabytes(samples[0]?.heap ?? 0)} → ${megabytes(samples.at(-1)?.heap ?? 0)}` },
      { measure: `heap slope after ${(warmUpMs / 60_000).toFixed(1)} min warm-up (${steady.length} samples)`, value: `${heapSlope.toFixed(1)} MB/h`, target: `≤ ${bounds.heapMbPerHour} MB/h`, met: heapSlope <= bounds.heapMbPerHour },
      { measure: 'RSS: first → last sample', value: `${megabytes(samples[0]?.rss ?? 0)} → ${megabytes(samples.at(-1)?.rss ?? 0)}` },
      { measure: 'RSS slope after the warm-up', value: `${rssSlope.toFixed(1)} MB/h`, target: `≤ ${bounds.rssMbPerHour} MB/h`, met: rssSlope <= bounds.rssMbPerHour },
      { measure: 'peak RSS (the process’s high-water mark)', value: megabytes(process.resourceUsage().maxRSS * 1024) },
      {
        measure: 'open file descriptors: start → end (calm)',
        value: `${total(fdStart)} → ${total(fdEnd)}${grownBy(fdStart, fdEnd) === '' ? '' : ` (${grownBy(fdStart, fdEnd)})`}`,
        target: `growth ≤ ${bounds.fdGrowth}`,
        met: total(fdEnd) - total(fdStart) <= bounds.fdGrowth,
      },
      { measure: 'due checks / started, the jumps apart', value: `${due} / ${startedChecks - acrossJumps.started} (${schedulerEnd.skipped - schedulerStart.skipped - acrossJumps.skipped} skipped)` },
      { measure: 'due checks run', value: `${(ran * 100).toFixed(3)} %`, target: `≥ ${bounds.dueRun * 100} %`, met: ran >= bounds.dueRun },
      { measure: '  … across the jumps: due / started / skipped (rounds the clock passed over)', value: `${acrossJumps.due} / ${acrossJumps.started} / ${acrossJumps.skipped}` },
      {
        measure: `checks started / rounds the schedule holds in the run's ${minutes} min (re-checks of failures add some)`,
        value: `${startedChecks} / ${scheduledRounds}`,
        target: `≥ ${bounds.dueRun * 100} %`,
        met: startedChecks >= bounds.dueRun * scheduledRounds,
      },
      { measure: 'monitors up at the end (calm targets)', value: `${upAtEnd} of ${monitorCount}`, target: 'all', met: upAtEnd === monitorCount },
      { measure: 'status changes the service recorded / the client saw', value: `${compared.serviceTotal} / ${compared.clientTotal}`, target: 'equal, > 0', met: compared.serviceTotal > 0 && compared.serviceTotal === compared.clientTotal },
      { measure: '  … lost / doubled / in another order (monitors)', value: `${compared.lost} / ${compared.doubled} / ${compared.outOfOrder}`, target: '0 / 0 / 0', met: compared.lost === 0 && compared.doubled === 0 && compared.outOfOrder === 0 },
      ...compared.differing.slice(0, 5).map((line): BenchRow => ({ measure: '  … a monitor that differs', value: line })),
      { measure: 'client changes told or suppressed exactly once', value: `${handled.once} of ${serviceWatch.changes.length} (never ${handled.never}, twice or more ${handled.twice})`, target: 'all', met: handled.never === 0 && handled.twice === 0 },
      { measure: '  … told in their own alert / in a summary / suppressed (reason) / of those told later', value: `${handled.told} / ${handled.inSummary} / ${reasons} / ${handled.toldLater}` },
      { measure: 'service: its stream of changes open at the samples', value: `${streamOpenSamples} of ${samples.length}` },
      { measure: 'service: client polls (failed) / alerts without an item (connection, summaries)', value: `${serviceWatch.polls} (${serviceWatch.failedPolls}) / ${[...serviceWatch.connectionAlerts].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none'}` },
      ...specRows,
      {
        measure: 'history written per monitor-day (pages in use: raw checks, changes, events, errors)',
        value: `${(perMonitorDay / 1024).toFixed(1)} KB (model: ${(modelRawBytesPerMonitorDay / 1024).toFixed(1)} KB)`,
        target: `≤ ${bounds.historyOverModel}× model${amortized ? '' : ' (judged from 60 min)'}`,
        ...(amortized ? { met: perMonitorDay <= bounds.historyOverModel * modelRawBytesPerMonitorDay } : {}),
      },
    ];
    printTable(`Soak (${monitorCount} http monitors every ${frequency} s, hostile targets, 2 restarting spec servers, ${minutes} min, ${process.version})`, rows);
    return rows.every((row) => row.met !== false);
  } finally {
    await Promise.all(watchers.map((watched) => watched.stop()));
    await Promise.all(specServers.map((server) => server.stop()));
    await service.close();
    targets.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
