// The real monitoring service for the client benchmarks, in its own process (so its work is not counted as the
// client's): started on a free port, filled with monitors, heartbeats and domains, and its raw list answers.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { postAll } from './bench-monitors.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface BenchCounts {
  monitors: number;
  heartbeats: number;
  domains: number;
}

/** Monitors among `BenchCounts.monitors` that check a flapping target (flapping-target.ts) every 10 s instead. */
export interface FlappingMonitors {
  count: number;
  port: number;
}

export interface BenchService {
  apiUrl: string;
  token: string;
  stop(): void;
}

export async function startBenchService(dataDir: string): Promise<BenchService> {
  // Monitors are checked daily (their target: anAcceptingPort): the service is busy serving, not checking. A failure
  // is down at once, so a monitor of a flapping target changes status at each check (never two failures in a row).
  const config = { rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true, failuresToConfirmDown: 1 };
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify(config));
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'scripts/vigil.ts', 'service', '--port', '0', '--data-dir', dataDir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] });
  const apiUrl = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const token = await new Promise<string>((resolve) => {
    const tokenChild = spawn(process.execPath, ['scripts/vigil.ts', 'token', '--data-dir', dataDir], { cwd: repoRoot });
    let out = '';
    tokenChild.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    tokenChild.on('exit', () => resolve(out.trim()));
  });
  return { apiUrl, token, stop: () => child.kill('SIGTERM') };
}

/**
 * A loopback port that accepts every connection and closes it: the monitors' target. Their checks pass, so each
 * monitor goes from no status to up once, news to nobody, and the benchmark's own flips are the only changes. (A
 * closed port made every monitor go down, one a second per server as the schedule spreads their first checks, and
 * the rounds measured that stream of news instead.) Unreferenced, so it never keeps the benchmark alive.
 */
let acceptingPort: Promise<number> | undefined;

function anAcceptingPort(): Promise<number> {
  acceptingPort ??= new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    server.unref();
  });
  return acceptingPort;
}

export async function fillService(service: BenchService, counts: BenchCounts, flapping?: FlappingMonitors): Promise<void> {
  const { monitors, heartbeats } = counts;
  const url = `127.0.0.1:${await anAcceptingPort()}`;
  await postAll(service, monitors + heartbeats + counts.domains, (i) => {
    if (flapping !== undefined && i < flapping.count) return { collection: 'monitors', body: { name: `flapping ${i}`, type: 'tcp', url: `127.0.0.1:${flapping.port}`, frequency: 10 } };
    if (i < monitors) return { collection: 'monitors', body: { name: `monitor ${i}`, type: 'tcp', url, frequency: 86_400 } };
    if (i < monitors + heartbeats) return { collection: 'heartbeats', body: { name: `job ${i - monitors}`, expected_interval: 3600 } };
    return { collection: 'domains', body: { domain: `d${i - monitors - heartbeats}.example` } };
  });
}

/** The monitors' pages (1,000 a page), then the heartbeats, then the domains, as the server sends them. */
export async function rawBodies(service: BenchService, counts: BenchCounts): Promise<string[]> {
  const get = async (pathAndQuery: string) => (await fetch(`${service.apiUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${service.token}` } })).text();
  const pages = await Promise.all(Array.from({ length: Math.ceil(counts.monitors / 1000) }, (_, i) => get(`/monitors?page=${i + 1}&limit=1000`)));
  return [...pages, await get('/heartbeats'), await get('/domains')];
}
