// A loopback HTTP target for the check benchmark, in its own process so it does not share the service's CPU
// time slice. Prints its port, then answers 200 to everything until its stdin closes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.stdin.resume().on('end', () => process.exit(0));
