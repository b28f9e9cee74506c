// The page's side of browser mode (renderer/transport), run in Node against the real server with a fake core:
// the API generated from the contract, events, and how it behaves when the socket drops or the server is gone.
// Time is a manual clock, so backoff and timeouts are reached without waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsSocket } from 'ws';
import { methodNames, windowEventNames, type VigilCallError } from '../../common/ipc/contract.ts';
import { contractProtocols } from '../../common/ipc/page-secret.ts';
import type { AlertView, StatusView } from '../../common/ipc/views.ts';
import { contractUrl } from '../../renderer/transport/connect-vigil-api.ts';
import { createWebSocketVigilApi, type LinkState, type SessionCheck, type WebSocketVigilApi } from '../../renderer/transport/websocket-vigil-api.ts';
import { manualClock, type ManualClock } from '../helpers/manual-clock.ts';
import { fakeVigilCore, sampleStatus, startTestWebServer, type PageSession, type TestWebServer } from '../helpers/web-server.ts';

const alert: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'Connection refused.', connectionId: 'local' };

let web: TestWebServer;
let clock: ManualClock;
let opened: WsSocket[];
let api: WebSocketVigilApi;
let hang: ReturnType<typeof hangingRefresh>;
let listenerErrors: unknown[];

/** A refreshNow that answers only when released, and tells when the core got it. */
function hangingRefresh() {
  const started = Promise.withResolvers<undefined>();
  const released = Promise.withResolvers<undefined>();
  return {
    started: started.promise,
    release: () => released.resolve(undefined),
    refreshNow: async () => {
      started.resolve(undefined);
      await released.promise;
      return undefined;
    },
  };
}

function connect({ cookie, pageSecret }: PageSession, options: { connectWaitMs?: number; replyTimeoutMs?: number; checkSession?: () => Promise<SessionCheck> } = {}): WebSocketVigilApi {
  return createWebSocketVigilApi({
    url: `ws://127.0.0.1:${web.port}/contract`,
    openSocket: (url) => {
      const socket = new WsSocket(url, contractProtocols(pageSecret), { headers: { cookie }, origin: web.origin });
      opened.push(socket);
      return socket as unknown as WebSocket;
    },
    clock,
    random: () => 0.5,
    firstRetryMs: 200,
    maxRetryMs: 1600,
    onListenerError: (error) => listenerErrors.push(error),
    ...options,
  });
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as VigilCallError,
  );

beforeEach(async () => {
  hang = hangingRefresh();
  web = await startTestWebServer({
    core: fakeVigilCore({
      refreshNow: hang.refreshNow,
      removeConnection: async () => {
        throw new Error('The local connection cannot be removed.');
      },
    }),
  });
  clock = manualClock();
  opened = [];
  listenerErrors = [];
  api = connect(await web.session());
});
afterEach(async () => {
  api.close();
  hang.release();
  await web.stop();
});

