// Vigil's requests sleep while they wait: a response that stays open (the changes stream) sets off none of undici's
// own timers, which Node's plain fetch ticks twice a second for as long as the response is open. The plain fetch is
// measured the same way first, so the quiet one's zero is a finding, not a probe that saw nothing.
import { createHook } from 'node:async_hooks';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietFetch } from '../../../main/core/api/quiet-fetch.ts';

let server: Server;
let url: string;
const streams = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(': open\n\n');
    streams.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/changes`;
});
afterAll(async () => {
  for (const response of streams) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Timer callbacks of undici's (those set in Node's bundled undici) while a stream stays open for `chunks` × 100 ms. */
async function fetchTimerCallbacks(fetchOf: typeof fetch, chunks: number): Promise<number> {
  const undiciTimers = new Set<number>();
  let callbacks = 0;
  const hook = createHook({
    init(asyncId, type) {
      if (type === 'Timeout' && (new Error().stack ?? '').includes('node:internal/deps/undici')) undiciTimers.add(asyncId);
    },
    before(asyncId) {
      if (undiciTimers.has(asyncId)) callbacks++;
    },
  }).enable();
  try {
    const response = await fetchOf(url, { headers: { accept: 'text/event-stream' } });
    const reader = response.body?.getReader();
    const stream = [...streams].at(-1);
    if (!reader || !stream) throw new Error('the stream did not open');
    await reader.read();
    // The server writes a chunk every 100 ms; the reader waits for each, so time passes by the stream's own events.
    for (let i = 0; i < chunks; i++) {
      const next = reader.read();
      setTimeout(() => stream.write(`: ${i}\n\n`), 100);
      await next;
    }
    await reader.cancel();
    return callbacks;
  } finally {
    hook.disable();
  }
}

describe('quietFetch', () => {
  it('sets off none of undici’s timers while a stream stays open, where the plain fetch ticks', async () => {
    expect(await fetchTimerCallbacks(fetch, 10)).toBeGreaterThan(0);
    expect(await fetchTimerCallbacks(quietFetch, 10)).toBe(0);
  });

  it('keeps an idle connection past a poll interval, for the next poll to reuse', async () => {
    let connections = 0;
    const keepAliveDelays: number[] = [];
    const api = createServer((_request, response) => response.end('[]'));
    // As Vigil's service does: `Keep-Alive: timeout=300`, which undici follows (less its 2 s of margin).
    api.keepAliveTimeout = 300_000;
    api.on('connection', () => connections++);
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    let idle = () => {};
    const hook = createHook({
      init(_asyncId, type, _trigger, resource) {
        if (type !== 'Timeout' || !(new Error().stack ?? '').includes('node:internal/deps/undici')) return;
        keepAliveDelays.push((resource as { _idleTimeout: number })._idleTimeout);
        idle();
      },
    }).enable();
    try {
      const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/monitors`;
      for (let poll = 0; poll < 2; poll++) {
        // The next poll once the connection waits idle (its keep-alive timer is set), as a minute later it does.
        const idleNow = new Promise<void>((resolve) => (idle = resolve));
        expect(await (await quietFetch(apiUrl)).text()).toBe('[]');
        await idleNow;
      }
      expect(connections).toBe(1);
      // The only timer undici set is the idle connection's, and it is minutes long: nothing wakes between polls.
      expect(keepAliveDelays.length).toBeGreaterThan(0);
      for (const delay of keepAliveDelays) expect(delay).toBe(298_000);
    } finally {
      hook.disable();
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('is still fetch: the answer, its headers and its body', async () => {
    const response = await quietFetch('data:text/plain,still%20fetch');
    expect([response.status, await response.text()]).toEqual([200, 'still fetch']);
  });
});
