// `host:port` as tcp and udp monitors spell their target; an IPv6 host is bracketed: `[::1]:53`.

export interface HostPort {
  /** Without brackets. */
  host: string;
  port: number;
}

const HOST_PORT = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/;

export function parseHostPort(text: string): HostPort | undefined {
  const match = HOST_PORT.exec(text);
  if (match === null) return undefined;
  const host = match[1] ?? match[2] ?? '';
  const port = Number(match[3]);
  if (host.startsWith('-') || port < 1 || port > 65_535) return undefined;
  return { host, port };
}

export function invalidAddressMessage(text: string): string {
  return `invalid address "${text}" (expected host:port)`;
}
