// Builds the `window.vigil` object from the contract's names (common/ipc/contract.ts, bundled into the preload):
// each method becomes an `invoke` of its channel, each event a subscription that hands the listener the payload
// only (never the IpcRendererEvent, whose `sender` would give the page a way back to raw IPC). Nothing else is
// exposed: no raw ipcRenderer, no generic invoke. Kept free of runtime electron imports so it is tested in plain Node.
import { channelOf, methodNames, windowEventNames, type CallResult } from '../common/ipc/contract.ts';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export interface ContextBridgeLike {
  exposeInMainWorld(key: string, api: Record<string, unknown>): void;
}

/** A failed call rejects with the plain VigilCallError object (code, message, details): contextBridge copies plain
 * objects whole, while an Error thrown across it would lose everything but its message. */
function unwrap(result: unknown): unknown {
  const outcome = result as CallResult;
  if (outcome.ok) return outcome.value;
  return Promise.reject(outcome.error);
}

export function exposeVigilApi(contextBridge: ContextBridgeLike, ipc: IpcRendererLike): void {
  contextBridge.exposeInMainWorld('vigil', buildVigilApi(ipc));
}

export function buildVigilApi(ipc: IpcRendererLike): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const method of methodNames) {
    const channel = channelOf(method);
    api[method] = (...args: unknown[]) => ipc.invoke(channel, ...args).then(unwrap);
  }
  for (const event of windowEventNames) {
    const channel = channelOf(event);
    api[event] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError(`${event} needs a listener function.`);
      const forward = (_event: unknown, payload: unknown) => (listener as (payload: unknown) => void)(payload);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    };
  }
  return api;
}
