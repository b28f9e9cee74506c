// The Electron transport of the contract: one `ipcMain.handle` per method, each answered by the one call server
// (core/calls/serve-call.ts) with the sender checked first; and one channel per core event, sent to the app's
// own windows. The outcome crosses as data, so no Error object or stack ever reaches the page.
import { channelOf, coreEventNames, methodNames, type CallResult } from '../../../common/ipc/contract.ts';
import type { VigilCore } from '../../core/app/vigil-core.ts';
import { serveCall } from '../../core/calls/serve-call.ts';
import { senderProblem, type InvokeSender } from './sender-check.ts';
import type { TrustedWindows } from './trusted-windows.ts';

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeSender, ...args: unknown[]) => Promise<CallResult>): void;
  removeHandler(channel: string): void;
}

export interface ContractTransportOptions {
  ipcMain: IpcMainLike;
  core: Pick<VigilCore, 'calls' | 'on' | 'logger'>;
  trusted: Pick<TrustedWindows, 'has' | 'showingApp'>;
}

/** Registers every method of the contract; returns the function that removes them all. */
export function registerContract(options: ContractTransportOptions): () => void {
  const { ipcMain, core, trusted } = options;
  for (const method of methodNames) {
    ipcMain.handle(channelOf(method), (event, ...args) =>
      serveCall(core.calls, method, args, { refusal: senderProblem(event, (id) => trusted.has(id)) }, core.logger),
    );
  }
  return () => {
    for (const method of methodNames) ipcMain.removeHandler(channelOf(method));
  };
}

/** Sends every core event to the trusted windows showing the app; returns the unsubscribe function. */
export function forwardEvents(options: Omit<ContractTransportOptions, 'ipcMain'>): () => void {
  const { core, trusted } = options;
  const unsubscribes = coreEventNames.map((event) =>
    core.on(event, (payload) => {
      for (const contents of trusted.showingApp()) {
        try {
          contents.send(channelOf(event), payload);
        } catch (error) {
          core.logger.warn(`Could not send ${event} to a window.`, { error: String(error) });
        }
      }
    }),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
