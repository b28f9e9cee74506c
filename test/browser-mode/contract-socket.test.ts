// The contract over browser mode's WebSocket, real sockets on 127.0.0.1 against a fake core: calls checked
// against the contract before the core sees them, failures as one sentence, events to every tab, a size cap,
// and nothing left open on close.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { AlertView } from '../../common/ipc/views.ts';
import { coreEventNames } from '../../common/ipc/contract.ts';
import { maxMessageBytes } from '../../main/browser-mode/contract-socket.ts';
import { startWebServer } from '../../main/browser-mode/web-server.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import {
  callOverSocket,
  fakeVigilCore,
  nextMessage,
  openContractSocket,
  rawRequest,
  sampleStatus,
  signIn,
  startTestWebServer,
  tcpSocketsOn,
  type TestWebServer,
} from '../helpers/web-server.ts';

const alert: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'Connection refused.', connectionId: 'local' };

let web: TestWebServer;
let socket: WebSocket;

async function openSocket(server: TestWebServer): Promise<WebSocket> {
  const outcome = await openContractSocket(server.port, await server.session());
  if (!outcome.opened) throw new Error(`the socket was refused with ${outcome.status}`);
  return outcome.socket;
}

beforeAll(async () => {
  web = await startTestWebServer({
    core: fakeVigilCore({
      createMonitor: async (_connectionId, input) => ({ id: 'mon_1', ...input }) as never,
      deleteMonitor: async (_connectionId, id) => {
        throw new Error(`There is no monitor ${id}.\n    at deleteMonitor (/srv/vigil/core.ts:12:3)`);
      },
      snooze: async () => {
        throw { code: 'forbidden', message: 'Snoozing is not allowed for this connection.' };
      },
      addRemoteConnection: async () => {
        throw Object.assign(new Error('The server refused the monitor.'), {
          code: 'invalid-arguments',
          details: [{ field: 'url', message: 'is not reachable' }, { nonsense: true }],
        });
      },
      unsnooze: async () => {
        throw 'a string, not an error';
      },
      listMonitors: async () => [{ big: 1n }] as never,
      setConnectionToken: async () => {
        throw new Error('The keychain is locked.');
      },
    }),
  });
  socket = await openSocket(web);
});
afterAll(() => web.stop());

describe('calls', () => {
  it('round-trip to the core with the arguments as the contract parsed them', async () => {
    expect(await callOverSocket(socket, { id: 1, method: 'getStatus', args: [] })).toEqual({ id: 1, ok: true, value: sampleStatus });
    const created = await callOverSocket(socket, { id: 'c-2', method: 'createMonitor', args: ['local', { name: ' API ', type: 'http', url: 'https://api.example/health', frequency: 60 }] });
    expect(created).toMatchObject({ id: 'c-2', ok: true, value: { id: 'mon_1', name: 'API' } });
    expect(web.core.received.at(-1)).toMatchObject({ method: 'createMonitor', args: ['local', { name: 'API' }] });
  });

  it('answers a method that returns nothing with ok and no value', async () => {
    expect(await callOverSocket(socket, { id: 3, method: 'refreshNow', args: [] })).toEqual({ id: 3, ok: true });
  });

  it('refuses bad arguments before the core sees them, naming each', async () => {
    const before = web.core.received.length;
    const reply = await callOverSocket(socket, { id: 4, method: 'createMonitor', args: ['local', { name: 'x', type: 'http', url: 'ftp://x', frequency: 60 }] });
    expect(reply).toMatchObject({ id: 4, ok: false, error: { code: 'invalid-arguments', message: 'createMonitor was called with invalid arguments.' } });
    expect(JSON.stringify(reply)).toContain('"field":"1.url"');
    expect(await callOverSocket(socket, { id: 5, method: 'snooze', args: ['local/monitor:1'] })).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(await callOverSocket(socket, { id: 6, method: 'getStatus' })).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(web.core.received.length).toBe(before);
  });

  it.each(['nope', '__proto__', 'constructor', 'toString'])('refuses the unknown method %s', async (method) => {
    expect(await callOverSocket(socket, { id: 7, method, args: [] })).toMatchObject({ id: 7, ok: false, error: { code: 'unknown-method' } });
  });

  it('passes a core failure on as one sentence, never a stack, and logs no arguments', async () => {
    const reply = await callOverSocket(socket, { id: 8, method: 'deleteMonitor', args: ['local', 'mon_7'] });
    expect(reply).toEqual({ id: 8, ok: false, error: { code: 'failed', message: 'There is no monitor mon_7.' } });
    expect(await callOverSocket(socket, { id: 9, method: 'snooze', args: ['local/monitor:1', '1h'] })).toEqual({
      id: 9,
      ok: false,
      error: { code: 'forbidden', message: 'Snoozing is not allowed for this connection.' },
    });
    expect(await callOverSocket(socket, { id: 14, method: 'addRemoteConnection', args: [{ name: 'Prod', baseUrl: 'https://vigil.example/api', token: 't.o.k' }] })).toEqual({
      id: 14,
      ok: false,
      error: { code: 'invalid-arguments', message: 'The server refused the monitor.', details: [{ field: 'url', message: 'is not reachable' }] },
    });
    expect(await callOverSocket(socket, { id: 10, method: 'unsnooze', args: ['local/monitor:1'] })).toEqual({ id: 10, ok: false, error: { code: 'failed', message: 'The call failed inside Vigil.' } });
    expect(await callOverSocket(socket, { id: 11, method: 'listMonitors', args: ['local'] })).toMatchObject({ id: 11, ok: false, error: { code: 'failed' } });
    expect(web.logger.entries.map((entry) => entry.fields?.method)).toContain('deleteMonitor');
    expect(web.logger.text()).not.toContain('core.ts');
  });

  it('never logs a token passed as an argument', async () => {
    expect(await callOverSocket(socket, { id: 12, method: 'setConnectionToken', args: ['c1', 'tok.hush.value'] })).toMatchObject({ ok: false, error: { message: 'The keychain is locked.' } });
    await callOverSocket(socket, { id: 13, method: 'setConnectionToken', args: ['c1', 'tok hush with spaces'] });
    expect(web.logger.text()).toContain('The keychain is locked.');
    expect(web.logger.text()).not.toContain('hush');
  });
});

