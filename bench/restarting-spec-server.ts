// A spec-only monitoring server (test/helpers/history-server.ts: the spec's lists, no extensions) that restarts now
// and then at a stable address, as a small server on someone's network does: a restart refuses connections for a
// moment, drops the open ones, and comes back a fresh process holding the same monitors.
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Monitor } from '../common/api/index.ts';
import { startHistoryServer, type HistoryServer } from '../test/helpers/history-server.ts';

export interface RestartingSpecServer {
  apiUrl: string;
  /** Restarts so far. */
  restarts(): number;
  stop(): Promise<void>;
}

/** `monitors` up; each `between` ms (drawn anew each time) it is down for `down` ms, then back. */
export async function startRestartingSpecServer(monitors: Monitor[], between: () => number, down: () => number): Promise<RestartingSpecServer> {
  let backend: HistoryServer | undefined = await startHistoryServer({ monitors });
  const sockets = new Set<Socket>();
  const front = createServer((socket) => {
    const port = backend === undefined ? undefined : Number(new URL(backend.apiUrl).port);
    if (port === undefined) return socket.destroy();
    const upstream = connect(port, '127.0.0.1');
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('close', () => sockets.delete(end));
      end.on('error', () => undefined);
    }
    socket.pipe(upstream).pipe(socket);
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  /** The stable port, chosen at the first listen (0: any free one). */
  let address = 0;
  const listen = () => new Promise<void>((resolve) => front.listen(address, '127.0.0.1', resolve));
  await listen();
  address = (front.address() as AddressInfo).port;
  let restarts = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const restart = async () => {
    restarts += 1;
    front.close();
    for (const socket of sockets) socket.destroy();
    await backend?.close();
    backend = undefined;
    await new Promise((resolve) => (timer = setTimeout(resolve, down())));
    if (stopped) return;
    backend = await startHistoryServer({ monitors });
    await listen();
    schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void restart(), between());
  };
  schedule();
  return {
    apiUrl: `http://127.0.0.1:${address}/api`,
    restarts: () => restarts,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      front.close();
      for (const socket of sockets) socket.destroy();
      await backend?.close();
    },
  };
}
