import { describe, expect, it, vi } from 'vitest';
import { channelOf, type CoreCalls } from '../../common/ipc/contract.ts';
import { registerContract } from '../../main/electron/ipc/register-contract.ts';
import { TrustedWindows } from '../../main/electron/ipc/trusted-windows.ts';
import { buildVigilApi, exposeVigilApi, type IpcRendererLike } from '../../preload/bridge.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { FakeEmitter, FakeIpcMain, FakeWebContents, status } from './fakes.ts';

/** What the window's code calls: every method and event the contract declares, and nothing else (written out, so
 * a method lost on the way from the declaration to the page fails here). */
const contractNames = [
  'getStatus', 'refreshNow',
  'listConnections', 'addRemoteConnection', 'setConnectionToken', 'testConnection', 'setConnectionEnabled', 'removeConnection', 'recogniseSource', 'addSource',
  'listMonitors', 'createMonitor', 'updateMonitor', 'deleteMonitor', 'listHeartbeats', 'createHeartbeat', 'updateHeartbeat', 'deleteHeartbeat',
  'listDomains', 'createDomain', 'updateDomain', 'deleteDomain', 'listNotificationHandlers', 'createNotificationHandler', 'deleteNotificationHandler',
  'snooze', 'unsnooze', 'acknowledge', 'unacknowledge', 'pauseNotifications', 'resumeNotifications', 'startMaintenance', 'endMaintenance', 'getItemRules', 'setItemRules',
  'getItemHistory', 'listChecks', 'listHeartbeatRuns', 'listEvents', 'getListHistory', 'exportItemHistory', 'exportConfiguration', 'importConfiguration', 'copyConfiguration',
  'getSettings', 'updateSettings', 'getLocalService', 'setLocalSmtp', 'sendTestEmail',
  'onDidChangeStatus', 'onAlert', 'onOpenItem', 'onOpenSettings',
].sort();

class FakeIpcRenderer extends FakeEmitter implements IpcRendererLike {
  readonly invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: 'done' }));
}

function exposed(ipc: IpcRendererLike = new FakeIpcRenderer()) {
  const contextBridge = { exposeInMainWorld: vi.fn<(key: string, api: Record<string, unknown>) => void>() };
  exposeVigilApi(contextBridge, ipc);
  const [key, api] = contextBridge.exposeInMainWorld.mock.calls[0] ?? [];
  return { key, api: api as Record<string, (...args: unknown[]) => unknown>, calls: contextBridge.exposeInMainWorld.mock.calls.length };
}

describe('the preload bridge', () => {
  it('exposes window.vigil once, with exactly the contract: every method and event, nothing else', () => {
    const { key, api, calls } = exposed();
    expect(calls).toBe(1);
    expect(key).toBe('vigil');
    expect(Object.keys(api).sort()).toEqual(contractNames);
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('invokes each method on its prefixed channel with the arguments as given, and resolves with the value', async () => {
    const ipc = new FakeIpcRenderer();
    const { api } = exposed(ipc);
    await expect(api.snooze?.('c1/monitor:m1', '4h')).resolves.toBe('done');
    expect(ipc.invoke).toHaveBeenCalledWith(channelOf('snooze'), 'c1/monitor:m1', '4h');
  });

  it('rejects with the call error as plain data (code, message, details) when the call failed', async () => {
    const ipc = new FakeIpcRenderer();
    const error = { code: 'invalid-arguments', message: 'snooze was called with invalid arguments.', details: [{ field: '1', message: 'bad' }] };
    ipc.invoke.mockResolvedValueOnce({ ok: false, error });
    const { api } = exposed(ipc);
    await expect(api.snooze?.('c1/monitor:m1', '2h')).rejects.toEqual(error);
  });

  it('forwards an event\'s payload only, never the IpcRendererEvent, and unsubscribes the same listener', () => {
    const ipc = new FakeIpcRenderer();
    const { api } = exposed(ipc);
    const listener = vi.fn();
    const unsubscribe = api.onDidChangeStatus?.(listener) as () => void;
    const ipcEvent = { sender: { send: () => 'raw ipc' }, ports: [] };
    ipc.emit(channelOf('onDidChangeStatus'), ipcEvent, status());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([status()]);
    expect(ipc.count(channelOf('onDidChangeStatus'))).toBe(1);
    unsubscribe();
    expect(ipc.count(channelOf('onDidChangeStatus'))).toBe(0);
    ipc.emit(channelOf('onDidChangeStatus'), ipcEvent, status());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a subscription without a listener function', () => {
    const { api } = exposed();
    expect(() => api.onAlert?.('not a function')).toThrow(TypeError);
  });

  it('round-trips a call through the main side: the preload\'s channels are the ones main registers', async () => {
    const ipcMain = new FakeIpcMain();
    const trusted = new TrustedWindows();
    const window = new FakeWebContents();
    trusted.add(window);
    const calls = { getStatus: async () => status({ tooltip: 'from the core' }), deleteMonitor: async () => undefined } as unknown as CoreCalls;
    registerContract({ ipcMain, core: { calls, on: () => () => {}, logger: recordingLogger() }, trusted });
    const ipc: IpcRendererLike = {
      invoke: (channel, ...args) => ipcMain.invoke(channel, window.eventFrom(), ...args),
      on: () => undefined,
      removeListener: () => undefined,
    };
    const api = buildVigilApi(ipc) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await expect(api.getStatus?.()).resolves.toMatchObject({ tooltip: 'from the core' });
    await expect(api.deleteMonitor?.('')).rejects.toMatchObject({ code: 'invalid-arguments' });
  });
});
