// `npm run bench -- checks`: the cost of the local engine's http checks (issue 14). 10,000 http monitors every 30 s,
// each with a status, a body and a JSON expectation, against a loopback target (http-target.ts, its own process):
// - first for at least 2 minutes with the target closing every connection, so each check opens a new TCP
//   connection as checks of distinct real hosts do: due checks run, start lateness, RSS and CPU per check;
// - then for at least a minute with the target keeping connections open, so the check agents reuse them: the
//   same figures, CPU per check with reuse.
// The service runs in this process (with its heap flags), so its memory and CPU time are what process.memoryUsage()
// and process.cpuUsage() say; a child process creates the monitors through its API (create-monitors.ts), so that
// placing them exercises the API's path through the phase planner. Each phase ends by reading every monitor back
// through GET /monitors: a bench whose checks fail measures nothing, so that they all pass is checked too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningService } from '../service/monitoring-service.ts';
import { hasServiceHeapFlags, rerunWithServiceHeapFlags, runJsonChild, startTarget, type HttpTarget } from './bench-processes.ts';
import { checkWindowRows, watchChecks, type CheckWindow } from './check-window.ts';
import type { TargetMode } from './http-target.ts';
import { startMeasuredService } from './measured-service.ts';
import { printTable, type BenchRow } from './table.ts';

const monitorCount = Number(process.env.VIGIL_BENCH_MONITORS ?? 10_000);
const closeSeconds = Number(process.env.VIGIL_BENCH_SECONDS ?? 120);
const keepAliveSeconds = Number(process.env.VIGIL_BENCH_KEEPALIVE_SECONDS ?? 60);
const frequency = 30;
const expectations = { expect: { status: [200], body_contains: 'ok', json: [{ path: '$.status', equals: 'ok' }] } };
/**
 * Before each phase is measured, a period goes by in its mode: a monitor created through the API gets an extra first
 * check within 5 s, its regular rounds following from half a period later, so the first phase starts once those
 * have passed; and the lateness figures cover the latest 10,000 starts (a period of them at 10,000 monitors), so
 * the second phase's are its own, not the first's.
 */
const settleSeconds = { close: frequency + 5, 'keep-alive': frequency };
/** Issue 23's targets: a check with a new connection, and one that reuses a connection. */
const cpuPerCheckTargetMs = { close: 0.3, 'keep-alive': 0.2 };

interface PhaseFigures {
  mode: TargetMode;
  window: CheckWindow;
  connections: number;
  requests: number;
  /** Monitors whose latest check passed (up, without an error) at the phase's end. */
  passing: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function passingMonitors(api: { apiUrl: string; token: string }): Promise<number> {
  let passing = 0;
  for (let page = 1; (page - 1) * 1000 < monitorCount; page++) {
    const response = await fetch(`${api.apiUrl}/monitors?page=${page}&limit=1000`, { headers: { authorization: `Bearer ${api.token}` } });
    // A refused list would read as no monitor passing: say why instead.
    if (!response.ok) throw new Error(`GET /monitors?page=${page} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const monitors = (await response.json()) as { last_status?: string; last_error?: string }[];
    passing += monitors.filter((monitor) => monitor.last_status === 'up' && monitor.last_error === undefined).length;
  }
  return passing;
}

async function runPhase(service: RunningService, token: string, target: HttpTarget, mode: TargetMode, seconds: number): Promise<PhaseFigures> {
  target.setMode(mode);
  console.log(`The target in ${mode} mode: letting the checks settle for ${settleSeconds[mode]} s, then measuring for ${seconds} s…`);
  await sleep(settleSeconds[mode] * 1000);
  const before = await target.counts();
  const window = await watchChecks(service.scheduler, seconds);
  const after = await target.counts();
  const passing = await passingMonitors({ apiUrl: service.apiUrl, token });
  return { mode, window, connections: after.connections - before.connections, requests: after.requests - before.requests, passing };
}

function phaseRows({ mode, window, connections, requests, passing }: PhaseFigures, targets: boolean): BenchRow[] {
  const label = `${mode}: `;
  const cpuMs = window.cpuUserMs + window.cpuSystemMs;
  const cpuPerCheckMs = cpuMs / window.completed;
  const rss = `${(window.peakRss / 2 ** 20).toFixed(0)} MB`;
  return [
    ...checkWindowRows(window, { label, targets }),
    { measure: `${label}peak RSS (the whole run up to this phase’s end)`, value: rss, ...(targets ? { target: '≤ 300 MB', met: window.peakRss <= 300 * 2 ** 20 } : {}) },
    { measure: `${label}checks completed / requests answered / connections opened`, value: `${window.completed} / ${requests} / ${connections}` },
    { measure: `${label}monitors whose latest check passed`, value: `${passing} of ${monitorCount}`, target: 'all', met: passing === monitorCount },
    { measure: `${label}service CPU time: user + system`, value: `${(window.cpuUserMs / 1000).toFixed(1)} + ${(window.cpuSystemMs / 1000).toFixed(1)} s` },
    { measure: `${label}CPU per check`, value: `${cpuPerCheckMs.toFixed(3)} ms (${(cpuPerCheckMs * 1000).toFixed(0)} µs)`, target: `≤ ${cpuPerCheckTargetMs[mode].toFixed(2)} ms`, met: cpuPerCheckMs <= cpuPerCheckTargetMs[mode] },
  ];
}

export async function checksBench(): Promise<boolean> {
  if (!hasServiceHeapFlags()) return rerunWithServiceHeapFlags('checks');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const target = await startTarget('close');
  const { service, token } = await startMeasuredService(dataDir);
  try {
    console.log(`Creating ${monitorCount} http monitors (every ${frequency} s, status, body and JSON expectations) through the API…`);
    const { createSeconds } = await runJsonChild<{ createSeconds: number }>('create-monitors.ts', [
      service.apiUrl,
      token,
      String(target.port),
      String(monitorCount),
      String(frequency),
      JSON.stringify(expectations),
    ]);
    const close = await runPhase(service, token, target, 'close', closeSeconds);
    const keepAlive = await runPhase(service, token, target, 'keep-alive', keepAliveSeconds);
    const rows: BenchRow[] = [
      { measure: 'monitors created through the API', value: `${monitorCount} in ${createSeconds.toFixed(1)} s` },
      ...phaseRows(close, true),
      ...phaseRows(keepAlive, false),
    ];
    printTable(`Checks benchmark (${monitorCount} http monitors every ${frequency} s with status, body and JSON expectations, ${process.version}, ${process.platform})`, rows);
    return rows.every((row) => row.met !== false);
  } finally {
    await service.close();
    target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
