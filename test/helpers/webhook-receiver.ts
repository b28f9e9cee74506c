// A real HTTP server on 127.0.0.1 that records requests and answers from a programmable sequence.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';

/** A status code (empty body), a full answer (a redirect is a 3xx with a location header), or no answer at all. */
export type WebhookReply = number | 'stall' | { status: number; headers?: Record<string, string>; body?: string };

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hook; any path on this origin is received the same way. */
  url: string;
  requests: ReceivedRequest[];
  /** Replaces the replies still queued; once they are used up, every request gets 200. */
  respondWith(...replies: WebhookReply[]): void;
  /** Resolves with the requests once at least `count` have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Also drops stalled requests. */
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const arrived = arrivals<ReceivedRequest>('request');
  let replies: WebhookReply[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      arrived.add({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        rawBody,
        body: parseJson(rawBody),
      });
      const reply = replies.shift() ?? 200;
      if (reply === 'stall') return;
      const { status, headers = {}, body = '' } = typeof reply === 'number' ? { status: reply } : reply;
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: arrived.received,
    respondWith(...next) {
      replies = next;
    },
    waitFor: arrived.waitFor,
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
