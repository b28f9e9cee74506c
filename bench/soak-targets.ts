// The soak's loopback targets, in their own process so their bodies and sockets are not the measured process's:
// an HTTP server on 127.0.0.1 whose every answer, while `hostile`, is drawn at random — mostly a small 200, else a
// 5xx, a request never answered (the check's deadline ends it), a connection reset, an answer a few seconds late,
// or a 200 with a 1 MB body. While `calm`, every answer is the small 200, so the soak can begin and end with every
// monitor up. Usage: node bench/soak-targets.ts. Prints its port; reads `calm` or `hostile` lines on stdin; exits
// when stdin closes.
import { createServer, type ServerResponse } from 'node:http';
import { serveAsTargetProcess } from './target-process.ts';

export type SoakTargetMode = 'calm' | 'hostile';

const okBody = 'ok';
/** A megabyte that still ends with what the monitors expect, so reading it all is what passes. */
const megabyteBody = `${'x'.repeat(2 ** 20 - okBody.length)}${okBody}`;
const slowMs = { min: 1_000, max: 6_000 };

/** How an answer goes, with its share of the hostile answers (the rest are the small 200). */
const hostileShares: { share: number; answer: (response: ServerResponse) => void }[] = [
  { share: 0.05, answer: (response) => response.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable') },
  // Never answered: the check's deadline fires; the socket ends when the checker gives up on it.
  { share: 0.03, answer: () => undefined },
  { share: 0.03, answer: (response) => response.socket?.resetAndDestroy() },
  { share: 0.05, answer: (response) => void setTimeout(() => ok(response), slowMs.min + Math.random() * (slowMs.max - slowMs.min)) },
  { share: 0.03, answer: (response) => response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(megabyteBody) }).end(megabyteBody) },
];

function ok(response: ServerResponse): void {
  if (!response.destroyed) response.writeHead(200, { 'content-type': 'text/plain', 'content-length': okBody.length }).end(okBody);
}

let mode: SoakTargetMode = 'calm';

const server = createServer((_request, response) => {
  if (mode === 'calm') return ok(response);
  let draw = Math.random();
  for (const { share, answer } of hostileShares) {
    if (draw < share) return answer(response);
    draw -= share;
  }
  ok(response);
});

serveAsTargetProcess(server, (command) => {
  if (command === 'calm' || command === 'hostile') mode = command;
});
