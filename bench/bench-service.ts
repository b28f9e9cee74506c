// The real monitoring service for the client benchmarks, in its own process (so its work is not counted as the
// client's): started on a free port, filled with monitors, heartbeats and domains, and its raw list answers.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { postAll } from './bench-monitors.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface BenchCounts {
  monitors: number;
  heartbeats: number;
  domains: number;
}

export interface BenchService {
  apiUrl: string;
  token: string;
  stop(): void;
}

export async function startBenchService(dataDir: string): Promise<BenchService> {
  // Monitors point at a closed loopback port and are checked daily: the service is busy serving, not checking.
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true }));
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

export async function fillService(service: BenchService, counts: BenchCounts): Promise<void> {
  const { monitors, heartbeats } = counts;
  await postAll(service, monitors + heartbeats + counts.domains, (i) => {
    if (i < monitors) return { collection: 'monitors', body: { name: `monitor ${i}`, type: 'tcp', url: '127.0.0.1:9', frequency: 86_400 } };
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
