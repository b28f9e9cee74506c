// What the benchmarks' loopback targets share as processes of their own (so their sockets and bodies do not use the
// measured process's CPU time): a free port on 127.0.0.1 printed as the first line, commands read line by line
// on stdin, and an exit when stdin closes.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

/** Listens with `server` (sockets kept a minute between requests) and hands each trimmed stdin line to `onCommand`. */
export function serveAsTargetProcess(server: Server, onCommand: (command: string) => void): void {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
  createInterface({ input: process.stdin })
    .on('line', (line) => onCommand(line.trim()))
    .on('close', () => process.exit(0));
}
