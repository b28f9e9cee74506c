// `npm run bench -- service`: the embedded service under the load of issue 3's targets, with history on —
// 10,000 http monitors every 30 s against a loopback target for at least 2 minutes, then GET /monitors pages
// with 50 concurrent connections while those checks keep running; then issue 11's history reads while the checks
// go on: GET /stats?window=30d for all 10,000 monitors, and one monitor's 365-day series.
//
// A child process (prepare-service-data.ts) creates the monitors through the API of a service of its own, then
// writes a year of history for them through the storage layer (history-generator.ts, whole packed rows: the same
// content, faster). This process then starts the service once on that data dir — a database that holds what a
// year of running would have left — so its memory figures are the measured service's alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peakRssSoFar } from './bench-figures.ts';
import { hasServiceHeapFlags, rerunWithServiceHeapFlags, runJsonChild, startTarget } from './bench-processes.ts';
import { checkWindowRows, watchChecks } from './check-window.ts';
import { startMeasuredService } from './measured-service.ts';
import { printTable, type BenchRow } from './table.ts';

const monitorCount = Number(process.env.VIGIL_BENCH_MONITORS ?? 10_000);
const runSeconds = Number(process.env.VIGIL_BENCH_SECONDS ?? 120);
const frequency = 30;

function runPageLoad(apiUrl: string, token: string): Promise<{ rps: number; p50: number; p99: number; max: number; non2xx: number; errors: number }> {
  return runJsonChild('page-load.ts', [apiUrl.replace(/\/api$/, ''), token, String(monitorCount / 100), '30']);
}

interface Timings {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  failures: number;
}

function timedRequests(apiUrl: string, token: string, rounds: number, paths: string[]): Promise<Timings> {
  return runJsonChild('timed-requests.ts', [apiUrl, token, String(rounds), ...paths]);
}

/** The monitors and a year of their history, made by a child process (prepare-service-data.ts). */
function prepareData(dataDir: string, targetPort: number): Promise<{ createSeconds: number; historySeconds: number }> {
  return runJsonChild('prepare-service-data.ts', [dataDir, String(targetPort), String(monitorCount), String(frequency)]);
}

export async function serviceBench(): Promise<boolean> {
  if (!hasServiceHeapFlags()) return rerunWithServiceHeapFlags('service');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const target = await startTarget();
  console.log(`Creating ${monitorCount} http monitors (every ${frequency} s) against a loopback target, then a year of their history…`);
  const { createSeconds, historySeconds } = await prepareData(dataDir, target.port);
  const { service, token } = await startMeasuredService(dataDir);
  try {
    console.log(`Running checks for ${runSeconds} s…`);
    const checks = await watchChecks(service.scheduler, runSeconds);

    console.log('Loading GET /monitors pages with 50 connections for 30 s (checks keep running)…');
    const pages = await runPageLoad(service.apiUrl, token);

    console.log('Reading history while the checks go on: GET /stats?window=30d, 24h bars, one monitor’s 365-day series…');
    const monitorIds = ((await (await fetch(`${service.apiUrl}/monitors?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }[]).map((m) => m.id);
    const stats30d = await timedRequests(service.apiUrl, token, 100, ['/stats?window=30d']);
    const bars = await timedRequests(service.apiUrl, token, 20, ['/stats?window=24h&slots=48']);
    const series = await timedRequests(service.apiUrl, token, 2, monitorIds.map((id) => `/monitors/${id}/series?window=365d`));
    // The service runs in this process (its helpers in their own): the kernel's high-water mark over the whole run.
    const peakRss = peakRssSoFar();
    const ms = (value: number) => `${value.toFixed(1)} ms`;

    const rows: BenchRow[] = [
      { measure: 'monitors created through the API', value: `${monitorCount} in ${createSeconds.toFixed(1)} s` },
      { measure: 'a year of history written (storage layer)', value: `${historySeconds.toFixed(0)} s` },
      ...checkWindowRows(checks),
      { measure: 'peak RSS from the start to the check window’s end', value: `${(checks.peakRss / 2 ** 20).toFixed(0)} MB` },
      { measure: 'peak RSS over the whole run (checks, pages and history reads)', value: `${(peakRss / 2 ** 20).toFixed(0)} MB`, target: '≤ 300 MB', met: peakRss <= 300 * 2 ** 20 },
      { measure: 'GET /monitors pages: requests/s', value: pages.rps.toFixed(0) },
      { measure: 'GET /monitors pages: p50 latency', value: `${pages.p50} ms` },
      { measure: 'GET /monitors pages: p99 latency', value: `${pages.p99} ms`, target: '≤ 20 ms', met: pages.p99 <= 20 },
      { measure: 'GET /monitors pages: non-2xx / errors', value: `${pages.non2xx} / ${pages.errors}`, target: '0 / 0', met: pages.non2xx === 0 && pages.errors === 0 },
      { measure: `GET /stats?window=30d (${monitorCount} monitors, ${(stats30d.bytes / 2 ** 20).toFixed(1)} MB): p50 / max`, value: `${ms(stats30d.p50)} / ${ms(stats30d.max)}` },
      { measure: `GET /stats?window=30d: p99 of ${stats30d.requests}`, value: ms(stats30d.p99), target: '≤ 100 ms', met: stats30d.p99 <= 100 && stats30d.failures === 0 },
      { measure: 'GET /stats?window=24h&slots=48: p50 / p99', value: `${ms(bars.p50)} / ${ms(bars.p99)}` },
      { measure: `GET /monitors/{id}/series?window=365d: p50 / max of ${series.requests}`, value: `${ms(series.p50)} / ${ms(series.max)}` },
      { measure: 'GET /monitors/{id}/series?window=365d: p99', value: ms(series.p99), target: '≤ 20 ms', met: series.p99 <= 20 && series.failures === 0 },
    ];
    printTable(`Service benchmark (${monitorCount} monitors, ${process.version}, ${process.platform})`, rows);
    return rows.every((r) => r.met !== false);
  } finally {
    await service.close();
    target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
