// The system ping command line for one echo request, per platform. Arguments are passed without a shell.
import net from 'node:net';

export interface PingCommands {
  /** The ping binary, a name on PATH or a path. */
  pingCommand: string;
  /** macOS only: its ping is IPv4-only and IPv6 goes through the separate ping6. */
  ping6Command: string;
}

export interface PingCommandLine {
  file: string;
  args: string[];
}

const UNSAFE = /[\s\p{Cc}]/u;

/** The host to ping (brackets of an IPv6 literal removed), or undefined for text that is not a host. */
export function pingHost(target: string): string | undefined {
  const host = target.startsWith('[') && target.endsWith(']') ? target.slice(1, -1) : target;
  // A leading "-" would be read as an option.
  if (host === '' || host.startsWith('-') || UNSAFE.test(host)) return undefined;
  return host;
}

export function pingCommandLine(
  host: string,
  timeoutMs: number,
  platform: NodeJS.Platform,
  commands: PingCommands,
): PingCommandLine {
  const ipv6 = net.isIPv6(host);
  const seconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
  switch (platform) {
    case 'win32':
      return { file: commands.pingCommand, args: ['-n', '1', '-w', String(Math.max(1, Math.ceil(timeoutMs))), ...(ipv6 ? ['-6'] : []), host] };
    case 'darwin':
      // ping6's -t is a different option (node information query), so it gets no wait flag: the deadline ends it.
      return ipv6
        ? { file: commands.ping6Command, args: ['-n', '-c', '1', host] }
        : { file: commands.pingCommand, args: ['-n', '-c', '1', '-t', seconds, host] };
    default:
      // iputils (Linux): -W is the reply wait in seconds.
      return { file: commands.pingCommand, args: ['-n', '-c', '1', '-W', seconds, ...(ipv6 ? ['-6'] : []), host] };
  }
}
