// A real DNS server on loopback (UDP and TCP on one ephemeral port) that answers from a zone the test gives,
// so the dns check is tested against the wire, the way a resolver would answer it.
import dgram from 'node:dgram';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket, type OptAnswer, type Packet } from 'dns-packet';

/** The records of one name. A name with a CNAME has nothing else (RFC 1034 §3.6.2). */
export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  MX?: { priority: number; exchange: string }[];
  /** One entry per record; a record given as a list is sent as those character-strings (each ≤ 255 bytes). */
  TXT?: (string | string[])[];
  NS?: string[];
}

/** Names without a trailing dot, any case. */
export type Zone = Record<string, ZoneRecords>;

const FAILURE_RCODES = { FORMERR: 1, SERVFAIL: 2, NOTIMP: 4, REFUSED: 5 } as const;

/**
 * `answer` answers from the zone (NXDOMAIN for unknown names); `SERVFAIL`, `REFUSED`, `FORMERR` and `NOTIMP` answer
 * every query with that code; `garbled` answers with a message cut short; `silent` receives and never answers (UDP)
 * or holds the connection open (TCP).
 */
export type ResolverMode = 'answer' | keyof typeof FAILURE_RCODES | 'garbled' | 'silent';

export interface DnsResolver {
  /** As the dns check's `resolver` field takes it: `127.0.0.1:PORT` or `[::1]:PORT`. */
  address: string;
  port: number;
  setMode(mode: ResolverMode): void;
  /** Questions received so far, over both transports, as `TYPE name` (`A example.com`). */
  questions(): string[];
  /** Queries that came over TCP (a truncated UDP answer makes a client ask again over TCP). */
  tcpQueryCount(): number;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;
/** RFC 1035 §4.2.1: without EDNS a UDP answer is at most 512 bytes. */
const CLASSIC_UDP_SIZE = 512;
const MAX_CNAME_HOPS = 8;
const TTL = 60;

function normalise(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function recordsOf(type: string, name: string, records: ZoneRecords): Answer[] {
  const base = { name, ttl: TTL, class: 'IN' as const };
  switch (type) {
    case 'A':
      return (records.A ?? []).map((data) => ({ ...base, type: 'A', data }));
    case 'AAAA':
      return (records.AAAA ?? []).map((data) => ({ ...base, type: 'AAAA', data }));
    case 'CNAME':
      return records.CNAME === undefined ? [] : [{ ...base, type: 'CNAME', data: records.CNAME }];
    case 'MX':
      return (records.MX ?? []).map(({ priority, exchange }) => ({ ...base, type: 'MX', data: { preference: priority, exchange } }));
    case 'TXT':
      return (records.TXT ?? []).map((data) => ({ ...base, type: 'TXT', data }));
    case 'NS':
      return (records.NS ?? []).map((data) => ({ ...base, type: 'NS', data }));
    default:
      return [];
  }
}

/** What a recursive resolver would answer: CNAMEs are followed inside the zone and sent along with the records. */
function lookUp(zone: Map<string, ZoneRecords>, type: string, name: string): { rcode: number; answers: Answer[] } {
  const answers: Answer[] = [];
  let current = name;
  for (let hop = 0; hop <= MAX_CNAME_HOPS; hop += 1) {
    const records = zone.get(normalise(current));
    if (records === undefined) return { rcode: RCODE.NXDOMAIN, answers };
    if (type === 'CNAME' || records.CNAME === undefined) {
      answers.push(...recordsOf(type, current, records));
      return { rcode: RCODE.NOERROR, answers };
    }
    answers.push(...recordsOf('CNAME', current, records));
    current = records.CNAME;
  }
  return { rcode: RCODE.SERVFAIL, answers: [] };
}

function udpSizeOf(query: DecodedPacket): number {
  const opt = query.additionals?.find((record): record is OptAnswer => record.type === 'OPT');
  return opt === undefined ? CLASSIC_UDP_SIZE : Math.max(CLASSIC_UDP_SIZE, opt.udpPayloadSize);
}

/** Undefined for what cannot be read: it is dropped, as a resolver would. */
function decodeQuery(message: Buffer): DecodedPacket | undefined {
  try {
    return dnsPacket.decode(message);
  } catch {
    return undefined;
  }
}

function respond(query: DecodedPacket, rcode: number, answers: Answer[]): Packet {
  const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode;
  return { type: 'response', id: query.id ?? 0, flags, questions: query.questions ?? [], answers };
}

function truncated(query: DecodedPacket): Packet {
  const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | dnsPacket.TRUNCATED_RESPONSE;
  return { type: 'response', id: query.id ?? 0, flags, questions: query.questions ?? [] };
}

/** TCP takes an ephemeral port and UDP binds the same number; another UDP socket may hold it, so try a few. */
async function listenOnOnePort(
  host: string,
  serveUdp: (udp: dgram.Socket) => (message: Buffer, sender: dgram.RemoteInfo) => void,
  serveTcp: (socket: net.Socket) => void,
): Promise<{ udp: dgram.Socket; tcp: net.Server; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const tcp = net.createServer(serveTcp);
    tcp.listen(0, host);
    await once(tcp, 'listening');
    const { port } = tcp.address() as AddressInfo;
    const udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    udp.on('message', serveUdp(udp));
    try {
      udp.bind(port, host);
      await once(udp, 'listening');
      return { udp, tcp, port };
    } catch (error) {
      tcp.close();
      if (attempt === 5) throw error;
    }
  }
}

export interface DnsResolverOptions {
  /** `127.0.0.1` (default) or `::1`. */
  host?: string;
}

export async function startDnsResolver(zoneRecords: Zone, options: DnsResolverOptions = {}): Promise<DnsResolver> {
  const host = options.host ?? '127.0.0.1';
  const zone = new Map(Object.entries(zoneRecords).map(([name, records]) => [normalise(name), records]));
  let mode: ResolverMode = 'answer';
  const questions: string[] = [];
  let tcpQueries = 0;

  /** The answer to a query, or undefined to stay silent. */
  const answer = (query: DecodedPacket): Buffer | undefined => {
    const question = query.questions?.[0];
    if (question !== undefined) questions.push(`${question.type} ${question.name}`);
    if (mode === 'silent') return undefined;
    if (mode === 'garbled') return dnsPacket.encode(respond(query, RCODE.NOERROR, [])).subarray(0, 14);
    if (mode !== 'answer') return dnsPacket.encode(respond(query, FAILURE_RCODES[mode], []));
    if (question === undefined) return dnsPacket.encode(respond(query, RCODE.SERVFAIL, []));
    const { rcode, answers } = lookUp(zone, question.type, question.name);
    return dnsPacket.encode(respond(query, rcode, answers));
  };

  const connections = new Set<net.Socket>();
  const serveUdp = (udp: dgram.Socket) => (message: Buffer, sender: dgram.RemoteInfo) => {
    const query = decodeQuery(message);
    const response = query === undefined ? undefined : answer(query);
    if (query === undefined || response === undefined) return;
    // Too big for UDP: the header and question alone, with TC set, tell the client to ask again over TCP.
    const bytes = response.length > udpSizeOf(query) ? dnsPacket.encode(truncated(query)) : response;
    udp.send(bytes, sender.port, sender.address);
  };
  const serveTcp = (socket: net.Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      // Each message is prefixed by its length in two bytes (RFC 1035 §4.2.2).
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const message = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + message.length);
        tcpQueries += 1;
        const query = decodeQuery(message);
        const response = query === undefined ? undefined : answer(query);
        if (response === undefined) continue;
        const length = Buffer.alloc(2);
        length.writeUInt16BE(response.length);
        socket.write(Buffer.concat([length, response]));
      }
    });
  };
  const { udp, tcp, port } = await listenOnOnePort(host, serveUdp, serveTcp);

  return {
    address: net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`,
    port,
    setMode: (value) => {
      mode = value;
    },
    questions: () => [...questions],
    tcpQueryCount: () => tcpQueries,
    close: async () => {
      for (const socket of connections) socket.destroy();
      tcp.close();
      udp.close();
      await Promise.all([once(tcp, 'close'), once(udp, 'close')]);
    },
  };
}
