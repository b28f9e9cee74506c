// Runs in its own process, so the service benchmark's memory figures are those of the one service it measures:
// creates the monitors through the API of a service started here, stops it, and writes a year of history for
// them through the storage layer (history-generator.ts, whole packed rows), ending now. Prints the seconds each
// took as one JSON line. Usage: node bench/prepare-service-data.ts <dataDir> <targetPort> <monitors> <frequency>
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../service/storage/database.ts';
import { MonitorStore } from '../service/storage/monitor-store.ts';
import { createHttpMonitors } from './bench-monitors.ts';
import { generateHistory } from './history-generator.ts';
import { defaultRetention } from './history-size-bench.ts';
import { startMeasuredService } from './measured-service.ts';

const [dataDir = '', targetPort = '', count = '10000', frequency = '30'] = process.argv.slice(2);

const { service, token } = await startMeasuredService(dataDir);
const createSeconds = await createHttpMonitors({ apiUrl: service.apiUrl, token }, Number(targetPort), Number(count), Number(frequency));
await service.close();

// The few seconds of history that service wrote give way to the simulated year.
for (const file of readdirSync(dataDir)) if (file.startsWith('history.sqlite')) rmSync(path.join(dataDir, file));
const db = openDatabase(dataDir);
const monitors = new MonitorStore(db).all().map(({ seq, id, name }) => ({ seq, id, name }));
db.close();
const started = performance.now();
await generateHistory({ dataDir, monitors, frequencySeconds: Number(frequency), days: 365, now: Date.now(), retention: defaultRetention, wholeRows: true });
process.stdout.write(`${JSON.stringify({ createSeconds, historySeconds: (performance.now() - started) / 1000 })}\n`);
