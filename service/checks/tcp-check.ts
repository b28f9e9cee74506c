// tcp check: up when a connection to host:port is established; it is closed at once.
import net from 'node:net';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { runWithDeadline } from './deadline.ts';
import { invalidAddressMessage, parseHostPort } from './host-port.ts';

export interface TcpCheckSettings {
  clock: Clock;
  timeoutMs: number;
}

export function checkTcp(hostPort: string, settings: TcpCheckSettings): Promise<CheckResult> {
  return runWithDeadline(settings.clock, settings.timeoutMs, async (signal) => {
    const address = parseHostPort(hostPort);
    if (address === undefined) return invalidAddressMessage(hostPort);
    return new Promise<undefined>((resolve, reject) => {
      const socket = net.connect({ host: address.host, port: address.port, signal });
      socket.once('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.on('error', reject);
    });
  });
}
