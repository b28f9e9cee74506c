// Runs in its own process, so the service benchmark's memory figures are those of the one service it measures:
// creates the monitors through the API of a service started here, stops it, and writes a year of history for
// them through the storage layer (history-generator.ts, whole packed rows), ending now. Prints the seconds each
// took as one JSON line. Usage: node bench/prepare-service-data.ts <dataDir> <targetPort> <monitors> <frequency>
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backgroundClock } from '../common/clock.ts';
import { loadOrCreateSigningKey } from '../service/auth/signing-key.ts';
import { issueToken } from '../service/auth/tokens.ts';
import { stderrLogger } from '../service/logger.ts';
import { startService } from '../service/monitoring-service.ts';
import { resolveConfig } from '../service/service-config.ts';
import { openDatabase } from '../service/storage/database.ts';
import { MonitorStore } from '../service/storage/monitor-store.ts';
import { generateHistory } from './history-generator.ts';
import { defaultRetention } from './history-size-bench.ts';

const [dataDir = '', targetPort = '', count = '10000', frequency = '30'] = process.argv.slice(2);

async function createMonitors(apiUrl: string, token: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < Number(count)) {
      const i = next++;
      const response = await fetch(`${apiUrl}/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench ${i}`, type: 'http', url: `http://127.0.0.1:${targetPort}/m/${i}`, frequency: Number(frequency) }),
      });
      if (response.status !== 201) throw new Error(`create ${i} answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return (performance.now() - started) / 1000;
}

const config = resolveConfig(dataDir, { port: 0, rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/', rdapAllowHttp: true });
const service = await startService(config, { clock: backgroundClock, logger: stderrLogger('warn'), fetch: globalThis.fetch });
const createSeconds = await createMonitors(service.apiUrl, await issueToken(loadOrCreateSigningKey(dataDir), 3600));
await service.close();

// The few seconds of history that service wrote give way to the simulated year.
for (const file of readdirSync(dataDir)) if (file.startsWith('history.sqlite')) rmSync(path.join(dataDir, file));
const db = openDatabase(dataDir);
const monitors = new MonitorStore(db).all().map(({ seq, id, name }) => ({ seq, id, name }));
db.close();
const started = performance.now();
await generateHistory({ dataDir, monitors, frequencySeconds: Number(frequency), days: 365, now: Date.now(), retention: defaultRetention, wholeRows: true });
process.stdout.write(`${JSON.stringify({ createSeconds, historySeconds: (performance.now() - started) / 1000 })}\n`);
