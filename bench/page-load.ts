// Runs in its own process: autocannon against GET /monitors pages, printing the result as one JSON line.
// Usage: node bench/page-load.ts <apiUrl> <token> <pages> <seconds>
import autocannon from 'autocannon';

const [apiUrl = '', token = '', pages = '100', seconds = '10'] = process.argv.slice(2);
const pageCount = Number(pages);
let next = 0;
const result = await autocannon({
  url: apiUrl,
  connections: 50,
  duration: Number(seconds),
  headers: { authorization: `Bearer ${token}` },
  requests: [{ setupRequest: (request) => ({ ...request, path: `/api/monitors?page=${(next++ % pageCount) + 1}&limit=100` }) }],
});
process.stdout.write(
  `${JSON.stringify({ requests: result.requests.total, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts })}\n`,
);
