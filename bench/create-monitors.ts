// Runs in its own process, so the checks benchmark's memory and CPU figures are the measured service's alone:
// creates http monitors of the loopback target through the service's API and prints the seconds it took as one
// JSON line. Usage: node bench/create-monitors.ts <apiUrl> <token> <targetPort> <count> <frequency> <fields JSON>
import { createHttpMonitors } from './bench-monitors.ts';

const [apiUrl = '', token = '', targetPort = '', count = '', frequency = '', fields = '{}'] = process.argv.slice(2);
const createSeconds = await createHttpMonitors({ apiUrl, token }, Number(targetPort), Number(count), Number(frequency), JSON.parse(fields) as Record<string, unknown>);
process.stdout.write(`${JSON.stringify({ createSeconds })}\n`);
