// Runs in its own process: GETs the given API paths one after another, each answer read in full, and prints the
// latency percentiles as one JSON line. Its own process, so reading a 3 MB answer does not share the service's
// event loop. Two rounds first are not counted: the figures are for a warm service and client, not for the
// compiler's first pass over each path. Usage: node bench/timed-requests.ts <apiUrl> <token> <rounds> <path> …
const [apiUrl = '', token = '', rounds = '100', ...paths] = process.argv.slice(2);
const warmUpRounds = 2;
const times: number[] = [];
let bytes = 0;
let failures = 0;
for (let round = -warmUpRounds; round < Number(rounds); round++) {
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    if (round < 0) continue;
    times.push(performance.now() - started);
    bytes = body.byteLength;
    if (response.status !== 200) failures += 1;
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
process.stdout.write(`${JSON.stringify({ requests: times.length, p50: at(0.5), p99: at(0.99), max: at(1), bytes, failures })}\n`);
