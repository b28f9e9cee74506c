// udp check: send one probe datagram on a connected socket; up when any reply comes back in time.
import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { formatSeconds, runWithDeadline } from './deadline.ts';
import { invalidAddressMessage, parseHostPort } from './host-port.ts';

export interface UdpCheckSettings {
  clock: Clock;
  timeoutMs: number;
}

/** What is sent: short, plain text, so a service's logs say who knocked. */
export const udpProbePayload = Buffer.from('vigil-probe\n');

async function resolveAddress(host: string): Promise<{ address: string; family: number }> {
  const family = net.isIP(host);
  return family === 0 ? lookup(host) : { address: host, family };
}

function closeQuietly(socket: dgram.Socket): void {
  try {
    socket.close();
  } catch {
    // Already closed, by the abort signal at the deadline.
  }
}

export function checkUdp(hostPort: string, settings: UdpCheckSettings): Promise<CheckResult> {
  const noReply = `no reply within ${formatSeconds(settings.timeoutMs)} s`;
  return runWithDeadline(
    settings.clock,
    settings.timeoutMs,
    async (signal) => {
      const target = parseHostPort(hostPort);
      if (target === undefined) return invalidAddressMessage(hostPort);
      const { address, family } = await resolveAddress(target.host);
      signal.throwIfAborted();
      return new Promise<string | undefined>((resolve, reject) => {
        const socket = dgram.createSocket({ type: family === 6 ? 'udp6' : 'udp4', signal });
        const finish = (error: string | undefined) => {
          closeQuietly(socket);
          resolve(error);
        };
        const fail = (error: NodeJS.ErrnoException) => {
          // On a connected socket the ICMP "port unreachable" answer surfaces as ECONNREFUSED.
          if (error.code === 'ECONNREFUSED') {
            finish('port unreachable');
          } else {
            closeQuietly(socket);
            reject(error);
          }
        };
        socket.once('message', () => finish(undefined));
        socket.on('error', fail);
        socket.connect(target.port, address, () => {
          socket.send(udpProbePayload, (error) => {
            if (error) fail(error);
          });
        });
      });
    },
    noReply,
  );
}
