// `npm run bench -- footprint [--minutes 5]`: what Vigil costs at rest, in browser mode as `npm run vigil -- web` runs
// it (the core, and the local service it starts), with 0 monitors and with 100 (http, every 60 s, against a loopback
// target), side by side, each in its own config folder. For each process: RSS and anonymous memory (`RssAnon` in
// /proc/<pid>/status) after 60 s at rest, and its timer wake-ups over the next 5 minutes, counted inside it by
// bench/footprint-probe.mjs (loaded with --import through NODE_OPTIONS, which the core passes on to the service).
// A first start before the measured ones builds what a start builds when it is out of date, as a first start does.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { vigilNodeArgs } from '../scripts/vigil-node-args.ts';
import { createHttpMonitors } from './bench-monitors.ts';
import { startTarget } from './bench-processes.ts';
import { printTable, type BenchRow } from './table.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const restSeconds = 60;
const pollSeconds = 60;
const monitorFrequencySeconds = 60;
const targetsMb = { core: 40, service: { 0: 50, 100: 60 } } as const;

interface ProbeReport {
  callbacks: number;
  wakeUps: number;
  callbacksBySite: Record<string, number>;
  memory: NodeJS.MemoryUsage;
}

interface ProcessFigures {
  rssMb: number;
  anonMb: number;
  wakeUps: number;
  callbacks: number;
  /** Where the timers that fired were set, most first. */
  sites: [string, number][];
  /** V8's heap and the memory outside it that V8 knows of, at the end. */
  heap: Pick<NodeJS.MemoryUsage, 'heapTotal' | 'heapUsed' | 'external'>;
}

interface ScenarioFigures {
  monitors: 0 | 100;
  core: ProcessFigures;
  service: ProcessFigures;
}

