// A loopback TCP port that takes turns: it accepts connections for a while, then refuses them (nothing listens) for
// as long, and so on. tcp monitors checking it go down and up, so the client benchmarks poll a service whose
// statuses change between polls. In its own process, so its timer and its socket are not the measured client's.
// Usage: node bench/flapping-target.ts <ms each way>. Prints its port; exits when stdin closes.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

const halfPeriodMs = Number(process.argv[2] ?? 10_000);
const server = createServer((socket) => socket.destroy());

const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
await listen(0);
const { port } = server.address() as AddressInfo;
process.stdout.write(`${port}\n`);

let accepting = true;
setInterval(() => {
  accepting = !accepting;
  if (accepting) void listen(port);
  else server.close();
}, halfPeriodMs);

process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
