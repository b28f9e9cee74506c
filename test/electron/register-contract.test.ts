import { describe, expect, it, vi } from 'vitest';
import { channelOf, coreEventNames, methodNames, type CoreCalls, type VigilMethod } from '../../common/ipc/contract.ts';
import type { AlertView } from '../../common/ipc/views.ts';
import type { VigilCore } from '../../main/core/app/vigil-core.ts';
import { VigilCoreError } from '../../main/core/calls/call-error.ts';
import { forwardEvents, registerContract } from '../../main/electron/ipc/register-contract.ts';
import { TrustedWindows } from '../../main/electron/ipc/trusted-windows.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { FakeIpcMain, FakeWebContents, status } from './fakes.ts';

type Listener = (payload: unknown) => void;

function fakeCore(overrides: Partial<Record<VigilMethod, (...args: unknown[]) => Promise<unknown>>> = {}, logger = recordingLogger()) {
  const listeners = new Map<string, Set<Listener>>();
  const calls = new Proxy({} as Record<string, unknown>, {
    get: (_target, name: string) => overrides[name as VigilMethod] ?? (async () => `${name} done`),
  }) as unknown as CoreCalls;
  const core: Pick<VigilCore, 'calls' | 'on' | 'logger'> = {
    calls,
    logger,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
  };
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  return { core, emit, listenerCount: (event: string) => listeners.get(event)?.size ?? 0 };
}

function setUp(overrides?: Parameters<typeof fakeCore>[0]) {
  const ipcMain = new FakeIpcMain();
  const trusted = new TrustedWindows();
  const logger = recordingLogger();
  const { core, emit, listenerCount } = fakeCore(overrides, logger);
  const window = new FakeWebContents();
  trusted.add(window);
  const dispose = registerContract({ ipcMain, core, trusted });
  return { ipcMain, trusted, logger, core, emit, listenerCount, window, dispose };
}

describe('the Electron transport of the contract', () => {
  it('registers exactly one handler per contract method, on its prefixed channel, and removes them all', () => {
    const { ipcMain, dispose } = setUp();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(methodNames.map((name) => `vigil:${name}`).sort());
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('calls the core with the checked arguments for the main frame of a trusted window on app://vigil', async () => {
    const snooze = vi.fn(async () => undefined);
    const { ipcMain, window } = setUp({ snooze });
    await expect(ipcMain.invoke(channelOf('snooze'), window.eventFrom(), 'c1/monitor:m1', '4h')).resolves.toEqual({ ok: true, value: undefined });
    expect(snooze).toHaveBeenCalledWith('c1/monitor:m1', '4h');
    await expect(ipcMain.invoke(channelOf('getStatus'), window.eventFrom())).resolves.toEqual({ ok: true, value: 'getStatus done' });
  });

  const foreign = [
    ['a window that is not trusted', () => new FakeWebContents().eventFrom()],
    ['a subframe of the trusted window', (window: FakeWebContents) => window.eventFrom(window.subframe())],
    ['a subframe from another origin', (window: FakeWebContents) => window.eventFrom(window.subframe('https://evil.example/'))],
    ['another origin in the main frame', (window: FakeWebContents) => window.eventFrom({ url: 'https://evil.example/', parent: null })],
    ['another host on the app scheme', (window: FakeWebContents) => window.eventFrom({ url: 'app://other/index.html', parent: null })],
    ['a file:// page', (window: FakeWebContents) => window.eventFrom({ url: 'file:///tmp/index.html', parent: null })],
    ['a frame that is gone', (window: FakeWebContents) => window.eventFrom(null)],
  ] as const;

  it.each(foreign)('refuses %s with a forbidden error and logs it, without calling the core', async (_name, eventOf) => {
    const getStatus = vi.fn(async () => status());
    const { ipcMain, window, logger } = setUp({ getStatus });
    const result = await ipcMain.invoke(channelOf('getStatus'), eventOf(window));
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(getStatus).not.toHaveBeenCalled();
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining('Refused a call of getStatus') }));
  });

  it('refuses a window once its web contents is destroyed', async () => {
    const { ipcMain, window } = setUp();
    window.destroy();
    await expect(ipcMain.invoke(channelOf('getStatus'), window.eventFrom())).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('checks the sender before the arguments: a foreign frame learns nothing about the schemas', async () => {
    const { ipcMain } = setUp();
    const result = await ipcMain.invoke(channelOf('snooze'), new FakeWebContents().eventFrom(), 42);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(JSON.stringify(result)).not.toContain('details');
  });

  it.each([
    ['snooze', ['c1/monitor:m1', '2h']],
    ['deleteMonitor', ['']],
    ['getStatus', ['extra']],
    ['addRemoteConnection', [{ name: 'x', baseUrl: 'file:///etc/passwd', token: 'a' }]],
    ['setConnectionToken', ['c1', 'has spaces']],
  ])('refuses %s(%j) with invalid-arguments, without calling the core', async (method, args) => {
    const called = vi.fn(async () => undefined);
    const { ipcMain, window } = setUp({ [method]: called });
    const result = await ipcMain.invoke(channelOf(method as VigilMethod), window.eventFrom(), ...args);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(called).not.toHaveBeenCalled();
  });

  it('returns the core\'s failures as data, translated by the call server: a VigilCoreError whole, any other error as its first line, never a stack', async () => {
    const details = [{ field: 'url', message: 'must be a URL' }];
    const { ipcMain, window } = setUp({
      deleteMonitor: async () => {
        throw new VigilCoreError('The monitor was not found.', { details });
      },
      refreshNow: async () => {
        throw new Error('Something broke\n    at secret/internal/file.ts:1:1');
      },
      resumeNotifications: async () => {
        throw 'not an error';
      },
    });
    await expect(ipcMain.invoke(channelOf('deleteMonitor'), window.eventFrom(), 'c1', 'm1')).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: 'The monitor was not found.', details },
    });
    const refreshed = await ipcMain.invoke(channelOf('refreshNow'), window.eventFrom());
    expect(refreshed).toEqual({ ok: false, error: { code: 'failed', message: 'Something broke' } });
    expect(JSON.stringify(refreshed)).not.toContain('internal');
    await expect(ipcMain.invoke(channelOf('resumeNotifications'), window.eventFrom())).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: 'The call failed inside Vigil.' },
    });
  });
});

describe('contract events', () => {
  const alert: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'since 14:05', connectionId: 'c1' };

  it('sends each event\'s payload to trusted windows showing the app, and to nothing else', () => {
    const { core, emit, trusted, window } = setUp();
    const other = new FakeWebContents();
    const navigatedAway = new FakeWebContents('https://elsewhere.example/');
    const closed = new FakeWebContents();
    trusted.add(navigatedAway);
    trusted.add(closed);
    closed.destroy();
    forwardEvents({ core, trusted });
    emit('onAlert', alert);
    emit('onDidChangeStatus', status());
    expect(window.sent).toEqual([
      { channel: 'vigil:onAlert', args: [alert] },
      { channel: 'vigil:onDidChangeStatus', args: [status()] },
    ]);
    expect(other.sent).toEqual([]);
    expect(navigatedAway.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });

  it('subscribes to every core event and unsubscribes from all of them', () => {
    const { core, trusted, listenerCount } = setUp();
    const stop = forwardEvents({ core, trusted });
    for (const event of coreEventNames) expect(listenerCount(event)).toBe(1);
    stop();
    for (const event of coreEventNames) expect(listenerCount(event)).toBe(0);
  });
});