export async function footprintBench(options: readonly string[]): Promise<boolean> {
  if (process.platform !== 'linux') {
    console.log('The footprint benchmark reads /proc: it runs on Linux only.');
    return true;
  }
  const minutesAt = options.indexOf('--minutes');
  const minutes = minutesAt === -1 ? 5 : Number(options[minutesAt + 1]);
  if (!(minutes > 0)) throw new Error('--minutes takes a positive number');

  const work = mkdtempSync(path.join(tmpdir(), 'vigil-footprint-'));
  try {
    console.log('Starting Vigil once, so what it builds before it runs (the window, the Node bundle) is in place…');
    await warmUp(work);
    console.log(`Measuring 0 and 100 monitors side by side: ${restSeconds} s at rest, then ${minutes} min of wake-ups…`);
    const scenarios = await Promise.all([measure(work, 0, minutes), measure(work, 100, minutes)]);
    return report(scenarios, minutes);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface RunningVigil {
  core: ChildProcessByStdio<null, Readable, null>;
  coreExited: Promise<void>;
  stop(): Promise<void>;
}

/** `vigil web` in its own config folder (its service on `servicePort`), resolved once it says where it runs. */
async function startVigil(configDir: string, servicePort: number, probeDir: string): Promise<RunningVigil> {
  mkdirSync(path.join(configDir, 'service'), { recursive: true });
  writeFileSync(path.join(configDir, 'service', 'config.json'), JSON.stringify({ port: servicePort }));
  const probe = `--import=${pathToFileURL(path.join(import.meta.dirname, 'footprint-probe.mjs')).href}`;
  const env = { ...process.env, VIGIL_CONFIG_DIR: configDir, VIGIL_FOOTPRINT_DIR: probeDir, NODE_OPTIONS: [process.env.NODE_OPTIONS, probe].filter(Boolean).join(' ') };
  const core = spawn(process.execPath, [...vigilNodeArgs(repoRoot), 'web'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const coreExited = new Promise<void>((resolve) => core.once('exit', () => resolve()));
  const lines = createInterface({ input: core.stdout });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line.startsWith('Vigil is running') && resolve());
    void coreExited.then(() => reject(new Error('vigil web stopped before it was running')));
  });
  return {
    core,
    coreExited,
    stop: async () => {
      core.kill('SIGINT');
      await coreExited;
    },
  };
}

async function warmUp(work: string): Promise<void> {
  const vigil = await startVigil(path.join(work, 'warm-up'), await freePort(), path.join(work, 'warm-up'));
  await vigil.stop();
}

async function measure(work: string, monitors: 0 | 100, minutes: number): Promise<ScenarioFigures> {
  const configDir = path.join(work, `monitors-${monitors}`);
  const probeDir = path.join(work, `probe-${monitors}`);
  mkdirSync(probeDir);
  const servicePort = await freePort();
  const vigil = await startVigil(configDir, servicePort, probeDir);
  const target = monitors > 0 ? await startTarget('keep-alive') : undefined;
  try {
    const corePid = vigil.core.pid;
    if (corePid === undefined) throw new Error('vigil web has no process id');
    const servicePid = childPid(corePid);
    if (target) {
      const token = spawnSync(process.execPath, [...vigilNodeArgs(repoRoot), 'token', '--data-dir', path.join(configDir, 'service'), '--expires-in', '1h'], { cwd: repoRoot, encoding: 'utf8' });
      if (token.status !== 0) throw new Error(`vigil token failed: ${token.stderr}`);
      await createHttpMonitors({ apiUrl: `http://127.0.0.1:${servicePort}/api`, token: token.stdout.trim() }, target.port, monitors, monitorFrequencySeconds);
    }
    await sleep(restSeconds * 1000);
    const memory = { core: memoryOf(corePid), service: memoryOf(servicePid) };
    const before = { core: await probe(probeDir, corePid), service: await probe(probeDir, servicePid) };
    await sleep(minutes * 60_000);
    const after = { core: await probe(probeDir, corePid), service: await probe(probeDir, servicePid) };
    const figures = (name: 'core' | 'service'): ProcessFigures => ({ ...memory[name], ...difference(before[name], after[name]) });
    return { monitors, core: figures('core'), service: figures('service') };
  } finally {
    target?.stop();
    await vigil.stop();
  }
}

function report(scenarios: ScenarioFigures[], minutes: number): boolean {
  const polls = Math.round((minutes * 60) / pollSeconds);
  const rows: BenchRow[] = [];
  for (const { monitors, core, service } of scenarios) {
    const dueChecks = Math.round((monitors * minutes * 60) / monitorFrequencySeconds);
    const processes = [
      { name: 'core', figures: core, anonTarget: targetsMb.core, wakeTarget: polls, wakeWords: `≤ ${polls} (one per poll)` },
      { name: 'service', figures: service, anonTarget: targetsMb.service[monitors], wakeTarget: polls + dueChecks, wakeWords: `≤ ${polls + dueChecks} (one per poll or due check)` },
    ];
    for (const { name, figures, anonTarget, wakeTarget, wakeWords } of processes) {
      const label = `${name}, ${monitors} monitors`;
      rows.push({ measure: `${label}: RSS after ${restSeconds} s at rest`, value: `${figures.rssMb.toFixed(1)} MB` });
      rows.push({ measure: `${label}: anonymous (RssAnon)`, value: `${figures.anonMb.toFixed(1)} MB`, target: `≤ ${anonTarget} MB`, met: figures.anonMb <= anonTarget });
      rows.push({ measure: `${label}: timer wake-ups in ${minutes} min (callbacks)`, value: `${figures.wakeUps} (${figures.callbacks})`, target: wakeWords, met: figures.wakeUps <= wakeTarget });
    }
  }
  printTable(`Vigil at rest in browser mode (Node ${process.versions.node}; polls every ${pollSeconds} s; monitors every ${monitorFrequencySeconds} s)`, rows);
  const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
  console.log('\nV8 at the end (heap committed / used, and memory outside it), and where the timers that fired were set:');
  for (const { monitors, core, service } of scenarios) {
    for (const [name, figures] of [['core', core], ['service', service]] as const) {
      const { heapTotal, heapUsed, external } = figures.heap;
      console.log(`  ${name}, ${monitors} monitors: heap ${mb(heapTotal)} / ${mb(heapUsed)}, external ${mb(external)}`);
      console.log(`    ${figures.sites.slice(0, 6).map(([site, count]) => `${count}× ${site}`).join('; ') || 'no timer fired'}`);
    }
  }
  return rows.every((row) => row.met !== false);
}

function memoryOf(pid: number): { rssMb: number; anonMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, anonMb: kb('RssAnon') / 1024 };
}

/** The core's one child process: the local service. */
function childPid(parentPid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name, in parentheses, may hold spaces: the parent pid is the second field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parentPid) return Number(entry);
    } catch {
      // The process ended while the list was read.
    }
  }
  throw new Error(`vigil web (pid ${parentPid}) has no service process`);
}

/** Asks the probe in `pid` for its counts (SIGUSR2) and reads what it writes. */
async function probe(probeDir: string, pid: number): Promise<ProbeReport> {
  const file = path.join(probeDir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 50) {
    if (waited > 10_000) throw new Error(`process ${pid} did not answer the footprint probe`);
    await sleep(50);
  }
  // Written with one writeFileSync call: complete once it parses.
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
    } catch {
      await sleep(50);
    }
  }
}

function difference(before: ProbeReport, after: ProbeReport): Omit<ProcessFigures, 'rssMb' | 'anonMb'> {
  const sites = Object.entries(after.callbacksBySite)
    .map(([site, count]): [string, number] => [site, count - (before.callbacksBySite[site] ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const { heapTotal, heapUsed, external } = after.memory;
  return { wakeUps: after.wakeUps - before.wakeUps, callbacks: after.callbacks - before.callbacks, sites, heap: { heapTotal, heapUsed, external } };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
