// A loopback HTTP target for the check benchmarks, in its own process so it does not share the service's CPU
// time slice. Answers every request 200 with a small JSON health body, in one of two modes:
// - `keep-alive`: sockets stay open between requests, so a client's pool reuses them;
// - `close`: every answer says `Connection: close` and the socket ends, so every check opens a new TCP
//   connection, as checks of distinct real hosts do.
// Usage: node bench/http-target.ts [keep-alive|close]. Prints its port, then reads lines on stdin: a mode's name
// switches to it; `count` prints the connections accepted and requests answered so far as one JSON line. Exits
// when stdin closes.
import { createServer } from 'node:http';
import { serveAsTargetProcess } from './target-process.ts';

export type TargetMode = 'keep-alive' | 'close';

const body = JSON.stringify({ status: 'ok', version: '1.4.2' });
let mode: TargetMode = process.argv[2] === 'close' ? 'close' : 'keep-alive';
let connections = 0;
let requests = 0;

const server = createServer((_request, response) => {
  requests += 1;
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  response.writeHead(200, mode === 'close' ? { ...headers, connection: 'close' } : headers).end(body);
});
server.on('connection', () => (connections += 1));

serveAsTargetProcess(server, (command) => {
  if (command === 'close' || command === 'keep-alive') mode = command;
  else if (command === 'count') process.stdout.write(`${JSON.stringify({ connections, requests })}\n`);
});