describe('the WebSocket VigilApi', () => {
  it('has exactly the contract: every method and every event, nothing else but close and the connection', () => {
    expect(Object.keys(api).sort()).toEqual([...methodNames, ...windowEventNames, 'close', 'connection'].sort());
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('round-trips calls made before the socket opened', async () => {
    const calls = Promise.all([api.getStatus(), api.pauseNotifications('1h')]);
    expect(opened[0]?.readyState).toBe(WsSocket.CONNECTING);
    const [status, none] = await calls;
    expect(status).toEqual(sampleStatus);
    expect(none).toBeUndefined();
    expect(web.core.received).toEqual([
      { method: 'getStatus', args: [] },
      { method: 'pauseNotifications', args: ['1h'] },
    ]);
  });

  it('rejects with the contract error as plain data, as the preload bridge does: code, one sentence, details', async () => {
    const invalid = await failureOf(api.snooze('local/monitor:1', '2h' as never));
    expect(Object.getPrototypeOf(invalid)).toBe(Object.prototype);
    expect({ code: invalid.code, message: invalid.message, details: invalid.details } satisfies VigilCallError).toMatchObject({
      code: 'invalid-arguments',
      message: 'snooze was called with invalid arguments.',
      details: [{ field: '1' }],
    });
    expect(await failureOf(api.removeConnection('local'))).toMatchObject({ code: 'failed', message: 'The local connection cannot be removed.' });
  });

  it('delivers events to each subscriber until it unsubscribes', async () => {
    await api.getStatus();
    const alerts: AlertView[] = [];
    const statuses: StatusView[] = [];
    const stopAlerts = api.onAlert((payload) => alerts.push(payload));
    api.onAlert(() => {
      throw new Error('a broken listener does not stop the others');
    });
    api.onDidChangeStatus((payload) => statuses.push(payload));

    web.core.emit('onAlert', alert);
    web.core.emit('onDidChangeStatus', sampleStatus);
    await vi.waitFor(() => expect(statuses).toEqual([sampleStatus]), { timeout: 10_000 });
    expect(alerts).toEqual([alert]);
    expect(listenerErrors).toMatchObject([{ message: 'a broken listener does not stop the others' }]);

    stopAlerts();
    web.core.emit('onAlert', alert);
    web.core.emit('onDidChangeStatus', sampleStatus);
    await vi.waitFor(() => expect(statuses).toHaveLength(2), { timeout: 10_000 });
    expect(alerts).toHaveLength(1);
  });
});

describe('when the socket drops', () => {
  it('fails a call that was in flight, reconnects with backoff, and calls work again', async () => {
    await api.getStatus();
    const inFlight = failureOf(api.refreshNow());
    await hang.started;
    opened[0]?.terminate();
    expect(await inFlight).toMatchObject({ code: 'failed', message: 'The connection to Vigil was lost before refreshNow was answered.' });

    // The first retry waits between half and all of firstRetryMs (random 0.5 → 150 ms).
    expect(opened).toHaveLength(1);
    expect(clock.delays.at(-1)).toBe(150);
    clock.advance(150);
    expect(opened).toHaveLength(2);
    expect(await api.getStatus()).toEqual(sampleStatus);
  });

  it('keeps a call made while disconnected until the socket is back', async () => {
    await api.getStatus();
    const closed = new Promise((resolve) => opened[0]?.once('close', resolve));
    opened[0]?.terminate();
    await closed;
    await vi.waitFor(() => expect(clock.delays.at(-1)).toBe(150), { timeout: 10_000 });
    const waiting = api.getStatus(); // connects at once rather than waiting out the backoff
    expect(opened).toHaveLength(2);
    expect(await waiting).toEqual(sampleStatus);
  });
});

describe('when the server is gone', () => {
  it('backs off up to the ceiling, and a call fails after the wait in one sentence', async () => {
    await api.getStatus();
    await web.close();
    await vi.waitFor(() => expect(clock.delays.at(-1)).toBe(150), { timeout: 10_000 });
    for (const expected of [300, 600, 1200, 1200]) {
      const [attempts, retries] = [opened.length, clock.delays.length];
      clock.advance(clock.delays.at(-1) ?? 0);
      expect(opened).toHaveLength(attempts + 1);
      await vi.waitFor(() => expect(clock.delays).toHaveLength(retries + 1), { timeout: 10_000 });
      expect(clock.delays.at(-1)).toBe(expected);
    }
    const call = failureOf(api.listMonitors('local'));
    clock.advance(10_000);
    expect(await call).toMatchObject({
      code: 'failed',
      message: 'Vigil is not reachable, so listMonitors was not sent; if `vigil web` was restarted, open the new address it printed.',
    });
  });

  it('fails a call the server never answers after the reply timeout', async () => {
    await api.getStatus();
    const call = failureOf(api.refreshNow());
    await hang.started;
    clock.advance(60_000);
    expect(await call).toMatchObject({ code: 'failed', message: 'Vigil did not answer refreshNow within 60 seconds.' });
  });
});

describe('the connection state the page shows', () => {
  function watch(of: WebSocketVigilApi): LinkState[] {
    const states: LinkState[] = [];
    of.connection.subscribe((state) => states.push(state));
    return states;
  }

  it('is lost when the socket drops, since that moment, and connected again after the retry', async () => {
    const states = watch(api);
    await api.getStatus();
    expect(api.connection.current()).toEqual({ state: 'connected' });
    const droppedAt = clock.now();
    opened[0]?.terminate();
    await vi.waitFor(() => expect(api.connection.current()).toEqual({ state: 'lost', since: droppedAt }), { timeout: 10_000 });
    clock.advance(150);
    await vi.waitFor(() => expect(api.connection.current()).toEqual({ state: 'connected' }), { timeout: 10_000 });
    expect(states.map((each) => each.state)).toEqual(['connected', 'lost', 'connected']);
  });

  it('keeps the moment it was last connected across failed attempts while Vigil is gone, and "Try now" skips the wait', async () => {
    const checks: SessionCheck[] = ['unreachable', 'unreachable', 'unreachable'];
    const gone = connect(await web.session(), { checkSession: async () => checks.shift() ?? 'unreachable' });
    await gone.getStatus();
    const lastConnected = clock.now();
    await web.close();
    await vi.waitFor(() => expect(gone.connection.current()).toEqual({ state: 'lost', since: lastConnected }), { timeout: 10_000 });
    const attempts = opened.length;
    gone.connection.reconnectNow();
    expect(opened).toHaveLength(attempts + 1);
    await vi.waitFor(() => expect(checks).toHaveLength(2), { timeout: 10_000 });
    clock.advance(5_000);
    await vi.waitFor(() => expect(checks.length).toBeLessThan(2), { timeout: 10_000 });
    expect(gone.connection.current()).toEqual({ state: 'lost', since: lastConnected });
    gone.close();
  });

  it('is refused when Vigil answers but no longer accepts this page’s session (it was started again)', async () => {
    const restarted = connect(await web.session(), { checkSession: async () => 'refused' });
    await restarted.getStatus();
    const lastConnected = clock.now();
    const states = watch(restarted);
    await web.close();
    await vi.waitFor(() => expect(restarted.connection.current()).toEqual({ state: 'lost', since: lastConnected }), { timeout: 10_000 });
    // The first failed attempt asks why.
    clock.advance(200);
    await vi.waitFor(() => expect(restarted.connection.current()).toEqual({ state: 'refused', since: lastConnected }), { timeout: 10_000 });
    // Still trying: once the new address is opened in any tab, its session cookie and page secret let this page back in.
    const attempts = opened.length;
    clock.advance(10_000);
    expect(opened.length).toBeGreaterThan(attempts);
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ state: 'refused', since: lastConnected }), { timeout: 10_000 });
    restarted.close();
  });
});

describe('close', () => {
  it('fails what is pending, sends nothing more and does not reconnect', async () => {
    await api.getStatus();
    const pending = failureOf(api.refreshNow());
    await hang.started;
    api.close();
    expect(await pending).toMatchObject({ code: 'failed', message: 'This connection to Vigil was closed.' });
    expect(await failureOf(api.getStatus())).toMatchObject({ message: 'This connection to Vigil is closed, so getStatus was not sent.' });
    clock.advance(60_000);
    expect(opened).toHaveLength(1);
  });
});

describe('contractUrl', () => {
  it('is the same origin, ws or wss', () => {
    expect(contractUrl({ protocol: 'http:', host: '127.0.0.1:4321' })).toBe('ws://127.0.0.1:4321/contract');
    expect(contractUrl({ protocol: 'https:', host: 'vigil.example' })).toBe('wss://vigil.example/contract');
  });
});
