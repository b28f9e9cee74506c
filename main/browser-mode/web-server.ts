// Browser mode's server: the built renderer and the contract (a WebSocket at /contract) on 127.0.0.1 only,
// behind the single-use launch key and the session it opens (web-access.ts). One core, any number of tabs; every
// tab gets every core event.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { coreEventNames } from '../../common/ipc/contract.ts';
import { contractProtocol } from '../../common/ipc/page-secret.ts';
import type { Logger } from '../../common/logger.ts';
import type { VigilCore } from '../core/app/vigil-core.ts';
import { answerMessage, maxMessageBytes, serializeEvent, serializeReply } from './contract-socket.ts';
import { createAccessGate, type AccessGate, type Refusal } from './web-access.ts';
import { readStaticFile, realRoot } from './static-files.ts';

export interface WebServerOptions {
  core: VigilCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** `any`: when `port` is taken, listen on a free one instead (the remembered port, not one the person typed). */
  portIfTaken?: 'fail' | 'any';
  logger: Logger;
}

export interface WebServer {
  /** The address to open: it carries this launch's key. */
  readonly url: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Stops listening and drops every connection and socket; the core is left to its owner. */
  close(): Promise<void>;
}

export const contractPath = '/contract';

const securityHeaders = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { core, logger } = options;
  const root = await realRoot(options.rendererDir);
  // Node checks every 30 s by default for requests that stalled before their headers or their end. This server
  // listens on loopback for one person's browser, which does not stall on purpose: once every half hour is enough,
  // and keeps the core to one wake-up per poll.
  const server = createServer({ connectionsCheckingInterval: 30 * 60_000 });
  // The page offers the contract protocol beside its secret (web-access.ts); only the former is ever answered.
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    handleProtocols: (offered) => (offered.has(contractProtocol) ? contractProtocol : false),
  });
  await listenOn(server, options.port ?? 0, options.portIfTaken ?? 'fail', logger);
  server.on('error', (error) => logger.error('Browser mode\'s server failed.', { error: error.message }));
  const port = (server.address() as AddressInfo).port;
  const gate = loggingRefusals(createAccessGate(port), logger);
  const origin = `http://127.0.0.1:${port}`;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    serveHttp(gate, root, request, response).catch((error: unknown) => {
      logger.error('Browser mode could not answer a request.', { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) send(response, 500, 'Vigil could not answer this request.');
      else response.destroy();
    });
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refusal =
      pathOf(request.url) === contractPath
        ? (gate.checkSite(request.headers, true) ?? gate.checkSession(request.headers) ?? gate.checkPageSecret(request.headers))
        : { status: 404, message: 'Not found.' };
    if (refusal) {
      refuseUpgrade(socket, refusal);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => serveContract(client));
  });

  function serveContract(client: WebSocket): void {
    client.on('error', () => client.terminate());
    client.on('message', (data, isBinary) => {
      const text = isBinary ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8');
      void answerMessage(core, text).then((reply) => {
        if (client.readyState === client.OPEN) client.send(serializeReply(reply));
      });
    });
  }

  // One subscription per event for all tabs, so each event is serialized once however many tabs are open.
  const unsubscribes = coreEventNames.map((event) =>
    core.on(event, (payload) => {
      const text = serializeEvent(event, payload);
      for (const client of sockets.clients) if (client.readyState === client.OPEN) client.send(text);
    }),
  );

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?key=${gate.key}`,
    origin,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const unsubscribe of unsubscribes) unsubscribe();
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Host/Origin refusals are logged (once per Host and Origin): a web page may be trying to reach Vigil. */
function loggingRefusals(gate: AccessGate, logger: Logger): AccessGate {
  const logged = new Set<string>();
  const clip = (value: string | undefined) => value?.slice(0, 200);
  return {
    ...gate,
    checkSite(headers, originRequired) {
      const refusal = gate.checkSite(headers, originRequired);
      const seen = `${refusal?.status}|${headers.host}|${headers.origin}`;
      if (refusal && logged.size < 100 && !logged.has(seen)) {
        logged.add(seen);
        logger.warn('Browser mode refused a request addressed to another host or sent from another site.', { host: clip(headers.host), origin: clip(headers.origin) });
      }
      return refusal;
    },
  };
}

async function serveHttp(gate: AccessGate, root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const siteRefusal = gate.checkSite(request.headers, false);
  if (siteRefusal) return refuse(response, siteRefusal);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return send(response, 405, 'Only GET and HEAD are answered here.');
  }
  const rawUrl = request.url ?? '/';
  const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
  const key = gate.openWithKey(query, request.headers);
  if (key.kind === 'redirect') {
    // The key leaves the address bar and history: the page continues at / with its session instead.
    response.writeHead(303, { ...securityHeaders, location: key.location, ...(key.setCookie === undefined ? {} : { 'set-cookie': key.setCookie }), 'cache-control': 'no-store', 'content-length': 0 });
    response.end();
    return;
  }
  const sessionRefusal = key.kind === 'refused' ? key.refusal : gate.checkSession(request.headers);
  if (sessionRefusal) return refuse(response, sessionRefusal);
  const answer = await readStaticFile(root, pathOf(rawUrl));
  if (!answer.ok) return send(response, answer.status, answer.message);
  response.writeHead(200, { ...securityHeaders, 'content-type': answer.contentType, 'cache-control': answer.cacheControl, 'content-length': answer.body.length });
  response.end(request.method === 'HEAD' ? undefined : answer.body);
}

function refuse(response: ServerResponse, refusal: Refusal): void {
  send(response, refusal.status, refusal.message);
}

function send(response: ServerResponse, status: number, message: string): void {
  const body = `${message}\n`;
  response.writeHead(status, {
    ...securityHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function refuseUpgrade(socket: Duplex, refusal: { status: number; message: string }): void {
  const body = `${refusal.message}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `cache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const end = raw.indexOf('?');
  return end === -1 ? raw : raw.slice(0, end);
}

async function listenOn(server: ReturnType<typeof createServer>, port: number, ifTaken: 'fail' | 'any', logger: Logger): Promise<void> {
  try {
    await listen(server, port);
  } catch (error) {
    if (ifTaken !== 'any' || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.warn(`Port ${port}, where browser mode usually listens, is taken by another program; this time it listens on a free port, so its address differs and this browser's remembered settings for Vigil do not apply to it.`);
    await listen(server, 0);
  }
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? Object.assign(new Error(`Port ${port} on 127.0.0.1 is already in use; choose another with --port, or --port 0 for a free one.`), { code: error.code })
          : error,
      );
    });
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
}
