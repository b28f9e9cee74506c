// A programmable HTTP server on 127.0.0.1 for client tests: each test scripts how it answers (or fails to), and
// every request it received is recorded, headers included, so a test can assert what was (not) sent.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path below the origin, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request. It may answer late, never, or by breaking the connection. */
export type Script = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface HostileServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** origin + /api, what a client takes as its base URL. */
  apiUrl: string;
  readonly requests: RecordedRequest[];
  /** Replaces the script for the requests that follow. */
  answer(script: Script): void;
  /** Connections open right now. */
  openConnections(): number;
  stop(): Promise<void>;
}

export async function startHostileServer(script: Script = answers.json(200, [])): Promise<HostileServer> {
  const requests: RecordedRequest[] = [];
  let current = script;
  let open = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://placeholder');
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      void Promise.resolve(current(request, response)).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    open++;
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    apiUrl: `${origin}/api`,
    requests,
    answer(next) {
      current = next;
    },
    openConnections: () => open,
    stop() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Ready-made scripts for the ways a server can answer. */
export const answers = {
  json(status: number, body: unknown, headers: Record<string, string> = {}): Script {
    return answers.text(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  },

  text(status: number, text: string, headers: Record<string, string> = {}): Script {
    return (_request, response) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      response.end(text);
    };
  },

  /** Takes the request and never answers. */
  stallBeforeHeaders(): Script {
    return () => undefined;
  },

  /** Sends the headers and the start of a body, then nothing more. */
  stallBody(firstChunk = '[{"id":"mon_1",'): Script {
    return (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(firstChunk);
    };
  },

  /** Drops the connection without a word. */
  reset(): Script {
    return (_request, response) => {
      response.socket?.resetAndDestroy();
    };
  },

  /** Sends a body of `bytes` bytes (a JSON array of padding) in chunks, stopping early if the client hangs up. */
  huge(bytes: number, declareLength: boolean): Script {
    return async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(bytes) } : {}) });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      while (sent < bytes && !response.destroyed) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!response.write(chunk.subarray(0, size))) {
          await new Promise<void>((resolve) => {
            const resume = () => {
              response.off('drain', resume);
              response.off('close', resume);
              resolve();
            };
            response.on('drain', resume);
            response.on('close', resume);
          });
        }
      }
      response.end();
    };
  },

  redirect(status: number, location: string): Script {
    return answers.text(status, `Moved to ${location}`, { location });
  },
};
