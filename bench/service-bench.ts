// `npm run bench -- service`: the embedded service under the load of issue 3's targets —
// 10,000 http monitors every 30 s against a loopback target for at least 2 minutes, then GET /monitors pages
// with 50 concurrent connections while those checks keep running.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadOrCreateSigningKey } from '../service/auth/signing-key.ts';
import { issueToken } from '../service/auth/tokens.ts';
import { stderrLogger } from '../service/logger.ts';
import { startService } from '../service/monitoring-service.ts';
import { resolveConfig } from '../service/service-config.ts';
import { backgroundClock as systemClock } from '../common/clock.ts';
import { printTable, type BenchRow } from './table.ts';

const monitorCount = Number(process.env.VIGIL_BENCH_MONITORS ?? 10_000);
const runSeconds = Number(process.env.VIGIL_BENCH_SECONDS ?? 120);
const frequency = 30;
const sampleEveryMs = 5_000;

function startTarget(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'http-target.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => resolve({ port: Number(chunk.toString().trim()), stop: () => child.stdin.end() }));
  });
}

async function createMonitors(apiUrl: string, token: string, port: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < monitorCount) {
      const i = next++;
      const response = await fetch(`${apiUrl}/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench ${i}`, type: 'http', url: `http://127.0.0.1:${port}/m/${i}`, frequency }),
      });
      if (response.status !== 201) throw new Error(`create ${i} answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return (performance.now() - started) / 1000;
}

function runPageLoad(apiUrl: string, token: string): Promise<{ rps: number; p50: number; p99: number; max: number; non2xx: number; errors: number }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'page-load.ts'), apiUrl.replace(/\/api$/, ''), token, String(monitorCount / 100), '30'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`page load exited ${code}`)))));
}

/** The service runs with V8's heap capped (docs/service.md, "Memory"); so does its benchmark. */
const serviceHeapFlags = ['--max-semi-space-size=8', '--max-old-space-size=192'];

function rerunWithServiceHeapFlags(): Promise<boolean> {
  const child = spawn(process.execPath, [...serviceHeapFlags, ...process.execArgv, path.join(import.meta.dirname, 'run.ts'), 'service'], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
}

export async function serviceBench(): Promise<boolean> {
  if (!serviceHeapFlags.every((flag) => process.execArgv.includes(flag))) return rerunWithServiceHeapFlags();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const target = await startTarget();
  const config = resolveConfig(dataDir, { port: 0, rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/', rdapAllowHttp: true });
  const service = await startService(config, { clock: systemClock, logger: stderrLogger('warn'), fetch: globalThis.fetch });
  const token = await issueToken(loadOrCreateSigningKey(dataDir), 3600);
  try {
    console.log(`Creating ${monitorCount} http monitors (every ${frequency} s) against a loopback target…`);
    const createSeconds = await createMonitors(service.apiUrl, token, target.port);

    console.log(`Running checks for ${runSeconds} s…`);
    const before = service.scheduler.stats();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let worstP99 = 0;
    let peakRss = 0;
    let peakHeap = 0;
    const deadline = Date.now() + runSeconds * 1000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(sampleEveryMs, deadline - Date.now())));
      const stats = service.scheduler.stats();
      worstP99 = Math.max(worstP99, stats.lateness.p99);
      const memory = process.memoryUsage();
      peakRss = Math.max(peakRss, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
    }
    loopDelay.disable();
    const after = service.scheduler.stats();
    const due = after.due - before.due;
    const started = after.started - before.started;
    const ran = started / due;

    console.log('Loading GET /monitors pages with 50 connections for 30 s (checks keep running)…');
    const pages = await runPageLoad(service.apiUrl, token);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const rows: BenchRow[] = [
      { measure: 'monitors created through the API', value: `${monitorCount} in ${createSeconds.toFixed(1)} s` },
      { measure: 'check window', value: `${runSeconds} s` },
      { measure: 'due checks / started', value: `${due} / ${started}` },
      { measure: 'due checks run', value: `${(ran * 100).toFixed(3)} %`, target: '≥ 99.9 %', met: ran >= 0.999 },
      { measure: 'start lateness p99 (worst 5 s sample)', value: `${worstP99.toFixed(0)} ms`, target: '≤ 1000 ms', met: worstP99 <= 1000 },
      { measure: 'start lateness p50 / max (last sample)', value: `${after.lateness.p50.toFixed(0)} / ${after.lateness.max.toFixed(0)} ms` },
      { measure: 'skipped rounds', value: String(after.skipped - before.skipped) },
      { measure: 'event loop delay p99', value: `${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms` },
      { measure: 'peak JS heap used', value: `${(peakHeap / 2 ** 20).toFixed(0)} MB` },
      { measure: 'peak RSS', value: `${(peakRss / 2 ** 20).toFixed(0)} MB`, target: '≤ 300 MB', met: peakRss <= 300 * 2 ** 20 },
      { measure: 'GET /monitors pages: requests/s', value: pages.rps.toFixed(0) },
      { measure: 'GET /monitors pages: p50 latency', value: `${pages.p50} ms` },
      { measure: 'GET /monitors pages: p99 latency', value: `${pages.p99} ms`, target: '≤ 20 ms', met: pages.p99 <= 20 },
      { measure: 'GET /monitors pages: non-2xx / errors', value: `${pages.non2xx} / ${pages.errors}`, target: '0 / 0', met: pages.non2xx === 0 && pages.errors === 0 },
    ];
    printTable(`Service benchmark (${monitorCount} monitors, ${process.version}, ${process.platform})`, rows);
    return rows.every((r) => r.met !== false);
  } finally {
    await service.close();
    target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
