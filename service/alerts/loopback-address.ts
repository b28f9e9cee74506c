// Whether a host is a loopback IP literal, i.e. traffic to it never leaves this machine.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Names such as "localhost" are not accepted: nodemailer asks DNS servers before the hosts file, so a name
 * could resolve to a remote address.
 */
export function isLoopbackAddress(host: string): boolean {
  if (isIPv4(host)) return loopback.check(host, 'ipv4');
  if (isIPv6(host)) return loopback.check(host, 'ipv6');
  return false;
}