describe('malformed messages', () => {
  it.each([
    ['not JSON', '{"id": 1, "method":', 'not valid JSON'],
    ['an array', '[1, "getStatus", []]', 'not a call object'],
    ['null', 'null', 'not a call object'],
    ['no id', '{"method":"getStatus","args":[]}', 'no valid id'],
    ['an object id', '{"id":{},"method":"getStatus","args":[]}', 'no valid id'],
    ['a fractional id', '{"id":1.5,"method":"getStatus","args":[]}', 'no valid id'],
    ['no method', '{"id":21,"args":[]}', 'names no method'],
  ])('answer %s with an error, and keep the socket open', async (_name, text, message) => {
    const reply = await callOverSocket(socket, text);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect((reply.error as { message: string }).message).toContain(message);
    expect(await callOverSocket(socket, { id: 22, method: 'getStatus', args: [] })).toMatchObject({ ok: true });
  });

  it('ignores a binary message with an error answer', async () => {
    const reply = nextMessage(socket, (message) => 'ok' in message);
    socket.send(Buffer.from('{"id":1,"method":"getStatus","args":[]}'), { binary: true });
    expect(await reply).toMatchObject({ id: null, ok: false, error: { code: 'invalid-arguments' } });
  });

  it('closes the socket (1009) on a message over the cap, and the server keeps serving', async () => {
    const big = await openSocket(web);
    const closed = new Promise<number>((resolve) => big.once('close', resolve));
    big.send(JSON.stringify({ id: 1, method: 'createMonitor', args: ['local', { name: 'x'.repeat(maxMessageBytes) }] }));
    expect(await closed).toBe(1009);
    expect(await callOverSocket(socket, { id: 23, method: 'getStatus', args: [] })).toMatchObject({ ok: true });
  });
});

describe('events', () => {
  it('go to every open tab, as event and payload', async () => {
    const second = await openSocket(web);
    const received = [socket, second].map((client) => nextMessage(client, (message) => 'event' in message));
    web.core.emit('onAlert', alert);
    expect(await Promise.all(received)).toEqual([
      { event: 'onAlert', payload: alert },
      { event: 'onAlert', payload: alert },
    ]);
    const status = nextMessage(second, (message) => 'event' in message);
    web.core.emit('onDidChangeStatus', sampleStatus);
    expect(await status).toEqual({ event: 'onDidChangeStatus', payload: sampleStatus });
    second.close();
  });

  it('are subscribed once per event for all tabs', () => {
    expect(web.core.listenerCount()).toBe(coreEventNames.length);
  });
});

describe('close', () => {
  it('drops the tabs, unsubscribes from the core and leaves no socket open', async () => {
    const core = fakeVigilCore();
    const dir = web.rendererDir;
    const server = await startWebServer({ core, rendererDir: dir, logger: recordingLogger() });
    const port = Number(new URL(server.url).port);
    const session = await signIn(server.url);
    const tabs = await Promise.all([1, 2, 3].map(() => openContractSocket(port, session)));
    const closed = tabs.map((tab) => (tab.opened ? new Promise((resolve) => tab.socket.once('close', resolve)) : Promise.reject(new Error('refused'))));
    expect(core.listenerCount()).toBe(coreEventNames.length);
    // Both ends of the three tabs' connections (the check below sees what it should).
    if (process.platform === 'linux') await vi.waitFor(() => expect(tcpSocketsOn(port).filter((state) => state === 'ESTABLISHED')).toHaveLength(6), { timeout: 10_000 });

    await server.close();
    await Promise.all(closed);
    expect(core.listenerCount()).toBe(0);
    await expect(rawRequest(port)).rejects.toThrow(/ECONNREFUSED/);
    // Neither end of any connection to the port is left open (TIME_WAIT is the kernel's, not ours).
    if (process.platform === 'linux') await vi.waitFor(() => expect(tcpSocketsOn(port)).toEqual([]), { timeout: 10_000 });
    await server.close(); // a second close is harmless
  });

  it('says in one sentence that a port is taken', async () => {
    await expect(startWebServer({ core: fakeVigilCore(), rendererDir: web.rendererDir, port: web.port, logger: recordingLogger() })).rejects.toThrow(
      `Port ${web.port} on 127.0.0.1 is already in use; choose another with --port, or --port 0 for a free one.`,
    );
  });

  it('says in one sentence that the built renderer is missing', async () => {
    await expect(startWebServer({ core: fakeVigilCore(), rendererDir: '/nonexistent/out/renderer', logger: recordingLogger() })).rejects.toThrow(
      'The built renderer is missing: /nonexistent/out/renderer/index.html does not exist.',
    );
  });
});
