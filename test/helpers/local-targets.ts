// Real targets on 127.0.0.1 that tests switch up and down: an HTTP(S) server, a TCP listener and a UDP echo server.
import dgram from 'node:dgram';
import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';

const host = '127.0.0.1';

export interface HttpTarget {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** Up answers 200, down answers 503 (for `/` and every path without a special meaning). */
  setUp(up: boolean): void;
  /** Requests received so far. */
  requestCount(): number;
  /** Connections accepted so far. */
  connectionCount(): number;
  lastRequestHeaders(): IncomingHttpHeaders | undefined;
  /** Responses to `/big` that the client cut off before the end. */
  cutOffBodies(): number;
  close(): Promise<void>;
}

export interface HttpTargetOptions {
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'content-type': 'text/plain' }).end('moved');
}

/** Writes until the client goes away, respecting back-pressure. */
function streamForever(response: ServerResponse, onCutOff: () => void): void {
  const chunk = Buffer.alloc(16 * 1024, 'x');
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const write = () => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', write);
  response.on('close', onCutOff);
  write();
}

/**
 * Paths: `/redirect/N` redirects N times (relative Location) before answering like `/`; `/loop` redirects
 * to itself; `/to?location=X` redirects to X; `/hang` never answers; `/big` streams an endless body.
 */
export async function startHttpTarget(options: HttpTargetOptions = {}): Promise<HttpTarget> {
  let up = true;
  let requests = 0;
  let cutOff = 0;
  let lastHeaders: IncomingHttpHeaders | undefined;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    lastHeaders = request.headers;
    const url = new URL(request.url ?? '/', 'http://target');
    const hops = /^\/redirect\/(\d+)$/.exec(url.pathname)?.[1];
    if (hops !== undefined && Number(hops) > 0) return redirect(response, String(Number(hops) - 1));
    if (url.pathname === '/loop') return redirect(response, '/loop');
    if (url.pathname === '/to') return redirect(response, url.searchParams.get('location') ?? '/');
    if (url.pathname === '/hang') return;
    if (url.pathname === '/big') return streamForever(response, () => (cutOff += 1));
    response.writeHead(up ? 200 : 503, { 'content-type': 'text/plain' }).end(up ? 'up' : 'down');
  };
  const server = options.tls === undefined ? http.createServer(handle) : https.createServer(options.tls, handle);
  let connections = 0;
  server.on(options.tls === undefined ? 'connection' : 'secureConnection', () => (connections += 1));
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://${host}:${port}`,
    port,
    setUp: (value) => {
      up = value;
    },
    requestCount: () => requests,
    connectionCount: () => connections,
    lastRequestHeaders: () => lastHeaders,
    cutOffBodies: () => cutOff,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface TcpTarget {
  /** `127.0.0.1:PORT` */
  hostPort: string;
  port: number;
  /** Down closes the listener (connections are then refused); up listens again on the same port. */
  setUp(up: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpTarget(): Promise<TcpTarget> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    if (!server.listening) return;
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, 'close');
  };
  return {
    hostPort: `${host}:${port}`,
    port,
    setUp: async (up) => {
      if (!up) return stop();
      if (server.listening) return;
      server.listen(port, host);
      await once(server, 'listening');
    },
    close: stop,
  };
}

export interface UdpTarget {
  /** `127.0.0.1:PORT` */
  hostPort: string;
  port: number;
  /** Down closes the socket (the kernel then answers "port unreachable"); up binds the same port again. */
  setUp(up: boolean): Promise<void>;
  /** A silent server receives but never replies, like a UDP service that ignores unknown datagrams. */
  setSilent(silent: boolean): void;
  /** The payload of the last datagram received. */
  lastDatagram(): Buffer | undefined;
  close(): Promise<void>;
}

export async function startUdpEchoTarget(): Promise<UdpTarget> {
  let silent = false;
  let last: Buffer | undefined;
  let socket: dgram.Socket | undefined;
  const bind = async (port: number) => {
    const bound = dgram.createSocket('udp4');
    bound.on('message', (message, sender) => {
      last = message;
      if (!silent) bound.send(message, sender.port, sender.address);
    });
    bound.bind(port, host);
    await once(bound, 'listening');
    socket = bound;
    return bound.address().port;
  };
  const stop = async () => {
    if (socket === undefined) return;
    const closing = socket;
    socket = undefined;
    closing.close();
    await once(closing, 'close');
  };
  const port = await bind(0);
  return {
    hostPort: `${host}:${port}`,
    port,
    setUp: async (up) => {
      if (!up) return stop();
      if (socket === undefined) await bind(port);
    },
    setSilent: (value) => {
      silent = value;
    },
    lastDatagram: () => last,
    close: stop,
  };
}

/** A loopback port with nothing listening on it (a monitor of it goes down on its first check). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port held by "another program": a listener on it until `release`. */
export interface HeldPort {
  port: number;
  release(): Promise<void>;
}

/** Holds `port` (0: a free one) on loopback, as another program would. */
export async function holdPort(port = 0): Promise<HeldPort> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, resolve);
  });
  return { port: (server.address() as AddressInfo).port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}
