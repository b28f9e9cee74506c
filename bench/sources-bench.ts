// `npm run bench -- sources` (issue 21): the CPU of reading what the sources answer, on answers of the size the issue
// names, written as the sources write them:
// - Uptime Kuma's `/metrics` for 5,000 monitors: the issue's ~1.5 MB (the status and response-time families), and
//   the whole page Kuma 2.0 writes (its four monitor families, ~3 MB), Prometheus text read by
//   main/core/sources/prometheus-text.ts;
// - a Statuspage `summary.json` with 300 components in groups, and open incidents.
// Each answer is read 20 times to warm up, then 50 times measured; the table gives the median and the 90th percentile.
// Then a round over 10 sources (five Kuma instances, five status pages) and 2 Vigil servers, some 12,000 items, as the
// core spends it after each poll (bench/poll-pipeline.ts: reading, the alert policy with a busy person's rules on the
// Vigil servers, the record, the status over everything), 1,000 rounds with one item changing per connection per
// round, the heap read after a collection every 100.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultAlertRules } from '../main/core/alerts/index.ts';
import { sourceSnapshot } from '../main/core/sources/source-poll.ts';
import { readStatusPage } from '../main/core/sources/statuspage.ts';
import { readUptimeKumaMetrics } from '../main/core/sources/uptime-kuma.ts';
import { cpuMs, mean, megabytes, percentile } from './bench-figures.ts';
import { snapshotFromBodies } from './bench-snapshot.ts';
import { benchAlertRules } from './client-servers-bench.ts';
import { pipelineRoundsCpuMs, type PipelineConnection } from './poll-pipeline.ts';
import { printTable, type BenchRow } from './table.ts';

const kumaMonitors = 5_000;
const statusPageComponents = 300;
const warmUpRuns = 20;
const measuredRuns = 50;

/** Kuma 2.0's monitor families (server/prometheus.js), with their HELP text, in the order it writes them. */
const kumaFamilies = {
  monitor_cert_days_remaining: 'The number of days remaining until the certificate expires',
  monitor_cert_is_valid: 'Is the certificate still valid? (1 = Yes, 0= No)',
  monitor_response_time: 'Monitor Response Time (ms)',
  monitor_status: 'Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
} as const;
type KumaFamily = keyof typeof kumaFamilies;

/** As prom-client renders Kuma's gauges: one block per family, the labels in Kuma's order, "null" for no value.
 * `flipped`: a monitor down that is otherwise up (a round's change). */
