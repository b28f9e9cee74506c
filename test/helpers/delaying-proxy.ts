// A slow server for tests: an HTTP proxy in front of a real service that holds every request for `delayMs` before
// passing it on, as a server that answers after 30 s does. A test can see what is pending and let it through at
// once (`release()`), so it never waits out the delay itself.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DelayingProxy {
  /** The service's API address through the proxy (same path as the target's). */
  apiUrl: string;
  /** Requests held right now. */
  pending(): number;
  /** Requests received so far. */
  received(): number;
  /**
   * Requests passed on to the service so far (their delay over, or released). Zero shows that nothing has been
   * answered through the proxy yet, however long the test took to get there.
   */
  passedOn(): number;
  /** Passes every held request on now, and later ones at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startDelayingProxy(targetApiUrl: string, delayMs: number): Promise<DelayingProxy> {
  const target = new URL(targetApiUrl);
  const held = new Map<ServerResponse, { timer: NodeJS.Timeout; forward: () => void }>();
  let received = 0;
  let passedOn = 0;
  let released = false;

  function forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer): void {
    passedOn += 1;
    const upstream = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    upstream.end(body);
  }

  const server = createServer((incoming, outgoing) => {
    received += 1;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const go = () => {
        held.delete(outgoing);
        forward(incoming, outgoing, Buffer.concat(chunks));
      };
      if (released) return go();
      held.set(outgoing, { timer: setTimeout(go, delayMs), forward: go });
    });
    // The client gave up (the core stopped, or its own timeout): nothing is held for it any more.
    outgoing.on('close', () => {
      const entry = held.get(outgoing);
      if (entry !== undefined) clearTimeout(entry.timer);
      held.delete(outgoing);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}${target.pathname}`,
    pending: () => held.size,
    received: () => received,
    passedOn: () => passedOn,
    release() {
      released = true;
      for (const { timer, forward: go } of [...held.values()]) {
        clearTimeout(timer);
        go();
      }
    },
    async close() {
      for (const { timer } of held.values()) clearTimeout(timer);
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
