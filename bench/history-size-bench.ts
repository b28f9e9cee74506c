// `npm run bench -- history-size`: the size of a data dir after a simulated year of history (the storage budgets
// of issue 11): 100 monitors checked every 60 s, and 10,000 every 30 s, with the default retention settings.
// Monitors are created through MonitorStore and the year is written by history-generator.ts (see its header for
// exactly how each tier is fed). `VIGIL_BENCH_MONITORS` shrinks the large case for a quick look.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceDefaults } from '../service/service-config.ts';
import { openDatabase } from '../service/storage/database.ts';
import { MonitorStore } from '../service/storage/monitor-store.ts';
import { newId } from '../service/ids.ts';
import { generateHistory } from './history-generator.ts';
import { printTable, type BenchRow } from './table.ts';

const largeCount = Number(process.env.VIGIL_BENCH_MONITORS ?? 10_000);

export const defaultRetention = {
  rawHours: serviceDefaults.historyRetentionHours,
  hourlyDays: serviceDefaults.hourlyRetentionDays,
  dailyDays: serviceDefaults.dailyRetentionDays,
  pingDays: serviceDefaults.pingRetentionDays,
};

/** Creates the monitors in a fresh data dir's vigil.sqlite, as the API's create does. */
export function createMonitors(dataDir: string, count: number, frequency: number) {
  const db = openDatabase(dataDir);
  try {
    const store = new MonitorStore(db);
    const now = new Date().toISOString();
    db.exec('BEGIN');
    for (let i = 0; i < count; i++) store.create(newId('monitor'), { name: `bench ${i}`, type: 'http', url: `http://127.0.0.1:9/m/${i}`, frequency }, now);
    db.exec('COMMIT');
    return store.all().map(({ seq, id, name }) => ({ seq, id, name }));
  } finally {
    db.close();
  }
}

function dataDirBytes(dataDir: string): { history: number; main: number } {
  let history = 0;
  let main = 0;
  for (const file of readdirSync(dataDir)) {
    const size = statSync(path.join(dataDir, file)).size;
    if (file.startsWith('history.sqlite')) history += size;
    else if (file.startsWith('vigil.sqlite')) main += size;
  }
  return { history, main };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function sizeAfterAYear(count: number, frequency: number, budgetMb: number): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-history-size-'));
  try {
    const monitors = createMonitors(dataDir, count, frequency);
    const started = performance.now();
    const generated = await generateHistory({
      dataDir,
      monitors,
      frequencySeconds: frequency,
      days: 365,
      now: Date.now(),
      retention: defaultRetention,
      progress: (message) => console.log(`  ${count} monitors: ${message}`),
    });
    const seconds = (performance.now() - started) / 1000;
    const { history, main } = dataDirBytes(dataDir);
    const label = `${count} monitors at ${frequency} s`;
    return [
      { measure: `${label}: simulated`, value: `${generated.checks} raw checks, ${generated.buckets} buckets, ${generated.outages} outages in ${seconds.toFixed(0)} s` },
      { measure: `${label}: history.sqlite`, value: mb(history) },
      { measure: `${label}: data dir after a year`, value: mb(history + main), target: `≤ ${budgetMb} MB`, met: history + main <= budgetMb * 2 ** 20 },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function historySizeBench(): Promise<boolean> {
  console.log('Simulating a year of history…');
  const rows = [...(await sizeAfterAYear(100, 60, 50)), ...(await sizeAfterAYear(largeCount, 30, 1024))];
  printTable(`History size after a simulated year (${process.version}, ${process.platform})`, rows);
  return rows.every((row) => row.met !== false);
}