function kumaMetrics(families: readonly KumaFamily[], count = kumaMonitors, flipped?: number): string {
  const blocks: string[] = [];
  for (const family of families) {
    const lines = [`# HELP ${family} ${kumaFamilies[family]}`, `# TYPE ${family} gauge`];
    for (let id = 1; id <= count; id++) {
      const labels = `monitor_id="${id}",monitor_name="Service ${id}",monitor_type="http",monitor_url="https://service-${id}.example.com/health",monitor_hostname="null",monitor_port="null"`;
      const value = family === 'monitor_status' ? (id % 50 === 0 || id === flipped ? 0 : 1) : family === 'monitor_response_time' ? 40 + (id % 300) : family === 'monitor_cert_is_valid' ? 1 : 30 + (id % 60);
      lines.push(`${family}{${labels}} ${value}`);
    }
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** A Statuspage summary.json: groups of ten components, a few degraded, two open incidents. `flipped`: a group whose
 * first component is in a partial outage (a round's change). */
function statusPageSummary(count = statusPageComponents, flipped?: number): unknown {
  const updatedAt = '2026-11-29T07:40:00.000Z';
  const components: Record<string, unknown>[] = [];
  for (let group = 0; group < count / 10; group++) {
    const children = Array.from({ length: 9 }, (_, index) => `c${group}-${index}`);
    components.push({ id: `g${group}`, name: `Region ${group}`, status: 'operational', created_at: updatedAt, updated_at: updatedAt, position: group * 10, description: null, showcase: false, start_date: null, group_id: null, page_id: 'page', group: true, only_show_if_degraded: false, components: children });
    children.forEach((id, index) => {
      const status = index === 3 && group % 5 === 0 ? 'degraded_performance' : index === 7 && group % 11 === 0 ? 'major_outage' : index === 0 && group === flipped ? 'partial_outage' : 'operational';
      components.push({ id, name: `Service ${group}.${index}`, status, created_at: updatedAt, updated_at: updatedAt, position: group * 10 + index + 1, description: 'What it does, in a sentence.', showcase: true, start_date: null, group_id: `g${group}`, page_id: 'page', group: false, only_show_if_degraded: false });
    });
  }
  const incident = (id: string, component: string) => ({
    id,
    name: `Errors on ${component}`,
    status: 'identified',
    created_at: updatedAt,
    updated_at: updatedAt,
    monitoring_at: null,
    resolved_at: null,
    impact: 'major',
    shortlink: `https://stspg.io/${id}`,
    started_at: updatedAt,
    page_id: 'page',
    incident_updates: [{ id: `${id}-u1`, status: 'identified', body: 'We found the cause and are fixing it.', incident_id: id, created_at: updatedAt, updated_at: updatedAt, display_at: updatedAt, affected_components: [{ code: component, name: component, old_status: 'operational', new_status: 'major_outage' }], deliver_notifications: true, custom_tweet: null, tweet_id: null }],
    components: [],
  });
  return {
    page: { id: 'page', name: 'Example', url: 'https://status.example.com', time_zone: 'Etc/UTC', updated_at: updatedAt },
    components,
    incidents: [incident('i1', 'c0-7'), incident('i2', 'c22-7')],
    scheduled_maintenances: [],
    status: { indicator: 'major', description: 'Partial System Outage' },
  };
}

/** CPU ms of each measured read, after the warm-up; `check` runs once on the first result, outside the figures. */
function readCpu<T>(read: () => T, check: (result: T) => void): number[] {
  check(read());
  for (let run = 0; run < warmUpRuns; run++) read();
  return Array.from({ length: measuredRuns }, () => cpuMs(() => void read()));
}

const figure = (samples: readonly number[]) => `${percentile(samples, 0.5).toFixed(1)} ms (p90 ${percentile(samples, 0.9).toFixed(1)})`;
const size = (text: string) => `${(Buffer.byteLength(text) / 2 ** 20).toFixed(2)} MB`;

export async function sourcesBench(): Promise<boolean> {
  const expectItems = (expected: number) => (reading: { items: unknown[]; issues: unknown[] }) => {
    if (reading.items.length !== expected || reading.issues.length > 0) throw new Error(`expected ${expected} items and no issue, read ${reading.items.length} items and ${reading.issues.length} issues`);
  };
  const issuesCase = kumaMetrics(['monitor_response_time', 'monitor_status']);
  const wholePage = kumaMetrics(Object.keys(kumaFamilies) as KumaFamily[]);
  const base = 'https://kuma.example.com';
  const issuesCaseCpu = readCpu(() => readUptimeKumaMetrics(issuesCase, base), expectItems(kumaMonitors));
  const wholePageCpu = readCpu(() => readUptimeKumaMetrics(wholePage, base), expectItems(kumaMonitors));
  // Parsed as the source's answer is: the JSON text, then the reader.
  const summaryText = JSON.stringify(statusPageSummary());
  const statusPageCpu = readCpu(() => readStatusPage(JSON.parse(summaryText), 'https://status.example.com'), expectItems(statusPageComponents - statusPageComponents / 10));

  const rows: BenchRow[] = [
    { measure: `Uptime Kuma /metrics, ${kumaMonitors} monitors, status and response time (${size(issuesCase)})`, value: figure(issuesCaseCpu), target: '≤ 25 ms', met: percentile(issuesCaseCpu, 0.5) <= 25 },
    { measure: `Uptime Kuma /metrics, ${kumaMonitors} monitors, all four families Kuma 2.0 writes (${size(wholePage)})`, value: figure(wholePageCpu) },
    { measure: `Statuspage summary.json, ${statusPageComponents} components in groups, 2 incidents (${size(summaryText)}), parse + read`, value: figure(statusPageCpu), target: '≤ 5 ms', met: percentile(statusPageCpu, 0.5) <= 5 },
  ];
  printTable(`Sources benchmark: reading the answers (CPU per read, median of ${measuredRuns}; ${process.version})`, rows);
  const round = roundRows();
  return [...rows, ...round].every((row) => row.met !== false);
}

const roundKumas = 5;
const monitorsPerKuma = 800;
const roundPages = 5;
const componentsPerPage = 670;
const vigilServers = 2;
const monitorsPerServer = 2_500;
const roundsRun = 1_000;

/** A Vigil server's monitors as it answers `GET /monitors`, one page, one in a hundred down. */
function vigilMonitorsPage(server: number): string {
  const since = '2026-11-29T06:00:00Z';
  return JSON.stringify(
    Array.from({ length: monitorsPerServer }, (_, index) => ({ id: `m${server}-${index}`, name: `API ${server}.${index}`, type: 'http', url: `https://api-${index}.server-${server}.example/health`, frequency: 60, last_status: index % 100 === 0 ? 'down' : 'up', status_since: since, created_at: since })),
  );
}

/**
 * The round: each connection read from its own answer text each poll (a source's two answers taking turns, one item
 * different, as a source changes from poll to poll), with the record written to a temporary folder.
 */
function roundRows(): BenchRow[] {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-sources-round-'));
  try {
    const start = Math.floor(Date.now() / 1000) * 1000;
    const connections: PipelineConnection[] = [];
    for (let index = 0; index < roundKumas; index++) {
      const answers = [kumaMetrics(['monitor_response_time', 'monitor_status'], monitorsPerKuma), kumaMetrics(['monitor_response_time', 'monitor_status'], monitorsPerKuma, 7 + index)];
      const base = `https://kuma-${index}.example.com`;
      connections.push({
        connection: { id: `kuma-${index}`, name: `Kuma ${index}`, baseUrl: base, kind: 'remote', sourceKind: 'uptime-kuma', enabled: true },
        rules: defaultAlertRules,
        poll: (round, now) => sourceSnapshot(readUptimeKumaMetrics(answers[round % 2] ?? '', base), now, now),
      });
    }
    for (let index = 0; index < roundPages; index++) {
      const answers = [JSON.stringify(statusPageSummary(componentsPerPage)), JSON.stringify(statusPageSummary(componentsPerPage, 3 + index))];
      const base = `https://status-${index}.example.com`;
      connections.push({
        connection: { id: `page-${index}`, name: `Status ${index}`, baseUrl: base, kind: 'remote', sourceKind: 'statuspage', enabled: true },
        rules: defaultAlertRules,
        poll: (round, now) => sourceSnapshot(readStatusPage(JSON.parse(answers[round % 2] ?? ''), base), now, now),
      });
    }
    for (let index = 0; index < vigilServers; index++) {
      const bodies = [vigilMonitorsPage(index), '[]', '[]'];
      connections.push({
        connection: { id: `server-${index}`, name: `Server ${index}`, baseUrl: `https://vigil-${index}.example/api`, kind: 'remote', sourceKind: 'vigil', enabled: true },
        rules: benchAlertRules(Array.from({ length: monitorsPerServer }, (_, monitor) => `m${index}-${monitor}`), start + 60_000),
        poll: (round, now) => snapshotFromBodies(bodies, round, 1, now),
      });
    }
    const items = connections.reduce((sum, each) => {
      const snapshot = each.poll(0, start);
      return sum + snapshot.monitors.length + (snapshot.sourceItems?.length ?? 0);
    }, 0);
    console.log(`\nA round over ${roundKumas + roundPages} sources and ${vigilServers} Vigil servers (${items} items), ${roundsRun} rounds…`);
    const heap: number[] = [];
    const { rounds } = pipelineRoundsCpuMs(connections, path.join(root, 'record'), {
      timing: 'staggered',
      start,
      rounds: roundsRun,
      afterRound: (round) => {
        if (round % 100 !== 0) return;
        globalThis.gc?.();
        heap.push(process.memoryUsage().heapUsed);
      },
    });
    const total = rounds.map((cpu) => cpu.total);
    const stage = (pick: (cpu: (typeof rounds)[number]) => number) => mean(rounds.map(pick)).toFixed(1);
    // From round 200 on: the record's first pages and the JIT have settled by then.
    const growth = (heap.at(-1) ?? 0) - (heap[1] ?? 0);
    const rows: BenchRow[] = [
      { measure: `a round over ${roundKumas + roundPages} sources and ${vigilServers} Vigil servers (${items} items), with recording: CPU (mean of ${rounds.length})`, value: `${mean(total).toFixed(1)} ms`, target: '≤ 60 ms', met: mean(total) <= 60 },
      { measure: 'the same, median / p90 of single rounds', value: `${percentile(total, 0.5).toFixed(1)} / ${percentile(total, 0.9).toFixed(1)} ms` },
      { measure: 'of which read / alert policy / recording / status after each poll (means)', value: `${stage((cpu) => cpu.parse)} / ${stage((cpu) => cpu.diff)} / ${stage((cpu) => cpu.record)} / ${stage((cpu) => cpu.status)} ms` },
      { measure: `heap after round 200 → round ${roundsRun} (after GC)`, value: `${megabytes(heap[1] ?? 0)} → ${megabytes(heap.at(-1) ?? 0)}` },
      { measure: 'heap growth', value: megabytes(growth), target: 'flat (< 5 MB)', met: growth < 5 * 2 ** 20 },
    ];
    printTable(`Sources benchmark: the round (${process.version})`, rows);
    return rows;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
