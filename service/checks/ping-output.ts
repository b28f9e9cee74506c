// Reads the outcome from ping's exit status and output.
import net from 'node:net';

const HOST_NOT_FOUND = /unknown host|not known|cannot resolve|could not find host|no address associated|name resolution/i;
const UNREACHABLE = /unreachable/i;
const MAX_LENGTH = 160;

/**
 * Windows ping exits 0 when a router answers "Destination host unreachable", so there an IPv4 reply
 * must also show its "TTL=" (the same in every language); its IPv6 replies carry no TTL.
 */
export function pingReplied(stdout: string, host: string, platform: NodeJS.Platform): boolean {
  return platform !== 'win32' || net.isIPv6(host) || /TTL=/i.test(stdout);
}

/** Why a ping that got no reply failed, in a few words. */
export function describePingFailure(stdout: string, stderr: string): string {
  const output = `${stderr}\n${stdout}`;
  if (HOST_NOT_FOUND.test(output)) return 'host not found';
  if (UNREACHABLE.test(output)) return 'host unreachable';
  const line = stderr
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '');
  if (line === undefined) return 'no reply to ping';
  const message = line.replace(/^ping6?: /, '');
  return message.length > MAX_LENGTH ? `${message.slice(0, MAX_LENGTH - 1)}…` : message;
}
